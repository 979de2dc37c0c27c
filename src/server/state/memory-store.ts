import { isTerminal } from '../../shared/transaction-state.js';
import type { CachedStatus, CreatedTransaction, JobTake, Store } from './store.js';

export interface MemoryStoreOptions {
  /** Entries kept at most, oldest evicted first. Default 10 000. */
  maxEntries?: number;
  /** The store's clock (epoch ms). Default `Date.now`. */
  now?: () => number;
}

interface Job {
  done: boolean;
  attempts: number;
  /** When it may be taken: its retry time, or its holder's lease expiry. */
  takeableAt: number;
  holder: string | null;
  /** Enqueued while held: due at once when given back. */
  nudged: boolean;
}

/** The default Store: one process, bounded memory, expired and oldest entries dropped. */
export class MemoryStore implements Store {
  readonly #entries = new Map<string, { value: unknown; expiresAt: number }>();
  readonly #limit: number;
  readonly #now: () => number;

  constructor({ maxEntries = 10_000, now = Date.now }: MemoryStoreOptions = {}) {
    this.#limit = maxEntries;
    this.#now = now;
  }

  saveCreated(record: CreatedTransaction, ttlMs: number): void {
    this.#set(`created:${record.uuid}`, record, ttlMs);
  }

  getCreated(uuid: string): CreatedTransaction | undefined {
    return this.#get(`created:${uuid}`);
  }

  getStatus(uuid: string): CachedStatus | undefined {
    return this.#get(`status:${uuid}`);
  }

  writeStatus(uuid: string, next: CachedStatus, ttlMs: number): CachedStatus {
    const stored = this.getStatus(uuid);
    const keep = stored && (isTerminal(stored.status.state) || (!isTerminal(next.status.state) && stored.fetchedAt > next.fetchedAt));
    if (keep) return stored;
    this.#set(`status:${uuid}`, next, ttlMs);
    return next;
  }

  acquire(key: string, holder: string, ttlMs: number): boolean {
    if (this.#get(`lease:${key}`) !== undefined) return false;
    this.#set(`lease:${key}`, holder, ttlMs);
    return true;
  }

  enqueueJob(key: string, ttlMs: number): void {
    const job = this.#job(key);
    if (job?.done) return;
    if (job?.holder && job.takeableAt > this.#now()) job.nudged = true;
    else this.#set(`job:${key}`, { done: false, attempts: job?.attempts ?? 0, takeableAt: this.#now(), holder: null, nudged: false }, ttlMs);
  }

  takeJob(key: string, holder: string, leaseMs: number): JobTake {
    const job = this.#job(key);
    if (!job) return { taken: false, reason: 'absent' };
    if (job.done) return { taken: false, reason: 'done' };
    if (job.takeableAt > this.#now()) return { taken: false, reason: job.holder ? 'held' : 'waiting' };
    Object.assign(job, { holder, takeableAt: this.#now() + leaseMs, nudged: false });
    return { taken: true, attempts: job.attempts };
  }

  renewJob(key: string, holder: string, leaseMs: number): boolean {
    const job = this.#held(key, holder);
    if (job) job.takeableAt = this.#now() + leaseMs;
    return job !== undefined;
  }

  retryJob(key: string, holder: string, delayMs: number): void {
    const job = this.#held(key, holder);
    if (job) Object.assign(job, { holder: null, attempts: job.attempts + 1, takeableAt: job.nudged ? this.#now() : this.#now() + delayMs });
  }

  finishJob(key: string, holder: string, ttlMs: number): void {
    if (this.#held(key, holder)) this.#set(`job:${key}`, { done: true, attempts: 0, takeableAt: Infinity, holder: null, nudged: false }, ttlMs);
  }

  dropJob(key: string, holder: string): void {
    if (this.#held(key, holder)) this.#entries.delete(`job:${key}`);
  }

  dueJobs(limit: number): string[] {
    const due: string[] = [];
    for (const key of [...this.#entries.keys()]) {
      if (due.length >= limit) break;
      if (!key.startsWith('job:')) continue;
      const job = this.#job(key.slice(4));
      if (job && !job.done && job.takeableAt <= this.#now()) due.push(key.slice(4));
    }
    return due;
  }

  getShared(key: string): string | undefined {
    return this.#get(`shared:${key}`);
  }

  setShared(key: string, value: string, ttlMs: number): void {
    this.#set(`shared:${key}`, value, ttlMs);
  }

  /** Entries held, expired ones not yet dropped included (for tests and metrics). */
  get size(): number {
    return this.#entries.size;
  }

  #job(key: string): Job | undefined {
    return this.#get(`job:${key}`);
  }

  #held(key: string, holder: string): Job | undefined {
    const job = this.#job(key);
    return job && !job.done && job.holder === holder ? job : undefined;
  }

  #get<T>(key: string): T | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > this.#now()) return entry.value as T;
    this.#entries.delete(key);
    return undefined;
  }

  /** Writing an entry makes it the newest; beyond the limit the oldest goes (expired ones go when read). */
  #set(key: string, value: unknown, ttlMs: number): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt: this.#now() + ttlMs });
    if (this.#entries.size > this.#limit) this.#entries.delete(this.#entries.keys().next().value!);
  }
}
