import { networkInterfaces } from 'node:os';

const WILDCARDS = ['0.0.0.0', '::', ''];

/**
 * The host by which others reach a server listening on `host`: the host itself, or for a
 * wildcard (0.0.0.0, ::) the machine's first network address, IPv4 first, so that the links the
 * sandbox makes open on a phone on the same network; loopback when the machine has no network.
 */
export function reachableHost(host: string): string {
  if (!WILDCARDS.includes(host)) return host;
  const external = Object.values(networkInterfaces())
    .flat()
    .filter((address) => address !== undefined && !address.internal && !address.address.startsWith('fe80:'));
  const chosen = external.find((address) => address!.family === 'IPv4') ?? external[0];
  return chosen?.address ?? '127.0.0.1';
}

/** `http://host:port`, with an IPv6 host in brackets. */
export function originOf(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
