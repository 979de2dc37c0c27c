// The store API the kit used before issue 10; kept only until the kit moves to ./store.ts.
import type { CachedStatus, CreatedTransaction } from './store.js';

export type { CachedStatus, CreatedTransaction };

type Awaitable<T> = T | Promise<T>;

/**
 * What the kit remembers. The default keeps it in memory; a deployment with several processes
 * implements this over a shared store (for example Redis, with `claim` as `SET key 1 NX`).
 */
export interface Store {
  saveCreated(record: CreatedTransaction): Awaitable<void>;
  getCreated(uuid: string): Awaitable<CreatedTransaction | undefined>;
  saveStatus(uuid: string, cached: CachedStatus): Awaitable<void>;
  getStatus(uuid: string): Awaitable<CachedStatus | undefined>;
  /** Records `key` and says whether it was new: an atomic test-and-set (webhook de-duplication, one result per transaction). */
  claim(key: string): Awaitable<boolean>;
  /** Gives a claimed key back, so that the work it stood for can be done again. */
  release(key: string): Awaitable<void>;
}

/** A Map that forgets its oldest entries beyond `limit`; writing an entry makes it the newest. */
class BoundedMap<V> {
  readonly #entries = new Map<string, V>();

  constructor(private readonly limit: number) {}

  get(key: string): V | undefined {
    return this.#entries.get(key);
  }

  has(key: string): boolean {
    return this.#entries.has(key);
  }

  set(key: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.limit) this.#entries.delete(this.#entries.keys().next().value!);
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }
}

export interface MemoryStoreOptions {
  /** How many entries each kind (created, statuses, claims) keeps before evicting the oldest. Default 10 000. */
  maxEntries?: number;
}

/** The default Store: one process, bounded memory, oldest entries evicted first. */
export class MemoryStore implements Store {
  readonly #created: BoundedMap<CreatedTransaction>;
  readonly #statuses: BoundedMap<CachedStatus>;
  readonly #claims: BoundedMap<true>;

  constructor({ maxEntries = 10_000 }: MemoryStoreOptions = {}) {
    this.#created = new BoundedMap(maxEntries);
    this.#statuses = new BoundedMap(maxEntries);
    this.#claims = new BoundedMap(maxEntries);
  }

  saveCreated(record: CreatedTransaction): void {
    this.#created.set(record.uuid, record);
  }

  getCreated(uuid: string): CreatedTransaction | undefined {
    return this.#created.get(uuid);
  }

  saveStatus(uuid: string, cached: CachedStatus): void {
    this.#statuses.set(uuid, cached);
  }

  getStatus(uuid: string): CachedStatus | undefined {
    return this.#statuses.get(uuid);
  }

  claim(key: string): boolean {
    if (this.#claims.has(key)) return false;
    this.#claims.set(key, true);
    return true;
  }

  release(key: string): void {
    this.#claims.delete(key);
  }

  /** Entries held, per kind (for tests and metrics). */
  get sizes(): { created: number; statuses: number; claims: number } {
    return { created: this.#created.size, statuses: this.#statuses.size, claims: this.#claims.size };
  }
}
