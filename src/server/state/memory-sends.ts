import { ExpiringMap } from './expiring-map.js';
import type { SendLimits, SendTake } from './store.js';

/** The send counts of a MemoryStore: `takeSend` of the Store contract, for one process. */
export class MemorySends {
  /** Each transaction's send times, oldest first, kept for its life. */
  readonly #byTransaction: ExpiringMap<number[]>;
  /** Each owner's send times within its window, oldest first. */
  readonly #byOwner: ExpiringMap<number[]>;

  constructor(
    maxEntries: number,
    private readonly now: () => number,
  ) {
    this.#byTransaction = new ExpiringMap(maxEntries, now, 'send counts');
    this.#byOwner = new ExpiringMap(maxEntries, now, 'owner send counts');
  }

  take(uuid: string, owner: string, limits: SendLimits, keepMs: number): SendTake {
    const now = this.now();
    const sent = this.#byTransaction.get(uuid) ?? [];
    const owned = (this.#byOwner.get(owner) ?? []).filter((at) => at > now - limits.ownerWindowMs);
    const refusal = refusalOf(sent, owned, limits, now, this.#byTransaction.ttlOf(uuid));
    if (refusal) return refusal;
    sent.push(now);
    owned.push(now);
    this.#byTransaction.set(uuid, sent, Math.max(keepMs, this.#byTransaction.ttlOf(uuid)));
    this.#byOwner.set(owner, owned, limits.ownerWindowMs);
    return { taken: true, nextInMs: nextInMs(sent, owned, limits, now) };
  }
}

type Refused = Extract<SendTake, { taken: false }>;

/** Which limit refuses one more send, in the order a person can act on: the transaction's end first, the cooldown, the owner's window. */
function refusalOf(sent: number[], owned: number[], limits: SendLimits, now: number, transactionLeftMs: number): Refused | null {
  if (sent.length >= limits.perTransaction) return { taken: false, reason: 'too_many_sends', retryAfterMs: transactionLeftMs };
  const last = sent.at(-1);
  if (last !== undefined && last + limits.cooldownMs > now)
    return { taken: false, reason: 'cooldown', retryAfterMs: last + limits.cooldownMs - now };
  if (owned.length >= limits.perOwner) {
    return {
      taken: false,
      reason: 'too_many_owner_sends',
      retryAfterMs: owned[owned.length - limits.perOwner]! + limits.ownerWindowMs - now,
    };
  }
  return null;
}

/** When the next send will be taken, after one just counted; null when the transaction has none left. */
function nextInMs(sent: number[], owned: number[], limits: SendLimits, now: number): number | null {
  if (sent.length >= limits.perTransaction) return null;
  const ownerFreesIn = owned.length >= limits.perOwner ? owned[owned.length - limits.perOwner]! + limits.ownerWindowMs - now : 0;
  return Math.max(limits.cooldownMs, ownerFreesIn);
}
