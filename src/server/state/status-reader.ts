import { isTerminal, type TransactionStatus } from '../../shared/transaction-state.js';
import type { KycClient } from '../client/client.js';
import { KycApiError, KycNetworkError, KycTimeoutError } from '../client/errors.js';
import { statusOf } from '../client/transaction-status.js';
import { coalesce } from './coalesce.js';
import type { CachedStatus, Store } from './store.js';
import { READ_INTERVAL_MS, READ_LEASE_MARGIN_MS, WAIT_STEP_MS } from './timings.js';

/** A read's answer is waited for about as long as the lease lasts. */
const WAIT_STEPS = READ_INTERVAL_MS / WAIT_STEP_MS;
/** Failures remembered at most, oldest forgotten first, so uuids abandoned after a failure do not pile up. */
const MAX_REMEMBERED_FAILURES = 10_000;

/** A status as stored: `ended` when it is an end, whose result its reader's caller must enqueue. */
export interface StoredStatus extends CachedStatus {
  ended: boolean;
}

/**
 * A status as served: `stale` when the service could not be read and this is the last known one;
 * then `failure` is why, when this process's read failed.
 */
export interface ServedStatus extends StoredStatus {
  stale: boolean;
  failure?: unknown;
}

export interface StatusReaderOptions {
  client: KycClient;
  store: Store;
  /** This process's name in the store's leases. */
  holder: string;
  /** How long a key is kept past its transaction's expiry. */
  retentionMs: number;
  /** How long the last known status is served while the service fails. */
  staleForMs: number;
}

/**
 * The provider-read budget over the kit's store: a uuid is read at most once per second by the
 * whole fleet. The process holding the uuid's read lease reads; the others wait briefly for its
 * answer in the store. Within a process, concurrent callers share one read or one wait. The
 * reader only reads and stores: what it returns says whether the transaction ended, and its
 * caller hands that end to the result delivery.
 */
export class StatusReader {
  readonly #refreshing = new Map<string, Promise<ServedStatus>>();
  /** The confirmation under way per uuid, and the latest `since` its callers asked for. */
  readonly #confirming = new Map<string, { wanted: { since: number }; run: Promise<StoredStatus> }>();
  /** The last failed read of this process per uuid: within the budget its callers get it at once. */
  readonly #failures = new Map<string, { at: number; error: unknown }>();

  constructor(private readonly options: StatusReaderOptions) {}

