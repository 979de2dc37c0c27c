import type { TransactionStatus } from '../../shared/transaction-state.js';

export type Awaitable<T> = T | Promise<T>;

/** A transaction this backend created through the session handler, and for whom. */
export interface CreatedTransaction {
  uuid: string;
  transactionId: string;
  /** What the `owner(request)` function returned at creation; null when none was configured. */
  owner: string | null;
  /** The link the session handler answered, which the send handler sends; absent in records kept before it. */
  link?: string;
}

/** What a session answers again for its owner (a resume) without calling the service: no personal data. */
export interface OwnerSession {
  uuid: string;
  /** The kind of verification it was created for (the `sessions.key` of its request); '' by default. */
  key: string;
  /** The link shown to the person. */
  link: string;
}

/** What `reserveSession` decided: a creation may go ahead, or why not and when to ask again. */
export type SessionReservation = { reserved: true } | { reserved: false; reason: 'too_many_pending' | 'store_full'; retryAfterMs: number };

/** What `hit` decided: allowed (and counted), or refused (not counted) and when to ask again. */
export interface LimitHit {
  allowed: boolean;
  /** hits left in the window after this one */
  remaining: number;
  /** 0 when allowed; else ms until one more hit fits */
  retryAfterMs: number;
}

/** The last status read from the service, and when that read started (epoch ms). */
export interface CachedStatus {
  status: TransactionStatus;
  fetchedAt: number;
}

export type StatusListener = (uuid: string, cached: CachedStatus) => void;

/**
 * What the fleet marks about a transaction, for a while, to coordinate its reads:
 * - `watched`: some process streams it (renewed while the stream is open), so a step that a
 *   webhook announces is worth a read at once;
 * - `webhooked`: its every step's webhook reaches the kit, so its streams need not read it every second;
 * - `step-webhooks`: it asked the service for every step's webhook, so once step webhooks are seen
 *   reaching the kit, its streams need not read it every second either, even before its first.
 */
export type TransactionMark = 'watched' | 'webhooked' | 'step-webhooks';

/** What `takeJob` found: the job is now the caller's, or why not. */
export type JobTake =
  | { taken: true; /** Earlier attempts that ended in `retryJob`. */ attempts: number }
  | { taken: false; reason: 'absent' | 'done' | 'held' | 'waiting' };

/**
 * What the kit remembers, shared by every handler of a kit and, through a shared store, by every
 * process of a fleet. Each method is one atomic step: two processes calling at once see one of
 * the two orders, never a mix. Every key expires after the `ttlMs` it was written with, so the
 * store stays bounded. Lease and retry times are durations: the store measures them on its own
 * clock (one clock for the whole fleet on a shared store).
 *
 * Jobs are the kit's durable work (delivering a result to `onResult`): a job is due, held by one
 * process under a lease that expires, waiting for a retry, or done for good. Followed
 * transactions are the reconciliation's: each created transaction is checked once a period, by
 * one process of the fleet, until its end is found.
 */
export interface Store {
  saveCreated(record: CreatedTransaction, ttlMs: number): Awaitable<void>;
  getCreated(uuid: string): Awaitable<CreatedTransaction | undefined>;

  /**
   * Before a creation: checks that `owner` has fewer than `maxPending` transactions pending and,
   * atomically with the check, holds a pending place `id` for `holdMs` (until confirmed or
   * released). A transaction is pending while its expiry has not passed and its stored status
   * (`writeStatus`) is not an end. A store that cannot take one more transaction answers
   * `store_full` rather than forget a live record; only live transactions take its room (an ended
   * one makes room first). With `owner` null there is no per-owner limit, only the store's room.
   */
  reserveSession(owner: string | null, id: string, maxPending: number, holdMs: number): Awaitable<SessionReservation>;
  /**
   * The reserved place `id` becomes the created transaction `session`, pending until its expiry in
   * `expiresInMs` (or its end), and found by `latestSession` for `keepMs`.
   */
  confirmSession(owner: string | null, id: string, session: OwnerSession, expiresInMs: number, keepMs: number): Awaitable<void>;
  /** Frees the place `id` after a failed creation. */
  releaseSession(owner: string | null, id: string): Awaitable<void>;
  /** `owner`'s newest confirmed transaction of `key` still kept, or undefined. */
  latestSession(owner: string, key: string): Awaitable<OwnerSession | undefined>;

