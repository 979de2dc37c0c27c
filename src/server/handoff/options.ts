import { KycConfigurationError } from '../configuration-error.js';
import { isLoopback, type PublicUrl } from '../public-url.js';

/** The handoff through the host (docs/handoff.md): the short link, the typed code, the devices that open it. */
export interface HandoffOptions {
  /**
   * Where the kit's `go` handler is mounted, as phones reach it: an absolute URL
   * (`'https://shop.example/kyc/go'`: always used), a path from the app's root (`'/kyc/go'`), or
   * a path relative to the session URL. Default `'go'`: beside the session URL (`/kyc/go` for
   * `/kyc/session`). A path is built on the kit's `publicUrl`; without it the short link is off
   * (on a loopback host a phone could not reach it; elsewhere the request's `Host` is not trusted,
   * and `onError` is told once how to turn it on): those transactions keep the service's own link.
   */
  url?: string;
  /**
   * What a device other than the first to open the link gets: `'warn'` (default) lets it through,
   * and the desktop and `onHandoff` hear of it; `'refuse'` answers it a page that says the link is
   * in use on another device (the first device keeps working), and they hear of it too.
   */
  otherDevices?: 'warn' | 'refuse';
  /**
   * The site's name on the handoff's pages (the typed code's page and every page the go URL
   * answers), so the person on the phone sees who asks: `'Shop Example'`. Default: the host name
   * phones reach the app at (`publicUrl`'s, or an absolute `url`'s); none when the kit knows
   * neither (a request's `Host` is never shown).
   */
  siteName?: string;
}

/** What `onHandoff` hears: the first device opened the link, or another device did too. */
export interface HandoffEvent {
  kind: 'opened' | 'other_device';
  uuid: string;
  /** The integrator's identifier of the transaction. */
  transactionId: string;
  /** Distinct devices that opened the link so far. */
  devices: number;
  /** The other device was refused (`otherDevices: 'refuse'`). */
  refused: boolean;
  /** When (ISO 8601). */
  at: string;
}

/** Told once per device, by the process that served it. A throw goes to `onError`. */
export type OnHandoff = (event: HandoffEvent) => void | Promise<void>;

export interface ResolvedHandoff {
  /**
   * The go URL for a session request, as phones reach it; else a KycConfigurationError saying why
   * the handoff is off for it and how to turn it on: on a loopback host without `publicUrl`
   * (development: a phone could not reach it), or where the kit cannot tell where phones reach it
   * (then the service's own link works, and nothing is built on an untrusted `Host`).
   */
  urlFor(request: Request): string | KycConfigurationError;
  /** The origin of the go page a form POST to the go handler must come from. */
  originFor(request: Request): string;
  otherDevices: 'warn' | 'refuse';
  /** The site's name the pages show, when there is one. */
  siteName: string | undefined;
}

/** `options.handoff`, with the kit's `publicUrl`: null when turned off (`false`). */
export function resolveHandoff(options: HandoffOptions | false | undefined, publicUrl: PublicUrl | undefined): ResolvedHandoff | null {
  if (options === false) return null;
  const url = options?.url ?? 'go';
  const absolute = URL.canParse(url);
  const otherDevices = options?.otherDevices ?? 'warn';
  if (otherDevices !== 'warn' && otherDevices !== 'refuse')
    throw new RangeError(`handoff.otherDevices must be 'warn' or 'refuse', not ${otherDevices}`);
  return {
    urlFor(request) {
      if (absolute) return withoutTrailingSlash(url);
      if (!publicUrl) {
        // Development: said once all the same, with how to see it here (a second tab is the phone).
        if (isLoopback(request))
          return new KycConfigurationError(
            `the handoff's short link is off on this loopback host (${new URL(request.url).host}), which a phone cannot reach: the QR code carries the service's own link. ` +
              `To turn it on, give createKycKit publicUrl, where browsers and phones reach the app ('${new URL(request.url).origin}' for a second tab of this machine, or this machine's address on your network); handoff: false says nothing`,
          );
        return new KycConfigurationError(
          `the handoff's short link is off: without publicUrl the kit does not build links on a request's Host (${new URL(request.url).host}). ` +
            "Give createKycKit publicUrl, the origin browsers and phones reach the app at (such as 'https://shop.example'), or handoff: false",
        );
      }
      const base = publicUrl.of(request);
      if (!url.startsWith('/') && new URL(request.url).pathname === '/')
        return new KycConfigurationError(
          `the handoff's short link is off: kit.session sees the path '/', so its mount hides the path the browser used ` +
            "(Hono's app.mount, or an adapter other than toNodeHandler under Express's app.use). Mount it with app.all, app.route or toNodeHandler, or give handoff.url as an absolute URL",
        );
      return withoutTrailingSlash(publicUrl.resolve(url, base));
    },
    originFor(request) {
      return new URL(absolute ? url : (publicUrl?.origin ?? request.url)).origin;
    },
    otherDevices,
    siteName: options?.siteName ?? (absolute ? new URL(url).hostname : publicUrl && new URL(publicUrl.origin).hostname),
  };
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');
