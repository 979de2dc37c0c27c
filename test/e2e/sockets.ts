// The TCP sockets this process listens on, read from Linux's /proc: which interfaces a test's servers exposed.
import { readdir, readFile, readlink } from 'node:fs/promises';

export interface Listening {
  address: string;
  port: number;
}

export async function listeningSockets(): Promise<Listening[]> {
  const links = await Promise.all((await readdir('/proc/self/fd')).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')));
  const inodes = new Set(links.map((link) => /^socket:\[(\d+)\]$/.exec(link)?.[1]).filter(Boolean));
  const rows = (await Promise.all(['/proc/self/net/tcp', '/proc/self/net/tcp6'].map((file) => readFile(file, 'utf8'))))
    .flatMap((table) => table.split('\n').slice(1))
    .map((row) => row.trim().split(/\s+/));
  // Columns: sl, local address, remote address, state (0A is LISTEN), …, inode (the tenth).
  return rows
    .filter((columns) => columns[3] === '0A' && inodes.has(columns[9]))
    .map((columns) => {
      const [hexAddress, hexPort] = columns[1]!.split(':');
      return { address: addressOf(hexAddress!), port: parseInt(hexPort!, 16) };
    });
}

/** /proc's hex address (each 32-bit word in host order, little-endian here) as text. */
function addressOf(hex: string): string {
  const words = hex.match(/.{8}/g)!.map((word) => word.match(/../g)!.reverse().join(''));
  if (words.length === 1)
    return words[0]!
      .match(/../g)!
      .map((byte) => parseInt(byte, 16))
      .join('.');
  const groups = words
    .join('')
    .match(/.{4}/g)!
    .map((group) => parseInt(group, 16).toString(16));
  return groups.join(':').replace(/(^|:)0(:0)+(:|$)/, '::');
}
