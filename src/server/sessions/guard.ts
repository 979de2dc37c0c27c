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
