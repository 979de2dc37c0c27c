import { resolveHandoff, type HandoffOptions, type ResolvedHandoff } from '../handoff/options.js';
import type { PublicUrl } from '../public-url.js';
import type { RequestContext } from '../state/background.js';

/** The per-owner limits on creations; `Infinity` turns a limit off. */
export interface SessionLimits {
  /** Transactions an owner may have pending at once (reserved, or created and neither ended nor expired). */
  maxPending: number;
  /** Creations an owner may make within `createdWindowMs`. */
  maxCreated: number;
  createdWindowMs: number;
}

/** How the session handler resumes, whom it lets create, and how much (docs/sessions.md). */
export interface SessionOptions<Context extends RequestContext = RequestContext> {
  /**
   * The kind of verification a request asks for, when an owner may have several at once (for
   * example `'signup'` and `'payout'`): a resume answers only a transaction of the same owner and
   * key. `context` is the handler's (see `owner`). Default: one kind (`''`).
   */
  key?: (request: Request, context: Context) => string | Promise<string>;
  /**
   * Origins other than the backend's own whose pages may create sessions (the element on another
   * origin, e.g. `'https://shop.example'`); exact `scheme://host[:port]` strings. Default none.
   */
  allowedOrigins?: readonly string[];
  /** Transactions an owner may have pending at once; `Infinity` turns the limit off. Default 3. */
  maxPending?: number;
  /** Transactions an owner may create within `createdWindowMs`; `Infinity` turns the limit off. Default 10. */
  maxCreated?: number;
  /** Default 1 hour. */
  createdWindowMs?: number;
  /** How long after its end a transaction is still answered to a resume (with its end); 0: never. Default 10 minutes. */
  resumeEndedForMs?: number;
}

export interface ResolvedSessionOptions {
  /**
   * The `status_url` of `uuid`'s session answer to `request`, when the kit was told where its status
   * handler is: absolute, on the public URL, when the kit has one; else as given (the browser resolves it against the session URL).
   */
  statusUrlOf: (uuid: string, request: Request) => string | undefined;
  key: (request: Request, context: RequestContext) => string | Promise<string>;
  allowedOrigins: ReadonlySet<string>;
  limits: SessionLimits;
  resumeEndedForMs: number;
  /** The short links, when on (docs/handoff.md). */
  handoff: ResolvedHandoff | null;
}

export const SESSION_DEFAULTS = {
  maxPending: 3,
  maxCreated: 10,
  createdWindowMs: 3600_000,
  resumeEndedForMs: 600_000,
} as const;

/** `options.sessions`, the kit's `statusUrl` template, its `handoff`, and its public URL. */
export function resolveSessionOptions(
  options: SessionOptions = {},
  statusUrl?: string,
  handoff?: HandoffOptions | false,
  publicUrl?: PublicUrl,
): ResolvedSessionOptions {
  if (statusUrl !== undefined && !statusUrl.includes('{uuid}'))
    throw new RangeError(`statusUrl must hold {uuid} where the transaction uuid goes, not ${statusUrl}`);
  const limits: SessionLimits = {
    maxPending: options.maxPending ?? SESSION_DEFAULTS.maxPending,
    maxCreated: options.maxCreated ?? SESSION_DEFAULTS.maxCreated,
    createdWindowMs: options.createdWindowMs ?? SESSION_DEFAULTS.createdWindowMs,
  };
  for (const [name, value] of Object.entries(limits)) {
    if (!(value >= 1)) throw new RangeError(`sessions.${name} must be at least 1 (Infinity turns a limit off), not ${value}`);
  }
  for (const origin of options.allowedOrigins ?? []) {
    if (new URL(origin).origin !== origin)
      throw new RangeError(`sessions.allowedOrigins: ${origin} is not an origin (scheme://host[:port])`);
  }
  return {
    statusUrlOf: (uuid, request) => {
      const relative = statusUrl?.replaceAll('{uuid}', uuid);
      return relative && publicUrl ? publicUrl.resolve(relative, publicUrl.of(request)) : relative;
    },
    key: options.key ?? (() => ''),
    // The public URL's origin is the backend's own, whatever Host a proxy passes on.
    allowedOrigins: new Set([...(options.allowedOrigins ?? []), ...(publicUrl ? [publicUrl.origin] : [])]),
    limits,
    resumeEndedForMs: options.resumeEndedForMs ?? SESSION_DEFAULTS.resumeEndedForMs,
    handoff: resolveHandoff(handoff, publicUrl),
  };
}
