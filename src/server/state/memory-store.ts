import { isTerminal } from '../../shared/transaction-state.js';
import { ExpiringMap } from './expiring-map.js';
import { Rooms } from './rooms.js';
import { MemorySessions } from './memory-sessions.js';
import { jobKey } from './result-delivery.js';
import { SlidingLogs } from './sliding-logs.js';
import type {
  CachedStatus,
  CreatedTransaction,
  JobTake,
  LimitHit,
  OwnerSession,
  SessionReservation,
  Store,
  StatusListener,
  TransactionMark,
} from './store.js';

export interface MemoryStoreOptions {
  /**
   * How many transactions the store remembers at once, each until its expiry plus the retention
   * (with its cached status, result job, leases and marks). At the bound it forgets the oldest
   * transaction whose result was delivered to make room; with none, it refuses new transactions
   * (`store_full`) and never forgets a live one. Leases, limiter keys and shared values are held
   * per kind of key, each kind in a room of 5 per transaction (rooms.ts): a flood of one kind never
   * takes another's room. Default 10 000.
   */
  maxEntries?: number;
  /** The store's clock, in epoch ms. Default `Date.now`. */
  now?: () => number;
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

/** Room for the short-lived leases and marks beside the transactions' own (the access token's, a few per transaction). */
const SPARE_ENTRIES = 64;

/**
 * Keys of one kind per transaction, at most: a lease, a limiter log or a shared value of each kind
 * per transaction, or per owner, a few (the handoff's other devices: 4).
 */
const PER_TRANSACTION = 5;

/** The default Store: one process, bounded memory; full, it refuses new transactions rather than forget live ones. */
export class MemoryStore implements Store {
  readonly #now: () => number;
  readonly #created: ExpiringMap<CreatedTransaction>;
  readonly #statuses: ExpiringMap<CachedStatus>;
  readonly #leases: Rooms<string>;
  /** Each subscriber's listener, and where its throws go. */
  readonly #statusListeners = new Map<StatusListener, (error: unknown) => void>();
  readonly #jobs: ExpiringMap<Job>;
  readonly #marks: ExpiringMap<true>;
  /** Each followed transaction's next check (epoch ms). */
  readonly #followed: ExpiringMap<number>;
  readonly #shared: Rooms<string>;
  readonly #sessions: MemorySessions;
  readonly #limits: SlidingLogs;

  constructor({ maxEntries = 10_000, now = Date.now }: MemoryStoreOptions = {}) {
    this.#now = now;
    this.#created = new ExpiringMap(maxEntries, now, 'transactions');
    this.#statuses = new ExpiringMap(maxEntries, now, 'statuses');
    // Leases, shared values and limiter logs: each kind of key in a room of its own (rooms.ts).
    this.#leases = new Rooms(PER_TRANSACTION * maxEntries + SPARE_ENTRIES, now, 'leases');
    this.#jobs = new ExpiringMap(maxEntries, now, 'result jobs');
    // A transaction followed by a stream has two marks (watched, webhooked).
    this.#marks = new ExpiringMap(2 * maxEntries + SPARE_ENTRIES, now, 'marks');
    this.#shared = new Rooms(PER_TRANSACTION * maxEntries + SPARE_ENTRIES, now, 'shared values');
    this.#followed = new ExpiringMap(maxEntries, now, 'followed transactions');
    const created = this.#created;
    this.#sessions = new MemorySessions({
      maxEntries,
      now,
      hasEnded: (uuid) => {
        const stored = this.#statuses.get(uuid);
        return stored !== undefined && isTerminal(stored.status.state);
      },
      records: {
        get size() {
          return created.size;
        },
        soonestRoomMs: () => this.#soonestRecordRoomMs(),
        forgetOldestDelivered: () => this.#forgetOldestDelivered(),
      },
    });
    this.#limits = new SlidingLogs(PER_TRANSACTION * maxEntries + SPARE_ENTRIES, now);
  }

  hit(key: string, limit: number, windowMs: number, cost = 1): LimitHit {
    return this.#limits.hit(key, limit, windowMs, cost);
  }

  reserveSession(owner: string | null, id: string, maxPending: number, holdMs: number): SessionReservation {
    return this.#sessions.reserve(owner, id, maxPending, holdMs);
  }

  confirmSession(owner: string | null, id: string, session: OwnerSession, expiresInMs: number, keepMs: number): void {
    this.#sessions.confirm(owner, id, session, expiresInMs, keepMs);
  }

  releaseSession(owner: string | null, id: string): void {
    this.#sessions.release(owner, id);
  }

  latestSession(owner: string, key: string): OwnerSession | undefined {
    return this.#sessions.latest(owner, key);
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

  release(key: string, holder: string): void {
    if (this.#leases.get(key) === holder) this.#leases.delete(key);
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

  resetLease(key: string, holder: string, ttlMs: number): boolean {
    if (this.#leases.get(key) !== holder) return false;
    this.#leases.set(key, holder, ttlMs);
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

  follow(uuid: string, dueInMs: number, ttlMs: number): void {
    this.#followed.set(uuid, this.#now() + dueInMs, ttlMs);
  }

  claimFollowed(limit: number, periodMs: number): string[] {
    const now = this.#now();
    const due = [...this.#followed.entries()]
      .filter(([, dueAt]) => dueAt <= now)
      .sort(([, a], [, b]) => a - b)
      .slice(0, limit)
      .map(([uuid]) => uuid);
    for (const uuid of due) this.#followed.set(uuid, now + periodMs, this.#followed.ttlOf(uuid));
    return due;
  }

  /** How long until a record may make room: the first expires, or a live one is next checked; 0 when there is none. */
  #soonestRecordRoomMs(): number {
    const now = this.#now();
    let soonest = this.#created.soonestExpiryMs() || Infinity;
    for (const [, dueAt] of this.#followed.entries()) soonest = Math.min(soonest, Math.max(1, dueAt - now));
    return soonest === Infinity ? 0 : soonest;
  }

  unfollow(uuid: string): void {
    this.#followed.delete(uuid);
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

  /** Forgets the oldest transaction whose result job is done, with all the store holds of it; undefined when there is none. */
  #forgetOldestDelivered(): CreatedTransaction | undefined {
    for (const [uuid, record] of this.#created.entries()) {
      if (!this.#jobs.get(jobKey(uuid))?.done) continue;
      for (const kind of [this.#created, this.#statuses, this.#jobs, this.#followed])
        kind.delete(kind === this.#jobs ? jobKey(uuid) : uuid);
      for (const mark of ['watched', 'webhooked', 'step-webhooks'] as const) this.#marks.delete(`${mark}:${uuid}`);
      return record;
    }
    return undefined;
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
