import type { Store } from '../state/store.js';

/**
 * How far guessing a code goes (docs/handoff.md), counted fleet-wide by the store's limiter:
 * codes that answer nothing, per client address (a person who mistypes twice is far from it; a
 * code found gives its attempt back, so that people behind one address who open their own links
 * never add up); and attempts at any one code, found or not.
 */
export const GUESS_LIMITS = { missesPerAddress: 20, attemptsPerCode: 30, windowMs: 15 * 60_000 } as const;

/** A guess let through: `found()` once it answered a live transaction, which gives its address's attempt back. */
export interface Guess {
  found(): Promise<void>;
}

/**
 * Counts a guess of `code` (null when what was typed is no code) from `address` (null when the
 * host cannot tell one): the guess, or how many milliseconds until the next is allowed.
 */
export async function takeGuess(store: Store, address: string | null, code: string | null): Promise<Guess | { retryAfterMs: number }> {
  const { missesPerAddress, attemptsPerCode, windowMs } = GUESS_LIMITS;
  const addressKey = `handoff:guesses:address:${address}`;
  if (address !== null) {
    const hit = await store.hit(addressKey, missesPerAddress, windowMs);
    if (!hit.allowed) return { retryAfterMs: hit.retryAfterMs };
  }
  if (code !== null) {
    const hit = await store.hit(`handoff:guesses:code:${code}`, attemptsPerCode, windowMs);
    if (!hit.allowed) {
      if (address !== null) await store.hit(addressKey, missesPerAddress, windowMs, -1);
      return { retryAfterMs: hit.retryAfterMs };
    }
  }
  return {
    found: async () => {
      if (address !== null) await store.hit(addressKey, missesPerAddress, windowMs, -1);
    },
  };
}
