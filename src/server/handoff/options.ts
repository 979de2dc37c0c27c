/** The handoff through the host (docs/handoff.md): the short link, the typed code, the devices that open it. */
export interface HandoffOptions {
  /**
   * Where the kit's `go` handler is mounted, as phones reach it: an absolute URL
   * (`'https://shop.example/kyc/go'`, the right choice behind a proxy: always used), or a path
   * resolved against each session request's URL. Default `'go'`: beside the session URL (`/kyc/go`
   * for `/kyc/session`). A path that resolves to a loopback host (`localhost`, `127.0.0.1`, `[::1]`)
   * is unreachable from a phone: those transactions keep the service's own link.
   */
  url?: string;
  /**
   * What a device other than the first to open the link gets: `'warn'` (default) lets it through,
   * and the desktop and `onHandoff` hear of it; `'refuse'` answers it a page that says the link is
   * in use on another device (the first device keeps working), and they hear of it too.
   */
  otherDevices?: 'warn' | 'refuse';
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
  /** The go URL for a session URL (absolute), or null when phones cannot reach it (loopback). */
  urlFor(sessionUrl: string): string | null;
  otherDevices: 'warn' | 'refuse';
}

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i;

/** `options.handoff`: null when turned off (`false`). */
export function resolveHandoff(options: HandoffOptions | false | undefined): ResolvedHandoff | null {
  if (options === false) return null;
  const url = options?.url ?? 'go';
  const absolute = URL.canParse(url);
  const otherDevices = options?.otherDevices ?? 'warn';
  if (otherDevices !== 'warn' && otherDevices !== 'refuse')
    throw new RangeError(`handoff.otherDevices must be 'warn' or 'refuse', not ${otherDevices}`);
  return {
    urlFor(sessionUrl) {
      const resolved = new URL(url, sessionUrl);
      if (!absolute && LOOPBACK.test(resolved.hostname)) return null;
      return resolved.href.replace(/\/+$/, '');
    },
    otherDevices,
  };
}
