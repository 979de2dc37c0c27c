import { isTerminal, type TransactionStatus } from '../../shared/transaction-state.js';
import type { Store } from '../state/store.js';
import { KitMetrics } from './metrics.js';
import {
  codeValue,
  stepValue,
  type LinkChannel,
  type RefusalReason,
  type ResultOutcome,
  type StatusAnswerKind,
  type WebhookOutcome,
} from './names.js';
import { Origins } from './origins.js';
import { otel } from './otel.js';
import { KitTracing } from './tracing.js';
import { instrumentedClient, tracedHandler, tracedOnResult } from './traced.js';
import type { KycClient } from '../client/client.js';
import type { OnResult } from '../state/result-delivery.js';

/** The instrumentation scope of every meter and tracer of the kit. */
const SCOPE = 'kyc-verify';

export interface TelemetryOptions {
  /** The kit's store (guarded: telemetry's own calls are timed and bounded like any other), once the kit has made it. */
  store: () => Store;
  /** This process's name in the store's leases. */
  holder: string;
  /** The kit's clock, and the service's as the kit reads it (a delivery's lag is on the service's clock). */
  now: () => number;
  serviceNow: () => number;
  openStreams: () => number;
}

/** Why a store call did not answer: no answer in time, a full MemoryStore, or any other failure. */
export type StoreCallFailure = 'timeout' | 'full' | 'error';
/** What hears the store's calls: which to time (a sample), and each call timed or failed: how long it took, why it failed. */
export interface StoreCallObserver {
  timesNext(): boolean;
  called(operation: string, seconds: number | undefined, failure: StoreCallFailure | undefined): void;
}

/**
 * What the kit tells OpenTelemetry (docs/operations.md): metrics when the application registered a
 * MeterProvider, spans when it registered a TracerProvider, both before the kit was created;
 * otherwise (or without `@opentelemetry/api` installed) each call is a check and nothing more.
 * Whatever the store or an exporter does here never fails a request: telemetry is best effort.
 *
 * Counted exactly once for the fleet: a creation, a refusal, an opened link by the process that
 * served it; a step or an end by the process that first stored it (a lease in the store settles a
 * race); a result attempt by the process that made it. Summed over the fleet's processes (`sum` in
 * PromQL), each event is counted once.
 */
export class Telemetry {
  // Private, so that the kit's declarations name no type of @opentelemetry/api (it may not be installed).
  readonly #metrics: KitMetrics | null;
  readonly #tracing: KitTracing | null;
  readonly #origins: Origins;

  constructor(private readonly options: TelemetryOptions) {
    const meter = otel?.metrics.getMeter(SCOPE);
    // The API answers a meter that records nothing until an SDK is registered: then the kit does no work for it.
    this.#metrics = meter && meter.constructor !== otel!.createNoopMeter().constructor ? new KitMetrics(meter, options.openStreams) : null;
    const provider = otel?.trace.getTracerProvider();
    const delegate = otel && provider instanceof otel.ProxyTracerProvider ? provider.getDelegate() : provider;
    // The provider the API answers without an SDK is the one a fresh proxy delegates to.
    const registered = delegate && delegate !== new otel!.ProxyTracerProvider().getDelegate();
    this.#tracing = registered ? new KitTracing(otel!, delegate.getTracer(SCOPE)) : null;
    this.#origins = new Origins(options.store);
  }

  /** Whether anything is measured: when not, callers skip what they would compute only for it. */
  get on(): boolean {
    return this.#metrics !== null || this.#tracing !== null;
  }

  /** Stops the observations of this kit's gauges (its streams, its polls' counts). */
  close(): void {
    this.#metrics?.close();
  }

  /** Whether metrics are counted (an SDK's MeterProvider was registered). */
  get counting(): boolean {
    return this.#metrics !== null;
  }

  /** `handle` in a span `kyc-verify <name>` per request, when tracing is on; else `handle` itself. */
  handler<Args extends unknown[], Answer>(name: string, handle: (...args: Args) => Promise<Answer>): (...args: Args) => Promise<Answer> {
    return this.#tracing ? tracedHandler(this.#tracing, name, handle) : handle;
  }

