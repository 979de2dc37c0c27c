import type { LimitHit, Store } from '../state/store.js';

/** One limit held in the store through `hit`: a key, how many hits per window, and what a refusal by it is called. */
export interface Limit<Reason extends string> {
  key: string;
  limit: number;
  windowMs: number;
  reason: Reason;
}

export type LimitsTake<Reason extends string> = { taken: true; hits: LimitHit[] } | { taken: false; reason: Reason; retryAfterMs: number };

/**
 * Hits each limit in order, one hit each; at the first that refuses, gives back the hits already
 * counted (a refused request costs no limit anything) and says which refused and when to ask again.
 */
export async function takeLimits<Reason extends string>(store: Store, limits: readonly Limit<Reason>[]): Promise<LimitsTake<Reason>> {
  const hits: LimitHit[] = [];
  for (const [index, { key, limit, windowMs, reason }] of limits.entries()) {
    const hit = await store.hit(key, limit, windowMs);
    if (!hit.allowed) {
      await giveBack(store, limits.slice(0, index));
      return { taken: false, reason, retryAfterMs: hit.retryAfterMs };
    }
    hits.push(hit);
  }
  return { taken: true, hits };
}

/** Gives back one hit of each limit (a refusal after them, or a failed attempt that should not count). */
export async function giveBack(store: Store, limits: readonly Limit<string>[]): Promise<void> {
  await Promise.all(limits.map(({ key, limit, windowMs }) => store.hit(key, limit, windowMs, -1)));
}
