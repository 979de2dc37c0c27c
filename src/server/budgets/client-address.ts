import ipaddr from 'ipaddr.js';
import type { ClientAddressOf } from './budgets.js';

/**
 * The headers platforms set to the client's address, replacing whatever the client sent
 * (docs/budgets.md#client-addresses). Each is trustworthy only behind that platform: elsewhere a
 * client writes it.
 */
const PLATFORM_HEADERS = {
  cloudflare: 'cf-connecting-ip',
  fly: 'fly-client-ip',
  vercel: 'x-vercel-forwarded-for',
} as const;

export type ClientAddressPlatform = keyof typeof PLATFORM_HEADERS;

/**
 * Ready-made `clientAddress` readers, one per way a proxy tells the client's address
 * (docs/budgets.md#client-addresses). Each answers the address normalised (an IPv4-mapped IPv6
 * address as IPv4; an IPv6 address as its /64, the block one subscriber holds), or undefined when
 * the header is missing or holds no address, so that no request names a budget of its choice.
 */
export const clientAddressFrom = {
  /**
   * `X-Forwarded-For` as `proxies` proxies of yours wrote it, each appending the address it was
   * reached from (nginx's `$proxy_add_x_forwarded_for`, a cloud load balancer): the entry the
   * outermost one appended, `proxies` from the right. Entries to its left are the client's own
   * writing; a request with fewer entries did not come through them all, and has no address.
   */
  forwardedFor(proxies = 1): ClientAddressOf {
    if (!Number.isInteger(proxies) || proxies < 1) throw new RangeError(`proxies must be a whole number of at least 1, not ${proxies}`);
    return (request) => {
      const entries = (request.headers.get('x-forwarded-for') ?? '').split(',');
      return entries.length >= proxies ? normalised(entries[entries.length - proxies]!) : undefined;
    };
  },

  /**
   * A header that one proxy of yours sets to the client's address, replacing any the client sent
   * (`proxy_set_header X-Real-IP $remote_addr;` in nginx): one address, else none.
   */
  header(name: string): ClientAddressOf {
    return (request) => normalised(request.headers.get(name) ?? '');
  },

  /** The platform's own header: Cloudflare's `CF-Connecting-IP`, Fly's `Fly-Client-IP`, Vercel's `X-Vercel-Forwarded-For`. */
  platform(name: ClientAddressPlatform): ClientAddressOf {
    const header = PLATFORM_HEADERS[name];
    if (!header) throw new RangeError(`the platforms known are ${Object.keys(PLATFORM_HEADERS).join(', ')}, not ${name}`);
    return clientAddressFrom.header(header);
  },

  /**
   * A reader from a setting, such as an environment variable: `cloudflare`, `fly`, `vercel`,
   * `x-forwarded-for` (one proxy of yours), `x-forwarded-for:2` (two), or `header:<name>`; undefined
   * for an empty setting (no address known). Anything else throws, naming what it takes.
   */
  setting(value: string | undefined): ClientAddressOf | undefined {
    const setting = value?.trim().toLowerCase() ?? '';
    if (!setting) return undefined;
    if (setting in PLATFORM_HEADERS) return clientAddressFrom.platform(setting as ClientAddressPlatform);
    const forwarded = /^x-forwarded-for(?::([1-9]\d*))?$/.exec(setting);
    if (forwarded) return clientAddressFrom.forwardedFor(Number(forwarded[1] ?? 1));
    const header = /^header:([!#$%&'*+.^_`|~\w-]+)$/.exec(setting);
    if (header) return clientAddressFrom.header(header[1]!);
    throw new RangeError(
      `a client address setting is cloudflare, fly, vercel, x-forwarded-for, x-forwarded-for:<proxies> or header:<name>, not ${JSON.stringify(value)}`,
    );
  },
};

/** One address as a budget's key: trimmed, its port and brackets taken off, IPv4-mapped as IPv4, IPv6 as its /64; else undefined. */
function normalised(entry: string): string | undefined {
  const text = entry.trim();
  // `[2001:db8::1]:443` and `203.0.113.7:51234`, as some proxies write them; a bare IPv6 address has more than one colon.
  const bare = /^\[([^\]]+)\](?::\d+)?$/.exec(text)?.[1] ?? /^([\d.]+):\d+$/.exec(text)?.[1] ?? text;
  if (!ipaddr.isValid(bare)) return undefined;
  const address = ipaddr.process(bare);
  if (address.kind() === 'ipv4') return address.toString();
  const prefix = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${prefix.map((part) => part.toString(16)).join(':')}::/64`;
}
