import { Rooms } from './rooms.js';
import type { LimitHit } from './store.js';

/**
 * `Store.hit` for one process: a sliding log per key (the times of the hits still in the window,
 * oldest first), so that no window of `windowMs` ever holds more than `limit` hits. A key holds at
 * most `limit` times and expires with its newest; at most `maxKeys` keys of each kind live at once
 * (rooms.ts: a new key beyond them is refused with KycStoreFullError, as every kind of the
 * MemoryStore is, and other kinds keep theirs). An infinite `limit` counts nothing.
 */
export class SlidingLogs {
  readonly #logs: Rooms<number[]>;

  constructor(
    maxKeys: number,
    private readonly now: () => number,
  ) {
    this.#logs = new Rooms(maxKeys, now, 'limiter keys');
  }

  hit(key: string, limit: number, windowMs: number, cost = 1): LimitHit {
    if (limit === Infinity) return { allowed: true, remaining: Infinity, retryAfterMs: 0 };
    const now = this.now();
    const log = (this.#logs.get(key) ?? []).filter((at) => at > now - windowMs);
    if (cost < 0) log.splice(Math.max(0, log.length + cost));
    else if (log.length + cost > limit) {
      // The hit fits once the oldest `log.length + cost - limit` hits have left the window.
      const freeing = log[log.length + cost - limit - 1];
      return {
        allowed: false,
        remaining: Math.max(0, limit - log.length),
        retryAfterMs: freeing === undefined ? windowMs : freeing + windowMs - now,
      };
    } else for (let i = 0; i < cost; i++) log.push(now);
    if (log.length) this.#logs.set(key, log, log.at(-1)! + windowMs - now);
    else this.#logs.delete(key);
    return { allowed: true, remaining: Math.max(0, limit - log.length), retryAfterMs: 0 };
  }
}
