import { randomInt } from 'node:crypto';

/** The URL-safe alphabet of the nanoid library, so sandbox nanoids look like the service's. */
const ALPHABET = 'useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict';

/** A 6-character nanoid (docs/service.md §8). */
export function generateNanoid(): string {
  let id = '';
  for (let i = 0; i < 6; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}
