/** What the element sends (the header's value), and the only values the session handler accepts. */
export type SessionMode = 'resume' | 'new';

export const SESSION_HEADER = 'kyc-verify-session';

const SESSION_MODES: readonly SessionMode[] = ['resume', 'new'];

/**
 * Why a session POST may not create (or a send POST send, whose header says `send`), or null when it may. A page of another site cannot send the
 * custom header without a CORS preflight that the backend grants; and a browser says where the call
 * comes from (Sec-Fetch-Site, Origin). A client that sends neither is no browser: it carries no
 * victim's cookie, so the header suffices.
 */
export function refusalOf(request: Request, allowedOrigins: ReadonlySet<string>, modes: readonly string[] = SESSION_MODES): string | null {
  const mode = request.headers.get(SESSION_HEADER);
  if (mode === null || !modes.includes(mode))
    return `the ${SESSION_HEADER} header must be ${modes.map((m) => `"${m}"`).join(' or ')} (got ${describe(mode)})`;
  const origin = request.headers.get('origin');
  const site = request.headers.get('sec-fetch-site');
  if (origin !== null && allowedOrigins.has(origin)) return null;
  // The browser's own word; the Request's URL may name a proxy's upstream host rather than the page's.
  if (site === 'same-origin') return null;
  if (site === 'cross-site' || site === 'same-site') return `Sec-Fetch-Site ${site} from ${describe(origin)}, not in allowedOrigins`;
  if (origin !== null && origin !== new URL(request.url).origin) return `Origin ${origin} is neither this backend's nor in allowedOrigins`;
  return null;
}

export const modeOf = (request: Request): SessionMode => (request.headers.get(SESSION_HEADER) === 'new' ? 'new' : 'resume');

const describe = (value: string | null) => (value === null ? 'none' : JSON.stringify(value.slice(0, 100)));

/** What a browser says of a page's own navigation: top-level, to a document, typed or followed from this site. */
const NAVIGATION = { 'sec-fetch-mode': ['navigate'], 'sec-fetch-dest': ['document'], 'sec-fetch-site': ['same-origin', 'none'] } as const;

/**
 * Why a page request may not prepare a session (`kit.prepare`), or null when it may: only a GET the
 * browser itself calls a navigation to a document, typed or bookmarked (`none`) or followed from the
 * backend's own origin, and neither prefetched nor prerendered. Anything else (a page embedded as an
 * image or a frame of another site, a link followed from another site, a prefetch, a prerender, a
 * client that sends no `Sec-Fetch-*`, such as a link preview's robot) creates nothing: its page gets
 * the element that asks for its session itself, once a person is there. docs/sessions.md.
 */
export function navigationRefusal(request: Request): string | null {
  if (request.method !== 'GET') return `a ${request.method} is no page's navigation`;
  for (const [header, allowed] of Object.entries(NAVIGATION)) {
    const value = request.headers.get(header);
    if (!(allowed as readonly string[]).includes(value ?? '')) return `${header} ${describe(value)}`;
  }
  // Chrome's prefetch and prerender say `Sec-Purpose: prefetch` (`prefetch;prerender`), older ones `Purpose: prefetch`.
  const purpose = request.headers.get('sec-purpose') ?? request.headers.get('purpose');
  return purpose === null ? null : `a speculative load (purpose ${describe(purpose)})`;
}
