import type { PublicUrl } from '../public-url.js';
import type { RequestContext } from '../state/background.js';
import type { SessionAnswerBody, SessionAnswerer } from '../sessions/answer.js';
import { navigationRefusal, SESSION_HEADER } from '../sessions/guard.js';

/** What `kit.prepare` is told beside the page's request. */
export interface PrepareOptions<Context extends RequestContext = RequestContext> {
  /**
   * Where `kit.session` is mounted, as the app receives requests (`'/kyc/session'`), or relative to
   * the page's URL: the URL of the session POST the hooks get, on which the go URL and `status_url`
   * hang as on the element's POST. The element's `session-url` is that URL on the kit's `publicUrl`
   * when it has one (so a proxy's prefix is in it), else as given.
   */
  sessionUrl: string;
  /** What the kit's hooks get as `context`, as a mount of `kit.session` would give them (`{ req, res }`, `{ c }`…). */
  context?: Context;
}

/** A page's session, prepared while the page renders: what `kit.prepare` answers, and `kyc-verify/ssr` renders. */
export interface PreparedSession {
  /** The element's `session-url`: where its browser posts for a new session after an end. */
  sessionUrl: string;
  /** The session answer, exactly as the session POST would have answered it; `null` when none was prepared. */
  session: SessionAnswerBody | null;
  /**
   * Why none was prepared: `not_a_navigation` (a request that must create nothing: embedded,
   * cross-site, prefetched, prerendered), or the session POST's `error` (`unauthenticated`,
   * `too_many_pending`, `budget_exceeded`, `upstream_timeout`…, `http_<status>` for an answer
   * `buildRequest` returned). The page then renders the element that asks for its session itself.
   */
  refused?: string;
}

/**
 * `kit.prepare(request, { sessionUrl, context })`: the session of the person whose page is being
 * rendered, resumed or created exactly as the element's session POST to `sessionUrl` would be (same
 * owner, key, limits and budgets; the hooks get that POST, with the page's headers and cookies), so
 * that the page carries the link in its HTML. Only for the browser's own navigation
 * to the page (sessions/guard.ts); never throws for a session it could not make: the element asks
 * for it then, and shows why. docs/sessions.md.
 */
export function prepareHandler(answerSession: SessionAnswerer, publicUrl: PublicUrl | undefined) {
  return async (request: Request, options: PrepareOptions): Promise<PreparedSession> => {
    const sessionUrl = publicUrl ? publicUrl.resolve(options.sessionUrl, publicUrl.of(request)) : options.sessionUrl;
    if (navigationRefusal(request)) return { sessionUrl, session: null, refused: 'not_a_navigation' };
    // The hooks get the session POST the element would have sent: its URL (where a key or an option may be), the page's cookies.
    const headers = new Headers(request.headers);
    headers.set(SESSION_HEADER, 'resume');
    const asPosted = new Request(new URL(options.sessionUrl, request.url), { method: 'POST', headers });
    const outcome = await answerSession(asPosted, options.context ?? {}, 'resume');
    if (!(outcome instanceof Response)) return { sessionUrl, session: outcome };
    const body = (await outcome.json().catch(() => null)) as { error?: unknown } | null;
    return { sessionUrl, session: null, refused: typeof body?.error === 'string' ? body.error : `http_${outcome.status}` };
  };
}
