import type { KitHandler } from '../kit.js';
import type { RequestContext } from '../state/background.js';

/** How `createVisitorIds` signs and keeps the ids (docs/sessions.md, "Anonymous visitors"). */
export interface VisitorIdOptions {
  /** The key of the HMAC that signs each id: at least 32 characters, kept out of the repository. */
  secret: string;
  /** Default `kyc-visitor`: over https the cookie is `__Host-kyc-visitor`, which no other subdomain can set. */
  cookieName?: string;
  /** How long an id is honoured after it was issued (and the cookie's `Max-Age`). Default 30 days. */
  maxAgeMs?: number;
  /** The clock, in epoch ms. Default `Date.now`. */
  now?: () => number;
}

/** Visitor ids the backend issued, for anonymous owners: signed, so that nobody can choose one, and expiring. */
export interface VisitorIds {
  /** The visitor id the request's cookie carries when this backend signed it and it has not expired; else undefined. Give it as the kit's `owner`. */
  read(request: Request): Promise<string | undefined>;
  /** `handle` with a visitor id the backend issued: a request without a valid one gets a new one, in the request `handle` reads and in a cookie on its answer. */
  withVisitor(handle: KitHandler): KitHandler;
  /**
   * A new visitor id and the `Set-Cookie` that gives it: call it where a visitor logs in (or out),
   * so that an id planted in the browser before dies with the login.
   */
  rotate(request: Request): Promise<{ visitor: string; setCookie: string }>;
}

const DEFAULT_MAX_AGE_MS = 30 * 24 * 3600_000;
const encoder = new TextEncoder();

/**
 * Issues and checks signed visitor ids (`<id>.<expiry>.<HMAC-SHA256>` in an `HttpOnly; Secure;
 * SameSite=Lax` cookie named `__Host-<cookieName>`; on http://localhost and 127.0.0.1 only, named
 * `<cookieName>` without `Secure`, which browsers drop there). Web Crypto's
 * HMAC, so that it runs on every Fetch runtime, and its `verify`, which compares in constant time.
 */
export function createVisitorIds({
  secret,
  cookieName = 'kyc-visitor',
  maxAgeMs = DEFAULT_MAX_AGE_MS,
  now = Date.now,
}: VisitorIdOptions): VisitorIds {
  if (typeof secret !== 'string' || secret.length < 32) throw new RangeError('the visitor id secret must be at least 32 characters');
  if (!/^[\w-]+$/.test(cookieName)) throw new RangeError(`cookieName must be letters, digits, _ or -, not ${cookieName}`);
  if (!(maxAgeMs >= 1000 && Number.isFinite(maxAgeMs)))
    throw new RangeError(`maxAgeMs must be a duration of at least 1 s, not ${maxAgeMs}`);
  const key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);

  // Over https the cookie is `__Host-<name>`: a browser takes that name only with Secure and Path=/, never with a Domain,
  // so a sibling subdomain (`Domain=shop.example`) cannot plant an id of its own choosing, signed or not. Browsers drop
  // Secure cookies on local http, where the bare name is used and read.
  const nameFor = (request: Request) => (isLocalDevelopment(request) ? cookieName : `__Host-${cookieName}`);

  const read = async (request: Request): Promise<string | undefined> => {
    // `__Host-` first, wherever: behind a proxy on this machine a poll's own URL may look local while the page is https.
    const cookie = cookieOf(request, `__Host-${cookieName}`) ?? (isLocalDevelopment(request) ? cookieOf(request, cookieName) : undefined);
    const [visitor, expiry, signature, extra] = (cookie ?? '').split('.');
    if (!visitor || !expiry || !signature || extra !== undefined || !(parseInt(expiry, 36) > now())) return undefined;
    const bytes = fromBase64Url(signature);
    const valid = bytes && (await crypto.subtle.verify('HMAC', await key, bytes, encoder.encode(`${visitor}.${expiry}`)));
    return valid ? visitor : undefined;
  };

  const rotate = async (request: Request) => {
    const visitor = crypto.randomUUID();
    const expiry = (now() + maxAgeMs).toString(36);
    const signature = new Uint8Array(await crypto.subtle.sign('HMAC', await key, encoder.encode(`${visitor}.${expiry}`)));
    const secure = isLocalDevelopment(request) ? '' : '; Secure';
    const setCookie = `${nameFor(request)}=${visitor}.${expiry}.${toBase64Url(signature)}; Path=/; Max-Age=${Math.floor(maxAgeMs / 1000)}; HttpOnly${secure}; SameSite=Lax`;
    return { visitor, setCookie };
  };

  const withVisitor =
    (handle: KitHandler): KitHandler =>
    async (request: Request, context?: RequestContext) => {
      if (await read(request)) return handle(request, context);
      const { setCookie } = await rotate(request);
      // The handler reads the new id as a cookie of the request; the body is left out (the kit never reads a session POST's).
      const headers = new Headers(request.headers);
      const others = (headers.get('cookie') ?? '').split(/;\s*/).filter((pair) => pair && !pair.startsWith(`${nameFor(request)}=`));
      headers.set('cookie', [...others, setCookie.split(';')[0]].join('; '));
      const response = await handle(new Request(request.url, { method: request.method, headers, signal: request.signal }), context);
      const answer = new Response(response.body, response);
      answer.headers.append('set-cookie', setCookie);
      return answer;
    };

  return { read, withVisitor, rotate };
}

/** The value of cookie `name` in the request's Cookie header, or undefined. */
function cookieOf(request: Request, name: string): string | undefined {
  for (const pair of (request.headers.get('cookie') ?? '').split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/**
 * A page served over plain http from this machine, where a browser drops a `Secure` cookie. The
 * page's origin is the `Origin` a browser sends with a POST (behind a proxy the request's own URL
 * may be `http://127.0.0.1:3000` while the page is `https://shop.example`), else the request's URL.
 */
function isLocalDevelopment(request: Request): boolean {
  const origin = request.headers.get('origin');
  const { protocol, hostname } = new URL(origin && URL.canParse(origin) ? origin : request.url);
  return protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(hostname);
}

const toBase64Url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    return Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
  } catch {
    // Not base64: no signature of ours.
    return undefined;
  }
}
