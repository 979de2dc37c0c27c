import { isTerminal } from '../../shared/transaction-state.js';
import type { CachedStatus, CreatedTransaction, JobTake, Store, StatusListener, TransactionMark } from './store.js';

export interface MemoryStoreOptions {
  /** How many entries each kind (created, statuses, leases, jobs, marks, shared values) keeps before evicting the oldest. Default 10 000. */
  maxEntries?: number;
  /** The store's clock, in epoch ms. Default `Date.now`. */
  now?: () => number;
}

/**
 * A Map whose entries expire, and that forgets its oldest entries beyond `limit`; writing an
 * entry makes it the newest. Expired entries go when read, or when the map is over its bound:
 * no timer, so it never keeps a process alive.
 */
class ExpiringMap<V> {
  readonly #entries = new Map<string, { value: V; expiresAt: number }>();
  /** No entry expires before this (a lower bound): spares a sweep that would find nothing. */
  #earliestExpiry = Infinity;

  constructor(
    private readonly limit: number,
    private readonly now: () => number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt <= this.now()) this.#entries.delete(key);
    else return entry?.value;
  }

  set(key: string, value: V, ttlMs: number): void {
    const expiresAt = this.now() + ttlMs;
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt });
    this.#earliestExpiry = Math.min(this.#earliestExpiry, expiresAt);
    if (this.#entries.size > this.limit) this.#sweep();
    if (this.#entries.size > this.limit) this.#entries.delete(this.#entries.keys().next().value!);
  }

  delete(key: string): void {
    this.#entries.delete(key);
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

/** A job between enqueue and done; a holder stays recorded after its lease ran out, until another takes the job. */
interface Job {
  done: boolean;
  holder: string | null;
  leaseUntil: number;
  dueAt: number;
  attempts: number;
  enqueuedWhileHeld: boolean;
}

const takeableAt = (job: Job): number => (job.holder === null ? job.dueAt : job.leaseUntil);

/** The default Store: one process, bounded memory, oldest entries evicted first. */
export class MemoryStore implements Store {
  readonly #now: () => number;
  readonly #created: ExpiringMap<CreatedTransaction>;
  readonly #statuses: ExpiringMap<CachedStatus>;
  readonly #leases: ExpiringMap<string>;
  /** Each subscriber's listener, and where its throws go. */
  readonly #statusListeners = new Map<StatusListener, (error: unknown) => void>();
  readonly #jobs: ExpiringMap<Job>;
  readonly #marks: ExpiringMap<true>;
  readonly #shared: ExpiringMap<string>;

  constructor({ maxEntries = 10_000, now = Date.now }: MemoryStoreOptions = {}) {
    this.#now = now;
    this.#created = new ExpiringMap(maxEntries, now);
    this.#statuses = new ExpiringMap(maxEntries, now);
    this.#leases = new ExpiringMap(maxEntries, now);
    this.#jobs = new ExpiringMap(maxEntries, now);
    this.#marks = new ExpiringMap(maxEntries, now);
    this.#shared = new ExpiringMap(maxEntries, now);
  }

  saveCreated(record: CreatedTransaction, ttlMs: number): void {
    this.#created.set(record.uuid, record, ttlMs);
  }

  getCreated(uuid: string): CreatedTransaction | undefined {
    return this.#created.get(uuid);
  }

  getStatus(uuid: string): CachedStatus | undefined {
    return this.#statuses.get(uuid);
  }

  writeStatus(uuid: string, next: CachedStatus, ttlMs: number): CachedStatus {
    const stored = this.#statuses.get(uuid);
    const keep = stored && (isTerminal(stored.status.state) || (!isTerminal(next.status.state) && stored.fetchedAt > next.fetchedAt));
    if (keep) return stored;
    this.#statuses.set(uuid, next, ttlMs);
    return next;
  }

  acquire(key: string, holder: string, ttlMs: number): boolean {
    if (this.#leases.get(key) !== undefined) return false;
    this.#leases.set(key, holder, ttlMs);
    return true;
  }

  publishStatus(uuid: string, cached: CachedStatus): void {
    for (const [listener, onError] of [...this.#statusListeners]) {
      try {
        listener(uuid, cached);
      } catch (error) {
        onError(error);
      }
    }
  }

  subscribeStatuses(listener: StatusListener, onError: (error: unknown) => void = () => {}): () => void {
    this.#statusListeners.set(listener, onError);
    return () => void this.#statusListeners.delete(listener);
  }

  holdLease(key: string, holder: string, ttlMs: number): boolean {
    if (this.#leases.get(key) !== holder) return false;
    this.#leases.set(key, holder, Math.max(ttlMs, this.#leases.ttlOf(key)));
    return true;
  }

  enqueueJob(key: string, ttlMs: number): void {
    const job = this.#jobs.get(key) ?? newJob(this.#now());
    if (job.done) return;
    if (job.holder === null) job.dueAt = Math.min(job.dueAt, this.#now());
    else job.enqueuedWhileHeld = true;
    this.#jobs.set(key, job, ttlMs);
  }

  takeJob(key: string, holder: string, leaseMs: number): JobTake {
    const job = this.#jobs.get(key);
    const now = this.#now();
    if (!job) return { taken: false, reason: 'absent' };
    if (job.done) return { taken: false, reason: 'done' };
    if (takeableAt(job) > now) return { taken: false, reason: job.holder === null ? 'waiting' : 'held' };
    Object.assign(job, { holder, leaseUntil: now + leaseMs, enqueuedWhileHeld: false });
    return { taken: true, attempts: job.attempts };
  }

  renewJob(key: string, holder: string, leaseMs: number): boolean {
    const job = this.#heldBy(key, holder);
    if (job) job.leaseUntil = this.#now() + leaseMs;
    return job !== undefined;
  }

  retryJob(key: string, holder: string, delayMs: number): void {
    const job = this.#heldBy(key, holder);
    if (!job) return;
    const dueAt = this.#now() + (job.enqueuedWhileHeld ? 0 : delayMs);
    Object.assign(job, { holder: null, dueAt, attempts: job.attempts + 1, enqueuedWhileHeld: false });
  }

  finishJob(key: string, holder: string, ttlMs: number): void {
    const job = this.#heldBy(key, holder);
    if (job) this.#jobs.set(key, { ...job, done: true, holder: null }, ttlMs);
  }

  dropJob(key: string, holder: string): void {
    if (this.#heldBy(key, holder)) this.#jobs.delete(key);
  }

  dueJobs(limit: number): string[] {
    const now = this.#now();
    return [...this.#jobs.entries()]
      .filter(([, job]) => !job.done && takeableAt(job) <= now)
      .sort(([, a], [, b]) => takeableAt(a) - takeableAt(b))
      .slice(0, limit)
      .map(([key]) => key);
  }

  setMark(mark: TransactionMark, uuid: string, ttlMs: number): void {
    this.#marks.set(`${mark}:${uuid}`, true, ttlMs);
  }

  hasMark(mark: TransactionMark, uuid: string): boolean {
    return this.#marks.get(`${mark}:${uuid}`) === true;
  }

  getShared(key: string): string | undefined {
    return this.#shared.get(key);
  }

  setShared(key: string, value: string, ttlMs: number): void {
    this.#shared.set(key, value, ttlMs);
  }

  #heldBy(key: string, holder: string): Job | undefined {
    const job = this.#jobs.get(key);
    return job?.holder === holder ? job : undefined;
  }
}

const newJob = (now: number): Job => ({
  done: false,
  holder: null,
  leaseUntil: 0,
  dueAt: now,
  attempts: 0,
  enqueuedWhileHeld: false,
});