  /**
   * Counts `cost` (default 1) hits on `key` in a sliding window of `windowMs`, allowed while the
   * window holds at most `limit` (atomic; a refused hit is not counted; the key expires with its
   * window). The window is a sliding log, exact: no `windowMs` ever holds more than `limit` hits.
   * A negative `cost` gives back that many of the newest hits (a refund, always allowed), so that
   * a caller holding several limits can undo a hit that another limit made useless. An `Infinity`
   * limit allows every hit and counts nothing.
   */
  hit(key: string, limit: number, windowMs: number, cost?: number): Awaitable<LimitHit>;

  getStatus(uuid: string): Awaitable<CachedStatus | undefined>;
  /**
   * Writes `next` unless the stored status is an end (an end is never overwritten) or is not an
   * end and was read after `next` (an older read never replaces a newer one); an end always
   * replaces a pending status. Returns what is stored afterwards.
   */
  writeStatus(uuid: string, next: CachedStatus, ttlMs: number): Awaitable<CachedStatus>;

  /** A short lease (the fleet's one provider read per uuid per second): true when `key` was free and is now `holder`'s for `ttlMs`. */
  acquire(key: string, holder: string, ttlMs: number): Awaitable<boolean>;
  /** Makes `holder`'s lease on `key` end `ttlMs` from now, sooner or later than it would have; false when it is not `holder`'s. */
  resetLease(key: string, holder: string, ttlMs: number): Awaitable<boolean>;

  /** Ends `holder`'s lease on `key` early; nothing when it is not `holder`'s. */
  release(key: string, holder: string): Awaitable<void>;

  /** Makes the job `key` due now, unless it is done; a job held by a process stays held, and is due again when released. */
  enqueueJob(key: string, ttlMs: number): Awaitable<void>;
  /** Takes a due job, or one whose holder's lease ran out, for `holder` for `leaseMs`. */
  takeJob(key: string, holder: string, leaseMs: number): Awaitable<JobTake>;
  /** Extends `holder`'s lease while it works; false when the lease was lost (another process may have taken the job). */
  renewJob(key: string, holder: string, leaseMs: number): Awaitable<boolean>;
  /** Gives the job back after a failed attempt: due again in `delayMs`, or at once if it was enqueued meanwhile. Counts the attempt. */
  retryJob(key: string, holder: string, delayMs: number): Awaitable<void>;
  /** Marks the job done for good (kept `ttlMs` so that nothing runs it again). */
  finishJob(key: string, holder: string, ttlMs: number): Awaitable<void>;
  /** Forgets the job (given up): enqueuing it again starts it afresh. */
  dropJob(key: string, holder: string): Awaitable<void>;
  /** Up to `limit` jobs due now, lease-expired ones included. */
  dueJobs(limit: number): Awaitable<string[]>;

  /**
   * Follows `uuid` (a transaction the kit created) until its end: due for a check in `dueInMs`,
   * followed no longer than `ttlMs` (its record's life) unless `unfollow` comes first.
   */
  follow(uuid: string, dueInMs: number, ttlMs: number): Awaitable<void>;
  /**
   * Up to `limit` followed transactions due for a check now, soonest first, each made due again in
   * `periodMs` in the same step: a claim, so that one caller per period checks each, and one that
   * dies leaves them to whoever claims them a period later.
   */
  claimFollowed(limit: number, periodMs: number): Awaitable<string[]>;
  /** Stops following `uuid` (its end is recorded). */
  unfollow(uuid: string): Awaitable<void>;

  /**
   * Tells every process of the fleet, this one included, that `uuid`'s stored status is now
   * `cached` (the status streams). Best effort: a message lost costs a stream one later read.
   */
  publishStatus(uuid: string, cached: CachedStatus): Awaitable<void>;
  /**
   * Calls `listener` with every status published from now on, by any process, until the returned
   * function is called. A message that is not a status (a shared channel carries anything) is
   * given to `onError` and dropped; neither it nor a listener's throw may stop the process.
   */
  subscribeStatuses(listener: StatusListener, onError?: (error: unknown) => void): () => void;

  /** Sets `mark` on `uuid` for `ttlMs` (from now, whatever it had left). */
  setMark(mark: TransactionMark, uuid: string, ttlMs: number): Awaitable<void>;
  /** Whether `mark` is set on `uuid` and has not expired. */
  hasMark(mark: TransactionMark, uuid: string): Awaitable<boolean>;

  /** A value shared by the fleet under `key` (the client's access token: see `TokenStore`), or undefined. */
  getShared(key: string): Awaitable<string | undefined>;
  setShared(key: string, value: string, ttlMs: number): Awaitable<void>;
}
