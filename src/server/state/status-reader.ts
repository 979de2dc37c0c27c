import { isTerminal, type TransactionStatus } from '../../shared/transaction-state.js';
import type { KycClient } from '../client/client.js';
import { KycApiError, KycNetworkError, KycTimeoutError } from '../client/errors.js';
import { statusOf } from '../client/transaction-status.js';
import { KycBudgetExceededError } from '../budgets/budget-error.js';
import type { Budgets } from '../budgets/budgets.js';
import { handoffOf } from '../handoff/devices.js';
import { coalesce } from './coalesce.js';
import type { CachedStatus, Store } from './store.js';
import type { Telemetry } from '../telemetry/telemetry.js';
import { READ_DEPARTURE_WINDOW_MS, READ_INTERVAL_MS, READ_SPACING_MARGIN_MS, WAIT_STEP_MS } from './timings.js';

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
  /** Read from the service for this caller (by this process or, while it waited, another), not found in the store. */
  fresh?: boolean;
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
  /** The kit-wide read budget among them: a read past it is not sent, and the last known status is served. */
  budgets: Budgets;
  /** Told each status written, to count the steps and ends it shows first. */
  telemetry: Telemetry;
}

/**
 * The provider-read budget over the kit's store: a uuid is read at most once per second by the
 * whole fleet, and the whole fleet reads at most `budgets.readsPerSecond` uuids a second. The process holding the uuid's read lease reads; the others wait briefly for its
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
      const read = await this.#readIfLeased(uuid);
      // A caller that came while this read was under way wants one that started after it.
      if (read && (read.ended || read.fetchedAt >= wanted.since)) return read;
      if (step >= 2 * WAIT_STEPS) throw new KycTimeoutError(`the read of ${uuid} by another process`, 2 * READ_INTERVAL_MS);
      await delay(WAIT_STEP_MS);
    }
  }

  /** Writes a status read at `fetchedAt` unless the store holds an end or a newer read; returns what is stored, and whether it is an end. */
  async save(uuid: string, status: TransactionStatus, fetchedAt: number): Promise<StoredStatus> {
    // The short link's opening is the kit's, not the service's: every read carries it on (docs/handoff.md).
    const { store, telemetry } = this.options;
    const handoff = await handoffOf(store, uuid);
    const next = handoff ? { ...status, handoff } : status;
    // What the store held before, for the steps and ends the write shows first: only while metrics are on.
    const before = telemetry.counting ? await store.getStatus(uuid) : undefined;
    const written = await store.writeStatus(uuid, { status: next, fetchedAt }, this.ttlOf(status));
    // For the streams of every process; a publication lost costs a stream its follower's next read.
    await Promise.resolve(store.publishStatus(uuid, written)).catch(() => {});
    await telemetry.statusWritten(uuid, before?.status, written.status, this.ttlOf(status));
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
        if (newer && newer.fetchedAt > (cached?.fetchedAt ?? -Infinity)) return { ...served(newer, false), fresh: true };
      }
      let read;
      try {
        read = await this.#readIfLeased(uuid);
      } catch (error) {
        return this.#lastKnownOr(cached, error);
      }
      if (read) return { ...read, stale: false, fresh: true };
    }
    // The lease holder's read never landed (it failed, or is slow): the last known status, within the same bound as our own failures.
    const stale = !this.#isRecent(cached?.fetchedAt ?? -Infinity, 2 * READ_INTERVAL_MS);
    if (cached && (!stale || this.#isRecent(cached.fetchedAt, this.options.staleForMs))) return served(cached, stale);
    throw new KycTimeoutError(`the read of ${uuid} by another process`, READ_INTERVAL_MS);
  }

  /**
   * The fleet's right to read `uuid` now, and the read: undefined when another process holds the
   * lease, or when this one's read could not leave within the departure window (then the lease is
   * freed for whoever can read sooner).
   */
  async #readIfLeased(uuid: string): Promise<StoredStatus | undefined> {
    const { store, holder } = this.options;
    const askedAt = performance.now();
    if (!(await store.acquire(readLease(uuid), holder, READ_INTERVAL_MS + READ_DEPARTURE_WINDOW_MS))) return undefined;
    try {
      await this.#spendReadBudget();
      return await this.#readAndSave(uuid, askedAt);
    } catch (error) {
      if (!(error instanceof LateDeparture || error instanceof KycBudgetExceededError)) throw error;
      await Promise.resolve(store.release(readLease(uuid), holder)).catch(() => {});
      if (error instanceof KycBudgetExceededError) throw error;
      return undefined;
    }
  }

  /** One read of the kit-wide budget, or a KycBudgetExceededError (told to onError once a minute). */
  async #spendReadBudget(): Promise<void> {
    const { store, budgets } = this.options;
    const budget = budgets.kitWide('readsPerSecond');
    if (!budget) return;
    const hit = await store.hit(budget.key, budget.limit, budget.windowMs);
    if (hit.allowed) return budgets.spent([budget]);
    const error = new KycBudgetExceededError('readsPerSecond', budget.limit, hit.retryAfterMs);
    await budgets.tell(error, 'status');
    throw error;
  }

  /**
   * Reads `uuid` under the lease asked for at `askedAt` (performance.now()). The read leaves only
   * within the departure window, so the grant's lease lasts at least an interval past its departure
   * whatever the store's latency, and it is held until the answer comes (no other process reads
   * meanwhile); then it is shortened to end one interval (and the spacing margin) after the
   * departure, so the next read, by any process, leaves that long after this one, not after the
   * grant. A shortening reaches the store late, never early: it delays the next read, never hastens it.
   */
  async #readAndSave(uuid: string, askedAt: number): Promise<StoredStatus> {
    const { client, store, holder } = this.options;
    let fetchedAt = client.now();
    let departedAt: number | undefined;
    const leaving = () => {
      if (performance.now() - askedAt > READ_DEPARTURE_WINDOW_MS) throw new LateDeparture();
      fetchedAt = client.now();
      departedAt = performance.now();
    };
    const shortenLease = () => {
      if (departedAt === undefined) return;
      const leftMs = Math.ceil(departedAt + READ_INTERVAL_MS + READ_SPACING_MARGIN_MS - performance.now());
      const shortened = leftMs > 0 ? store.resetLease(readLease(uuid), holder, leftMs) : store.release(readLease(uuid), holder);
      void Promise.resolve(shortened).catch(() => {});
    };
    try {
      const answer = await client.getTransaction(uuid, leaving).finally(shortenLease);
      const status = statusOf(answer);
      this.#failures.delete(uuid);
      return await this.save(uuid, status, fetchedAt);
    } catch (error) {
      if (error instanceof LateDeparture) throw error;
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

/** A read that did not leave: too long after its lease was asked for. */
class LateDeparture extends Error {}

const stored = (cached: CachedStatus): StoredStatus => ({ ...cached, ended: isTerminal(cached.status.state) });
const served = (cached: CachedStatus, stale: boolean): ServedStatus => ({ ...stored(cached), stale });

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The service is down or slow, or the read budget is spent, as opposed to answering: only then is an old answer better than none. */
function isUnavailable(error: unknown): boolean {
  return (
    error instanceof KycBudgetExceededError ||
    error instanceof KycTimeoutError ||
    error instanceof KycNetworkError ||
    (error instanceof KycApiError && error.status >= 500)
  );
}
