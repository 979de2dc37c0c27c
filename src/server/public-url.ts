import { KycConfigurationError } from './configuration-error.js';

/**
 * Where browsers and phones reach the app (docs/kit.md#the-public-url): the origin, and the path
 * prefix a proxy takes off before the app sees a request (`'https://shop.example/app'` when
 * `/app/kyc/session` reaches the app as `/kyc/session`). Every absolute URL the kit answers with is
 * built on it; the request's own `Host` and scheme are not trusted for that.
 */
export interface PublicUrl {
  /** The origin browsers reach the app at. */
  readonly origin: string;
  /** The URL the browser used for `request`: the public URL's origin and prefix, then the path and query the app received. */
  of(request: Request): URL;
  /**
   * `reference` as the browser reaches it: an absolute URL as it is; a path from the app's root
   * (`'/kyc/go'`) under the public URL's prefix; anything else relative to `base` (a URL `of` gave).
   */
  resolve(reference: string, base: URL): string;
}

/** `options.publicUrl`, checked once when the kit is built: undefined when not given. */
export function resolvePublicUrl(option: string | undefined): PublicUrl | undefined {
  if (option === undefined) return undefined;
  const root = URL.canParse(option) ? new URL(option) : null;
  if (!root || (root.protocol !== 'https:' && root.protocol !== 'http:') || root.search || root.hash || root.username || root.password)
    throw new KycConfigurationError(
      `publicUrl must be the absolute http(s) URL browsers reach the app at, such as 'https://shop.example' (no query, fragment or credentials), not ${JSON.stringify(option)}`,
    );
  const prefix = root.pathname.replace(/\/+$/, '');
  const under = (path: string, search = '') => {
    const url = new URL(root.origin);
    // Set as a path, never parsed as a reference: a request path `//other.example/x` stays on this origin.
    url.pathname = `${prefix}${path}`;
    url.search = search;
    return url;
  };
  return {
    origin: root.origin,
    of(request) {
      const { pathname, search } = new URL(request.url);
      return under(pathname, search);
    },
    resolve(reference, base) {
      if (URL.canParse(reference)) return new URL(reference).href;
      if (reference.startsWith('/') && !reference.startsWith('//')) {
        const { pathname, search } = new URL(reference, root.origin);
        return under(pathname, search).href;
      }
      return new URL(reference, base).href;
    },
  };
}

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i;

/** Whether `request` came to a loopback host (development: `http://localhost:3000`), where a request's own URL is the only one there is. */
export const isLoopback = (request: Request): boolean => LOOPBACK.test(new URL(request.url).hostname);
