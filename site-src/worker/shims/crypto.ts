/**
 * node:crypto, as much of it as the sandbox uses (hashes of its page's inline script and style, of a
 * test identity's RUT; random ids and secrets), for the browser: SHA-256 by @noble/hashes, randomness
 * by Web Crypto. The worker's build puts this module in place of node:crypto (build.ts).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { Buffer } from 'buffer';

export function createHash(algorithm: string) {
  if (algorithm !== 'sha256') throw new Error(`node:crypto in the browser hashes with sha256 only, not ${algorithm}`);
  const hash = sha256.create();
  return {
    update(data: string | Uint8Array) {
      hash.update(typeof data === 'string' ? new TextEncoder().encode(data) : data);
      return this;
    },
    digest(encoding?: 'base64' | 'base64url' | 'hex') {
      const bytes = Buffer.from(hash.digest());
      return encoding ? bytes.toString(encoding) : bytes;
    },
  };
}

export const randomBytes = (size: number): Buffer => Buffer.from(crypto.getRandomValues(new Uint8Array(size)));

export const randomUUID = (): string => crypto.randomUUID();

/** A whole number in [0, max), uniformly: values past the largest multiple of max are drawn again. */
export function randomInt(max: number): number {
  const range = 2 ** 32;
  const limit = range - (range % max);
  for (;;) {
    const [value] = crypto.getRandomValues(new Uint32Array(1));
    if (value! < limit) return value! % max;
  }
}
