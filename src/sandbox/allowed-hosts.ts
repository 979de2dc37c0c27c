/**
 * Where the sandbox may send a webhook or an end user's browser: a list of hosts. Without it, a
 * sandbox reachable from the network would POST wherever a stranger asks (loopback-only services,
 * private addresses) and tell open ports from closed ones in its delivery log.
 */
import { BlockList, isIP } from 'node:net';
import { ApiError } from './errors.js';

/** The entry that allows any host, for a sandbox that must reach anything (its own responsibility). */
export const ANY_HOST = '*';

const LOOPBACK_ENTRIES = ['localhost', '127.0.0.0/8', '::1'];
const WILDCARD_HOSTS = ['0.0.0.0', '::', ''];

/**
 * The default list: any host while the sandbox listens on loopback only (whoever can reach it can
 * reach those hosts as well), else loopback and the sandbox's own public host.
 */
export function defaultAllowedHosts(listenHost: string, publicHost: string): string[] {
  if (!WILDCARD_HOSTS.includes(listenHost) && isLoopbackHost(listenHost)) return [ANY_HOST];
  return [...LOOPBACK_ENTRIES, publicHost];
}

/** Whether a host name or address (as a URL or a socket gives it) names this machine's loopback. */
export function isLoopbackHost(host: string): boolean {
  return new AllowedHosts(LOOPBACK_ENTRIES).allowsHost(host);
}

export class AllowedHosts {
  readonly #any: boolean;
  readonly #names = new Set<string>();
  readonly #addresses = new BlockList();

  /** Entries: a host name (matched whole, any port), an IP address, or an IP range as CIDR (`10.0.0.0/8`); `*` allows any host. */
  constructor(readonly entries: readonly string[]) {
    this.#any = entries.includes(ANY_HOST);
    for (const entry of entries.filter((candidate) => candidate !== ANY_HOST)) this.#add(entry);
  }

  /** Whether an http(s) URL points at an allowed host; a malformed URL is not allowed. */
  allowsUrl(url: string): boolean {
    return URL.canParse(url) && this.allowsHost(new URL(url).hostname);
  }

  allowsHost(host: string): boolean {
    if (this.#any) return true;
    const bare = normalized(host);
    const family = isIP(bare);
    if (family === 0) return this.#names.has(bare);
    return this.#addresses.check(bare, family === 4 ? 'ipv4' : 'ipv6');
  }

  #add(entry: string): void {
    const [address, prefix, ...rest] = normalized(entry).split('/');
    const family = isIP(address!);
    if (prefix === undefined && family === 0 && address) return void this.#names.add(address);
    const bits = Number(prefix ?? (family === 4 ? 32 : 128));
    if (family === 0 || rest.length > 0 || !Number.isInteger(bits) || bits < 0 || bits > (family === 4 ? 32 : 128)) {
      throw new Error(`Not a host, an IP address or a CIDR range: "${entry}"`);
    }
    this.#addresses.addSubnet(address!, bits, family === 4 ? 'ipv4' : 'ipv6');
  }
}

/** Throws a 400 naming the first field whose URL points outside the allowed hosts (before anything is created). */
export function refuseDisallowedTargets(allowed: AllowedHosts, urls: Record<string, string | undefined>): void {
  for (const [field, url] of Object.entries(urls)) {
    if (url === undefined || allowed.allowsUrl(url)) continue;
    const hosts = allowed.entries.join(', ');
    const host = new URL(url).hostname;
    throw new ApiError(
      400,
      'Transaction',
      'Bad request',
      `${field}: host ${host} is not allowed by this sandbox (allowed: ${hosts}; add hosts with allowedHosts or --allow-host)`,
    );
  }
}

/** Lower case, without the brackets of an IPv6 URL host or the trailing dot of a fully qualified name. */
function normalized(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
}
