import type { KycClient } from './client/client.js';
import type { OwnerOf } from './handlers/owner.js';
import { sessionHandler, type BuildRequest } from './handlers/session.js';
import { resolveSessionOptions, type SessionOptions } from './sessions/options.js';
import { statusHandler } from './handlers/status.js';
import { StreamLimiter, type StreamOptions } from './handlers/status-stream.js';
import { webhookHandler, type WebhookOptions } from './handlers/webhook.js';
import { BackgroundWork, type RequestContext } from './state/background.js';
import { ErrorReporter, type ErrorSource, type OnError } from './state/error-reporter.js';
import type { KitState } from './state/kit-state.js';
import { MemoryStore } from './state/memory-store.js';
import { ResultDelivery, type OnResult } from './state/result-delivery.js';
import { StatusFeed } from './state/status-feed.js';
import { StatusReader } from './state/status-reader.js';
import { Sweeper } from './state/sweeper.js';
import { guardStore } from './state/store-errors.js';
import type { Store } from './state/store.js';
import {
  RESULT_LEASE_MS,
  RETENTION_MS,
  RETRY_DELAYS_MS,
  STALE_FOR_MS,
  STORE_TIMEOUT_MS,
  STREAM_FOLLOW_INTERVAL_MS,
  SWEEP_INTERVAL_MS,
} from './state/timings.js';

export interface KycKitOptions extends WebhookOptions, StreamOptions {
  client: KycClient;
  /** Creates the transaction for the caller: see `BuildRequest`. */
  buildRequest: BuildRequest;
  /**
   * Called with each transaction's confirmed end and what the host remembered of it: once, or
   * again if a process dies inside it (so make it idempotent: key it on `transaction.uuid`).
   * A throw is reported and retried with backoff.
   */
  onResult: OnResult;
  /** What the kit remembers. Default: a `MemoryStore` (one process); a fleet shares a `RedisStore`. */
  store?: Store;
  /**
   * The caller's identity (its session or user id): a transaction answers only to the caller who
   * created it, a session POST resumes the caller's transaction, and the per-owner limits count by it.
   * Without it, every session POST creates a transaction and no per-owner limit applies (docs/sessions.md).
   */
  owner?: OwnerOf;
  /** Resume, who may create sessions, and the per-owner limits (docs/sessions.md). */
  sessions?: SessionOptions;
  /** Generates a `transaction_id`; default `crypto.randomUUID()`. A 409 (docs/service.md §4.2) makes it generate another. */
  newTransactionId?: () => string;
  /**
   * Where failures go (the service or the store failing, a throwing `onResult`, an orphaned
   * transaction, a bad message on the store's channel), with which handler met it and the
   * transaction's uuid when known. Rate-limited: the first error of a kind at once, then one
   * `KycRepeatedError` a second counting the others. Default `console.error`.
   */
  onError?: OnError;
  /** Waits between attempts to deliver a result; the last repeats until it succeeds. Default 1, 2, 4, 8 and 16 s. */
  retryDelaysMs?: readonly number[];
  /** How long a process holds a result before another may take it over; renewed while `onResult` runs. Default 15 s. */
  resultLeaseMs?: number;
  /** How long the last known status is served while the service fails, before 502/504. Default 60 s. */
  staleForMs?: number;
  /** How long a transaction's records outlive its expiry, and a result job the last time its end was found (or its success). Default 24 h. */
  retentionMs?: number;
  /** How long one store call may take before the request answers 503. Default 2 000 ms. */
  storeTimeoutMs?: number;
  /** How often this process looks for results left by a dead process or due for a retry. Default 1 s; 0 turns sweeping off, on the timer and on requests. */
  sweepIntervalMs?: number;
}

/** A handler of the kit: a Fetch handler, with the request's `waitUntil` where the runtime has one. */
export type KitHandler = (request: Request, context?: RequestContext) => Promise<Response>;

export interface KycKit {
  /** `POST`: answers the caller's current transaction, or creates one (docs/sessions.md). */
  session: KitHandler;
  /** `GET …/{uuid}`: the status object the widget polls; with `Accept: text/event-stream`, its stream. */
  status: KitHandler;
  /** `POST`: the service's webhooks. */
  webhook: KitHandler;
  /** Resolves when the work started after answers (result deliveries, their retries) has settled. */
  idle(): Promise<void>;
  /** Status streams open in this process. */
  readonly openStreams: number;
  /** Stops the sweep timer. Handlers keep working; a closed kit just stops looking for others' work. */
  close(): void;
}

/**
 * The host kit: the three handlers the widget and the service talk to, sharing one store, one
 * provider-read budget and one result delivery. Build it once per process and mount its handlers.
 */
export function createKycKit(options: KycKitOptions): KycKit {
  const reporter = new ErrorReporter(options.onError ?? console.error);
  const { client } = options;
  const sessions = resolveSessionOptions(options.sessions);
  const store = guardStore(options.store ?? new MemoryStore({ now: client.now }), options.storeTimeoutMs ?? STORE_TIMEOUT_MS);
  const holder = crypto.randomUUID();
  const retentionMs = options.retentionMs ?? RETENTION_MS;
  const background = new BackgroundWork(reporter.for('background'));
  const reader = new StatusReader({ client, store, holder, retentionMs, staleForMs: options.staleForMs ?? STALE_FOR_MS });
  const results = new ResultDelivery({
    store,
    reader,
    background,
    holder,
    onResult: options.onResult,
    report: reporter.for('results'),
    retryDelaysMs: options.retryDelaysMs ?? RETRY_DELAYS_MS,
    leaseMs: options.resultLeaseMs ?? RESULT_LEASE_MS,
    retentionMs,
    now: client.now,
  });
  const feed = new StatusFeed({
    store,
    reader,
    results,
    followIntervalMs: options.streamFollowIntervalMs ?? STREAM_FOLLOW_INTERVAL_MS,
    report: reporter.for('status'),
    reportChannel: reporter.for('store'),
    now: client.now,
  });
  const streams = new StreamLimiter();
  /** What a handler works with: the kit's parts, and a report that names the handler. */
  const stateOf = (handler: ErrorSource): KitState => ({
    client,
    store,
    reader,
    results,
    background,
    owner: options.owner,
    feed,
    streams,
    streamOptions: options,
    report: reporter.for(handler),
  });

  const sweeper = new Sweeper(results, background, reporter.for('results'), client.now, options.sweepIntervalMs ?? SWEEP_INTERVAL_MS);
  const withSweep =
    (handle: (request: Request, context?: RequestContext) => Promise<Response>): KitHandler =>
    (request, context) => {
      sweeper.onRequest(context);
      return handle(request, context);
    };

  return {
    session: withSweep(
      sessionHandler(stateOf('session'), options.buildRequest, options.newTransactionId ?? (() => crypto.randomUUID()), sessions),
    ),
    status: withSweep(statusHandler(stateOf('status'))),
    webhook: withSweep(webhookHandler(stateOf('webhook'), options)),
    idle: () => background.idle(),
    get openStreams() {
      return feed.size;
    },
    close: () => sweeper.stop(),
  };
}
