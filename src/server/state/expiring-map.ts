import { KycStoreFullError } from './store-errors.js';

/**
 * A Map whose entries expire, bounded to `limit` live entries: a new key beyond it is refused
 * (KycStoreFullError), never made room for by forgetting a live entry. Expired entries go when
 * read, or when the map is at its bound: no timer, so it never keeps a process alive.
 */
export class ExpiringMap<V> {
  readonly #entries = new Map<string, { value: V; expiresAt: number }>();
  /** No entry expires before this (a lower bound): spares a sweep that would find nothing. */
  #earliestExpiry = Infinity;

  constructor(
    private readonly limit: number,
    private readonly now: () => number,
    private readonly kind: string,
  ) {}

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt <= this.now()) this.#entries.delete(key);
    else return entry?.value;
  }

  set(key: string, value: V, ttlMs: number): void {
    if (!this.#entries.has(key) && this.size >= this.limit) {
      throw new KycStoreFullError(`the MemoryStore holds ${this.limit} live ${this.kind}, its maxEntries: none expired to make room`);
    }
    const expiresAt = this.now() + ttlMs;
    this.#entries.set(key, { value, expiresAt });
    this.#earliestExpiry = Math.min(this.#earliestExpiry, expiresAt);
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  /** The live entries (expired ones are dropped first). */
  get size(): number {
    this.#sweep();
    return this.#entries.size;
  }

  /** How long until the first live entry expires, at least; 0 when there is none. */
  soonestExpiryMs(): number {
    this.#sweep();
    return this.#entries.size ? Math.max(0, this.#earliestExpiry - this.now()) : 0;
  }

  /** How long the entry of `key` has left; 0 when there is none. */
  ttlOf(key: string): number {
    const entry = this.#entries.get(key);
    return entry ? Math.max(0, entry.expiresAt - this.now()) : 0;
  }

  /** The live entries, oldest written first. */
  *entries(): Generator<[string, V]> {
    const now = this.now();
    for (const [key, { value, expiresAt }] of this.#entries) if (expiresAt > now) yield [key, value];
  }

  #sweep(): void {
    const now = this.now();
    if (now < this.#earliestExpiry) return;
    this.#earliestExpiry = Infinity;
    for (const [key, { expiresAt }] of this.#entries) {
      if (expiresAt <= now) this.#entries.delete(key);
      else this.#earliestExpiry = Math.min(this.#earliestExpiry, expiresAt);
    }
  }
}
