/** Keys remembered at most, oldest first forgotten: a process polled for many transactions stays bounded. */
const MAX_ENTRIES = 10_000;

/**
 * What this process last read of some Redis keys, so that a hot read costs no round trip while
 * nothing changed (docs/fleet.md, "Near caches"). An entry is served for at most `maxAgeMs` from
 * when its read was sent, and only while the store hears the fleet's writes (`hearing`): a key
 * written anywhere takes the value written, or is forgotten, as its message arrives (`replace`,
 * `forget`), and a read under way when it was written is not kept. Concurrent reads of one key share one round trip.
 */
export class NearCache<T extends object> {
  readonly #entries = new Map<string, { value: T; readAt: number }>();
  readonly #reading = new Map<string, { run: Promise<T | undefined>; forgotten: boolean }>();
  #hearing = false;

  constructor(private readonly maxAgeMs: number) {}

  /** Whether the store hears every write now; when it stops, everything is forgotten (a write may go unheard). */
  set hearing(hearing: boolean) {
    this.#hearing = hearing;
    if (!hearing) this.forgetAll();
  }

  /** The value of `key`: remembered, or shared with a read under way, or `read` from Redis. */
  get(key: string, read: () => Promise<T | undefined>): T | Promise<T | undefined> {
    const entry = this.#entries.get(key);
    if (entry && performance.now() - entry.readAt < this.maxAgeMs) return entry.value;
    const running = this.#reading.get(key);
    if (running && !running.forgotten) return running.run;
    return this.#read(key, read);
  }

  /** `key` was written: its value is read again, and a read under way is not kept. */
  forget(key: string): void {
    this.#entries.delete(key);
    const running = this.#reading.get(key);
    if (running) running.forgotten = true;
  }

  /** `key` was written with `value`: a remembered entry takes it without a read; a read under way is not kept. */
  replace(key: string, value: T): void {
    const remembered = this.#entries.has(key);
    this.forget(key);
    if (remembered && this.#hearing) this.#remember(key, value, performance.now());
  }

  forgetAll(): void {
    this.#entries.clear();
    for (const running of this.#reading.values()) running.forgotten = true;
  }

  async #read(key: string, read: () => Promise<T | undefined>): Promise<T | undefined> {
    const readAt = performance.now();
    const reading = { run: read(), forgotten: !this.#hearing };
    this.#reading.set(key, reading);
    try {
      const value = await reading.run;
      // An absent key is not remembered: it is about to be written (a transaction being created).
      if (value !== undefined && !reading.forgotten) this.#remember(key, value, readAt);
      return value;
    } finally {
      if (this.#reading.get(key) === reading) this.#reading.delete(key);
    }
  }

  #remember(key: string, value: T, readAt: number): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, readAt });
    if (this.#entries.size > MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
  }
}