  /** The kit's client with its calls timed and traced, when telemetry is on; else `client` itself. */
  client(client: KycClient): KycClient {
    return this.on ? instrumentedClient(this.#metrics, this.#tracing, (uuid) => this.traceparentOf(uuid), client) : client;
  }

  /** `onResult` in a span of its own linked to the transaction's creation, when tracing is on; else `onResult` itself. */
  onResult(onResult: OnResult): OnResult {
    return this.#tracing ? tracedOnResult(this.#tracing, (uuid) => this.linkToOrigin(uuid), onResult) : onResult;
  }

  /** A transaction created by the current request: counted, and its origin recorded for the fleet. */
  async created(uuid: string, ttlMs: number): Promise<void> {
    this.#metrics?.created();
    this.about(uuid);
    if (!this.on) return;
    await this.#origins.record(uuid, { at: this.options.now(), traceparent: this.#tracing?.traceparent() }, ttlMs).catch(() => {});
  }

  resumed(): void {
    this.#metrics?.resumed();
  }

  refused(reason: RefusalReason): void {
    this.#metrics?.refused(reason);
  }

  /** The first device opened `uuid`'s link, through `channel`: remembered for the fleet, so that its steps and end say it. */
  async linkOpened(uuid: string, channel: LinkChannel, ttlMs: number): Promise<void> {
    if (!this.#metrics) return;
    this.#metrics.linkOpened(channel);
    await Promise.resolve(this.options.store().setShared(channelKey(uuid), channel, ttlMs)).catch(() => {});
    await this.#stage(uuid, 'link_opened');
  }

  otherDevice(refused: boolean): void {
    this.#metrics?.otherDevice(refused);
  }

  /**
   * A status was written over `before` (what the store held just before, as this process saw it):
   * a step or an end it shows for the first time is counted once for the fleet, by whichever
   * process takes its lease in the store first (every process that sees it new tries).
   */
  async statusWritten(uuid: string, before: TransactionStatus | undefined, after: TransactionStatus, ttlMs: number): Promise<void> {
    const metrics = this.#metrics;
    if (!metrics) return;
    const step = stepValue(after.step);
    if (after.step !== null && after.step !== before?.step && (await this.#first(uuid, `step:${step}`, ttlMs))) {
      metrics.stepReached(step, await this.#channelOf(uuid));
      await this.#stage(uuid, 'step', { 'kyc_verify.step': step });
    }
    if (isTerminal(after.state) && !(before && isTerminal(before.state)) && (await this.#first(uuid, 'end', ttlMs))) {
      metrics.ended(after.state, codeValue(after.code), await this.#channelOf(uuid));
      await this.#stage(uuid, 'ended', { 'kyc_verify.state': after.state });
    }
  }

  /** A delivery refused, or recognised, before the kit looked at its transaction. */
  webhook(outcome: WebhookOutcome): void {
    this.#metrics?.webhook(outcome);
  }

  /**
   * A delivery for a transaction of this kit, taken: `reordered` when a delivery of a later event
   * (its `updated_at`) came before it (the latest is kept in the store for the fleet), and its lag
   * from the event on the service's clock.
   */
  async webhookTaken(uuid: string, updatedAt: string): Promise<void> {
    const metrics = this.#metrics;
    if (!metrics) return;
    const store = this.options.store();
    const event = Date.parse(updatedAt);
    const key = `telemetry:webhook-latest:${uuid}`;
    let reordered = false;
    try {
      const latest = Number((await store.getShared(key)) ?? -Infinity);
      reordered = event < latest;
      if (!reordered) await store.setShared(key, String(event), MARK_MS);
    } catch {
      // Best effort: a failing store loses the order, never the delivery.
    }
    metrics.webhook(reordered ? 'reordered' : 'accepted', (this.options.serviceNow() - event) / 1000);
  }

  /** An end the reconciliation found, that neither a webhook nor a poll had. */
  reconciled(): void {
    this.#metrics?.reconciled();
  }

  /**
   * A process took `uuid`'s result for attempt `attempts` (earlier attempts that failed): a mark in
   * the store per attempt tells one started before and never concluded, by a process that stopped
   * inside it, so this one took it over. (Two processes never take one job at once: takeJob is atomic.)
   */
  async resultTaken(uuid: string, attempts: number): Promise<void> {
    if (!this.#metrics) return;
    const store = this.options.store();
    const mark = attemptKey(uuid, attempts);
    try {
      // A given-up job's marks are emptied, not deleted (telemetry writes through the store's own primitives).
      if (await store.getShared(mark)) this.#metrics.result('taken_over');
      await store.setShared(mark, this.options.holder, MARK_MS);
    } catch {
      // Best effort: a failing store loses a count, never a result.
    }
  }

  result(outcome: ResultOutcome): void {
    this.#metrics?.result(outcome);
  }

  /** `uuid`'s result was given up (or found not to be this kit's): a later end starts at attempt 0 again, with no mark to mistake. */
  async resultDropped(uuid: string, attempts: number): Promise<void> {
    if (!this.#metrics) return;
    const store = this.options.store();
    for (let attempt = 0; attempt <= attempts; attempt++)
      await Promise.resolve(store.setShared(attemptKey(uuid, attempt), '', 1)).catch(() => {});
  }

  budget(name: string, outcome: 'spent' | 'refused'): void {
    this.#metrics?.budget(name, outcome);
  }

  statusAnswered(kind: StatusAnswerKind): void {
    this.#metrics?.statusAnswered(kind);
  }

  /** What hears the store's calls (a sample timed, every failure), when metrics are on. */
  get storeObserver(): StoreCallObserver | undefined {
    const metrics = this.#metrics;
    if (!metrics) return undefined;
    return {
      timesNext: () => metrics.timesNextStoreCall(),
      called: (operation, seconds, failure) => metrics.storeCall(operation, seconds, failure),
    };
  }

  /** Names the transaction on the current span. */
  about(uuid: string): void {
    this.#tracing?.about(uuid);
  }

  /** Links the current span to the span of the session POST that created `uuid`. */
  async linkToOrigin(uuid: string): Promise<void> {
    const tracing = this.#tracing;
    if (!tracing) return;
    tracing.link((await this.#origins.of(uuid))?.traceparent);
  }

  /** The origin's `traceparent`, for a span that links to it itself. */
  async traceparentOf(uuid: string): Promise<string | undefined> {
    return this.#tracing ? (await this.#origins.of(uuid))?.traceparent : undefined;
  }

  /** How `uuid`'s link was first opened, or `none` while it was not (or cannot be told). */
  async #channelOf(uuid: string): Promise<LinkChannel | 'none'> {
    const channel = await Promise.resolve(this.options.store().getShared(channelKey(uuid))).catch(() => undefined);
    return (channel as LinkChannel | undefined) ?? 'none';
  }

  async #first(uuid: string, milestone: string, ttlMs: number): Promise<boolean> {
    const key = `telemetry:milestone:${uuid}:${milestone}`;
    return Promise.resolve(this.options.store().acquire(key, this.options.holder, ttlMs)).catch(() => false);
  }

  async #stage(uuid: string, milestone: 'link_opened' | 'step' | 'ended', detail?: Record<string, string>): Promise<void> {
    const origin = await this.#origins.of(uuid);
    if (origin) this.#metrics?.stage(Math.max(0, this.options.now() - origin.at) / 1000, milestone, detail);
  }
}

/** How long telemetry's marks last (an attempt's, a transaction's latest delivery): a result job's retention. */
const MARK_MS = 24 * 3600_000;

const attemptKey = (uuid: string, attempt: number) => `telemetry:result:${uuid}:${attempt}`;
const channelKey = (uuid: string) => `telemetry:channel:${uuid}`;