  /** The status of `uuid`, read from the service only when the stored one is older than the budget allows. */
  async read(uuid: string): Promise<ServedStatus> {
    const cached = await this.options.store.getStatus(uuid);
    if (cached && (isTerminal(cached.status.state) || this.#isRecent(cached.fetchedAt))) return served(cached, false);
    const failure = this.#failures.get(uuid);
    if (failure && this.#isRecent(failure.at)) return this.#lastKnownOr(cached, failure.error);
    return coalesce(this.#refreshing, uuid, () => this.#readOrWait(uuid, cached));
  }

  /**
   * A status read after `since` (epoch ms), to confirm what a webhook announced: a stored
   * end, a read some process started after `since`, or a read of its own when the budget allows.
   * One confirmation per uuid runs in this process however many ask: a caller that comes while it
   * runs raises its `since` and shares its answer.
   */
  confirm(uuid: string, since: number): Promise<StoredStatus> {
    const running = this.#confirming.get(uuid);
    if (running) {
      running.wanted.since = Math.max(running.wanted.since, since);
      return running.run;
    }
    const wanted = { since };
    const run = this.#confirm(uuid, wanted).finally(() => this.#confirming.delete(uuid));
    this.#confirming.set(uuid, { wanted, run });
    return run;
  }

  async #confirm(uuid: string, wanted: { since: number }): Promise<StoredStatus> {
    const { store } = this.options;
    // Steps are counted rather than timed (the kit's clock may be one a test moves by hand), from the latest `since`.
    for (let step = 0, since = wanted.since; ; step++) {
      if (wanted.since !== since) [since, step] = [wanted.since, 0];
      const cached = await store.getStatus(uuid);
      if (cached && (isTerminal(cached.status.state) || cached.fetchedAt > since)) return stored(cached);
      if (await this.#takeReadLease(uuid)) {
        const read = await this.#fetch(uuid);
        // A caller that came while this read was under way wants one that started after it.
        if (read.ended || read.fetchedAt >= wanted.since) return read;
      }
      if (step >= 2 * WAIT_STEPS) throw new KycTimeoutError(`the read of ${uuid} by another process`, 2 * READ_INTERVAL_MS);
      await delay(WAIT_STEP_MS);
    }
  }

  /** Writes a status read at `fetchedAt` unless the store holds an end or a newer read; returns what is stored, and whether it is an end. */
  async save(uuid: string, status: TransactionStatus, fetchedAt: number): Promise<StoredStatus> {
    const written = await this.options.store.writeStatus(uuid, { status, fetchedAt }, this.ttlOf(status));
    // For the streams of every process; a publication lost costs a stream its follower's next read.
    await Promise.resolve(this.options.store.publishStatus(uuid, written)).catch(() => {});
    return stored(written);
  }

  /** How long the keys of a transaction live: until its expiry, plus the retention. */
  ttlOf(status: Pick<TransactionStatus, 'expires_at'>): number {
    return this.untilExpiryOf(status) + this.options.retentionMs;
  }

  /** How long until the transaction expires, on the kit's clock; 0 when past or unknown. */
  untilExpiryOf(status: Pick<TransactionStatus, 'expires_at'>): number {
    const expiresAt = status.expires_at ? Date.parse(status.expires_at) : NaN;
    return Number.isNaN(expiresAt) ? 0 : Math.max(0, expiresAt - this.options.client.now());
  }

  async #readOrWait(uuid: string, cached: CachedStatus | undefined): Promise<ServedStatus> {
    const { store } = this.options;
    for (let step = 0; step <= WAIT_STEPS; step++) {
      if (step > 0) {
        // Another process holds the lease: its answer lands in the store within the read's latency.
        await delay(WAIT_STEP_MS);
        const newer = await store.getStatus(uuid);
        if (newer && newer.fetchedAt > (cached?.fetchedAt ?? -Infinity)) return served(newer, false);
      }
      if (await this.#takeReadLease(uuid)) {
        try {
          return { ...(await this.#fetch(uuid)), stale: false };
        } catch (error) {
          return this.#lastKnownOr(cached, error);
        }
      }
    }
    // The lease holder's read never landed (it failed, or is slow): the last known status, within the same bound as our own failures.
    const stale = !this.#isRecent(cached?.fetchedAt ?? -Infinity, 2 * READ_INTERVAL_MS);
    if (cached && (!stale || this.#isRecent(cached.fetchedAt, this.options.staleForMs))) return served(cached, stale);
    throw new KycTimeoutError(`the read of ${uuid} by another process`, READ_INTERVAL_MS);
  }

  /** The fleet's right to read `uuid` now; the lease outlasts the interval a little, for a holder that dies while it reads. */
  #takeReadLease(uuid: string): Promise<boolean> {
    return Promise.resolve(this.options.store.acquire(readLease(uuid), this.options.holder, READ_INTERVAL_MS + READ_LEASE_MARGIN_MS));
  }

  async #fetch(uuid: string): Promise<StoredStatus> {
    const fetchedAt = this.options.client.now();
    try {
      return await this.#readAndSave(uuid, fetchedAt);
    } finally {
      // The next read starts a full interval after this one ended, so however late a read leaves
      // (a busy event loop, a slow network), no two of a uuid reach the service within a second.
      await Promise.resolve(this.options.store.holdLease(readLease(uuid), this.options.holder, READ_INTERVAL_MS)).catch(() => {});
    }
  }

  async #readAndSave(uuid: string, fetchedAt: number): Promise<StoredStatus> {
    try {
      const status = statusOf(await this.options.client.getTransaction(uuid));
      this.#failures.delete(uuid);
      return await this.save(uuid, status, fetchedAt);
    } catch (error) {
      this.#failures.delete(uuid);
      this.#failures.set(uuid, { at: fetchedAt, error });
      if (this.#failures.size > MAX_REMEMBERED_FAILURES) this.#failures.delete(this.#failures.keys().next().value!);
      throw error;
    }
  }

  /** While the service is unavailable, the last known status for a bounded time; else the failure. */
  #lastKnownOr(cached: CachedStatus | undefined, error: unknown): ServedStatus {
    if (cached && isUnavailable(error) && this.#isRecent(cached.fetchedAt, this.options.staleForMs))
      return { ...served(cached, true), failure: error };
    throw error;
  }

  #isRecent(at: number, windowMs = READ_INTERVAL_MS): boolean {
    return this.options.client.now() - at < windowMs;
  }
}

const readLease = (uuid: string) => `read:${uuid}`;

const stored = (cached: CachedStatus): StoredStatus => ({ ...cached, ended: isTerminal(cached.status.state) });
const served = (cached: CachedStatus, stale: boolean): ServedStatus => ({ ...stored(cached), stale });

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The service is down or slow, as opposed to answering: only then is an old answer better than none. */
function isUnavailable(error: unknown): boolean {
  return error instanceof KycTimeoutError || error instanceof KycNetworkError || (error instanceof KycApiError && error.status >= 500);
}
