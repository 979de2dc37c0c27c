/**
 * node:net's `isIP` and `BlockList`, which the sandbox's list of allowed hosts uses, for the browser
 * (ipaddr.js). The worker's build puts this module in place of node:net (build.ts).
 */
import ipaddr from 'ipaddr.js';

export function isIP(input: string): 0 | 4 | 6 {
  if (ipaddr.IPv4.isValidFourPartDecimal(input)) return 4;
  return ipaddr.IPv6.isValid(input) ? 6 : 0;
}

export class BlockList {
  readonly #subnets: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];

  addSubnet(address: string, prefix: number): void {
    this.#subnets.push([ipaddr.parse(address), prefix]);
  }

  check(address: string): boolean {
    const parsed = ipaddr.parse(address);
    return this.#subnets.some(([subnet, prefix]) => subnet.kind() === parsed.kind() && parsed.match(subnet, prefix));
  }
}
