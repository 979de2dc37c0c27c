import { isTerminal, type TransactionStatus } from '../../shared/transaction-state.js';
import { coalesce } from './coalesce.js';
import type { BackgroundWork, RequestContext } from './background.js';
import type { StatusReader } from './status-reader.js';
import type { CreatedTransaction, Store } from './store.js';
import type { Telemetry } from '../telemetry/telemetry.js';

/** Jobs looked at per sweep. */
const SWEEP_BATCH = 50;

export type OnResult = (status: TransactionStatus, transaction: CreatedTransaction) => void | Promise<void>;

export interface ResultDeliveryOptions {
  store: Store;
  reader: StatusReader;
  background: BackgroundWork;
  /** This process's name in the store's leases. */
  holder: string;
  onResult: OnResult;
  report: (error: unknown) => void;
  /** Waits between attempts; the last one repeats while `onResult` or the service keeps failing. */
  retryDelaysMs: readonly number[];
  /** How long a process holds a result before another may take it over (renewed while it works). */
  leaseMs: number;
  /** How long a job, done or not, is remembered. */
  retentionMs: number;
  now: () => number;
  /** Counts each attempt's outcome, and the results taken over from a process that stopped inside one. */
  telemetry: Telemetry;
}

/**
 * Makes sure `onResult` runs once for every end, across the fleet: whoever finds the end (a
 * webhook's confirmation, a poll) enqueues a durable job in the store; one process at a time
 * holds it under a renewed lease, runs `onResult`, and marks it done for good. A failure is
 * retried with backoff; a process that dies holding it loses the lease, and any other process
 * sweeping the store takes it over.
 */
export class ResultDelivery {
  readonly #running = new Map<string, Promise<void>>();
  /** Closed (the process stops): jobs are still recorded, for the fleet's sweeps, but none is started here. */
  #closed = false;

  constructor(private readonly options: ResultDeliveryOptions) {}

  /** An end was announced (webhook) or found (read) for `uuid`: its result is delivered unless it was already. */
  async enqueue(uuid: string, context?: RequestContext): Promise<void> {
    // This process is delivering it: a handler serving the end meanwhile must not start it twice.
    if (this.#running.has(uuid)) return;
    await this.options.store.enqueueJob(jobKey(uuid), this.options.retentionMs);
    if (!this.#closed) this.options.background.track(this.#run(uuid, context), context);
  }

  /** Starts no delivery from now on: each job found is left due in the store, where another process's sweep takes it. */
  close(): void {
    this.#closed = true;
  }

  /**
   * Gives back the jobs whose delivery is still running here, due at once, so that another
   * process's next sweep takes each (their `onResult` here is not stopped: it may then run twice).
   */
  async handOver(): Promise<void> {
    const { store, holder } = this.options;
    await Promise.all([...this.#running.keys()].map((uuid) => store.retryJob(jobKey(uuid), holder, 0)));
  }

  /** Takes up due jobs: retries whose time has come, and jobs whose holder died. */
  async sweep(context?: RequestContext): Promise<void> {
    const keys = await this.options.store.dueJobs(SWEEP_BATCH);
    for (const key of keys) this.options.background.track(this.#run(key.slice(JOB_PREFIX.length), context), context);
  }

  #run(uuid: string, context: RequestContext | undefined): Promise<void> {
    if (this.#closed) return Promise.resolve();
    return coalesce(this.#running, uuid, () => this.#attempt(uuid, context));
  }

  async #attempt(uuid: string, context: RequestContext | undefined): Promise<void> {
    const { store, holder, leaseMs, telemetry } = this.options;
    const key = jobKey(uuid);
    const startedAt = this.options.now();
    const take = await store.takeJob(key, holder, leaseMs);
    if (!take.taken) return;
    await telemetry.resultTaken(uuid, take.attempts);
    const renewal = setInterval(() => {
      Promise.resolve(store.renewJob(key, holder, leaseMs)).then(
        (kept) => kept || this.options.report(new Error(`lost the lease on the result of ${uuid}: another process may run onResult`)),
        this.options.report,
      );
    }, leaseMs / 3);
    renewal.unref?.();
    try {
      const created = await store.getCreated(uuid);
      // Not created here (or forgotten): nothing to deliver, and no read on behalf of whoever posted it.
      if (!created) {
        await telemetry.resultDropped(uuid, take.attempts);
        return void (await store.dropJob(key, holder));
      }
      const outcome = await this.#deliver(uuid, created, startedAt);
      if (typeof outcome === 'object') {
        telemetry.result('delivered');
        // Done for as long as the transaction's record lives, so no late delivery finds it undone.
        return void (await store.finishJob(key, holder, this.options.reader.ttlOf(outcome)));
      }
      if (outcome === 'contradicted' && take.attempts >= this.options.retryDelaysMs.length) {
        this.options.report(new Error(`an end was announced for ${uuid} but ${take.attempts + 1} authoritative reads say it is pending`));
        telemetry.result('given_up');
        await telemetry.resultDropped(uuid, take.attempts);
        return void (await store.dropJob(key, holder));
      }
      const wait = this.#retryDelay(take.attempts);
      telemetry.result('retried');
      await store.retryJob(key, holder, wait);
      this.options.background.later(wait, () => this.#run(uuid, context), context);
    } finally {
      clearInterval(renewal);
    }
  }

  /** Confirms the end with a read made after the attempt began, then calls onResult; the delivered end, or why not. */
  async #deliver(uuid: string, created: CreatedTransaction, startedAt: number): Promise<TransactionStatus | 'contradicted' | 'failed'> {
    try {
      const { status } = await this.options.reader.confirm(uuid, startedAt);
      if (!isTerminal(status.state)) return 'contradicted';
      await this.options.onResult(status, created);
      return status;
    } catch (error) {
      this.options.report(error);
      return 'failed';
    }
  }

  #retryDelay(attempts: number): number {
    const delays = this.options.retryDelaysMs;
    return delays[Math.min(attempts, delays.length - 1)] ?? 1000;
  }
}

const JOB_PREFIX = 'result:';
/** The key of `uuid`'s result job in the store (a store that makes room by it reads it: docs/fleet.md). */
export const jobKey = (uuid: string) => `${JOB_PREFIX}${uuid}`;
