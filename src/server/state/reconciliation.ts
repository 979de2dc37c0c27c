import { isTerminal, type TransactionStatus } from '../../shared/transaction-state.js';
import { KycApiError } from '../client/errors.js';
import type { BackgroundWork, RequestContext } from './background.js';
import type { Report } from './error-reporter.js';
import type { ResultDelivery } from './result-delivery.js';
import type { StatusReader } from './status-reader.js';
import type { Store } from './store.js';
import type { Telemetry } from '../telemetry/telemetry.js';

/** Followed transactions claimed per sweep by one process. */
const RECONCILE_BATCH = 100;

export interface ReconciliationOptions {
  store: Store;
  reader: StatusReader;
  results: ResultDelivery;
  background: BackgroundWork;
  /** Where a check's failure goes, with its uuid. */
  report: Report;
  /** How often a pending transaction is checked: read, unless something read it within this time. */
  intervalMs: number;
  now: () => number;
  /** Counts the ends found here, that no webhook or poll had stored. */
  telemetry: Telemetry;
}

/**
 * The kit follows every transaction it created until its end, whoever polls: once a period, one
 * process of the fleet (the one whose sweep claims it in the store) checks it, reading it within
 * the read budget unless a poll, a stream or a webhook's confirmation read it meanwhile. An end it
 * finds goes to the result delivery, like any other; so a webhook lost to a dead process, a 5xx,
 * the network or a store outage costs a result at most a period's delay. An expired transaction
 * reads as its end too; following stops there, or when the transaction's record expires.
 */
export class Reconciliation {
  constructor(private readonly options: ReconciliationOptions) {}

  /** Follows a transaction the session handler just created, first checked a period from now. */
  async follow(uuid: string, initial: TransactionStatus): Promise<void> {
    await this.options.store.follow(uuid, this.options.intervalMs, this.options.reader.ttlOf(initial));
  }

  /** Claims the followed transactions due for a check, and checks each. */
  async sweep(context?: RequestContext): Promise<void> {
    const { store, intervalMs, background } = this.options;
    const uuids = await store.claimFollowed(RECONCILE_BATCH, intervalMs);
    for (const uuid of uuids) background.track(this.#check(uuid, context), context);
  }

  async #check(uuid: string, context: RequestContext | undefined): Promise<void> {
    const { store, reader, now, intervalMs } = this.options;
    try {
      const stored = await store.getStatus(uuid);
      // Read within the period by a poll, a stream or a confirmation: nothing more to learn yet.
      if (stored && !isTerminal(stored.status.state) && now() - stored.fetchedAt < intervalMs) return;
      const served = await reader.read(uuid);
      if (served.failure) this.options.report(served.failure, uuid);
      if (!served.ended) return;
      if (!stored || !isTerminal(stored.status.state)) this.options.telemetry.reconciled();
      // Recorded before following stops: a failure here leaves it followed, and checked again.
      await this.options.results.enqueue(uuid, context);
      await store.unfollow(uuid);
    } catch (error) {
      this.options.report(error, uuid);
      // The service does not know it (any more): no later check can find its end.
      if (error instanceof KycApiError && error.status === 404) await store.unfollow(uuid);
    }
  }
}
