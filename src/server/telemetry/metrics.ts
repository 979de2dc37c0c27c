import type { Attributes, Counter, Histogram, Meter, ObservableCallback } from '@opentelemetry/api';
import {
  ATTRIBUTES as A,
  type LinkChannel,
  type ProviderOperation,
  type RefusalReason,
  type ResultOutcome,
  type StatusAnswerKind,
  type WebhookOutcome,
} from './names.js';
import type { StoreCallFailure } from './telemetry.js';

/** Buckets, in seconds: a call to a store or the service (1 ms to 10 s), a delivery's lag, and the stages of a verification (1 s to an hour). */
const CALL_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const LAG_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];
const STAGE_BUCKETS = [1, 5, 10, 30, 60, 120, 180, 300, 600, 900, 1800, 3600];

/** One store call in this many is timed: a poll makes two, and each record costs the SDK a hash of its attributes and its garbage. */
const STORE_SAMPLE = 32;

const STATUS_ANSWERS: readonly StatusAnswerKind[] = ['fresh', 'cached', 'stale', 'not_modified'];

/**
 * Attribute sets made once and kept: an instrument given the same object again builds nothing
 * (the poll's path, the store's calls), and every value comes from a bounded list.
 */
class AttributeSets {
  readonly #sets = new Map<string, Attributes>();

  of(attributes: Record<string, string | number>): Attributes {
    const key = JSON.stringify(attributes);
    let set = this.#sets.get(key);
    if (!set) {
      set = Object.freeze({ ...attributes });
      this.#sets.set(key, set);
    }
    return set;
  }
}

/**
 * The kit's instruments on one meter (docs/operations.md lists them with their Prometheus names).
 * Made once per kit; what a poll counts is a plain number read when the SDK collects.
 */
export class KitMetrics {
  readonly #sets = new AttributeSets();
  readonly #created: Counter;
  readonly #resumed: Counter;
  readonly #refused: Counter;
  readonly #opened: Counter;
  readonly #otherDevices: Counter;
  readonly #steps: Counter;
  readonly #ended: Counter;
  readonly #stages: Histogram;
  readonly #webhooks: Counter;
  readonly #lag: Histogram;
  readonly #reconciled: Counter;
  readonly #results: Counter;
  readonly #provider: Histogram;
  readonly #budgets: Counter;
  readonly #store: Histogram;
  readonly #storeFailures: Counter;
  #storeCalls = 0;
  /** Polls answered, by kind, in STATUS_ANSWERS' order: counted here, observed at collection. */
  readonly #answers = [0, 0, 0, 0];
  /** Each store operation's attribute set, made at its first call. */
  readonly #storeSets = new Map<string, Record<'ok' | StoreCallFailure, Attributes>>();

  constructor(meter: Meter, openStreams: () => number) {
    const counter = (name: string, unit: string, description: string) => meter.createCounter(name, { unit, description });
    const histogram = (name: string, description: string, explicitBucketBoundaries: number[]) =>
      meter.createHistogram(name, { unit: 's', description, advice: { explicitBucketBoundaries } });
    this.#created = counter('kyc_verify.verifications.created', '{verification}', 'Transactions created by session requests');
    this.#resumed = counter('kyc_verify.verifications.resumed', '{verification}', 'Session requests that resumed a transaction');
    this.#refused = counter('kyc_verify.verifications.refused', '{request}', 'Session requests that created nothing, by reason');
    this.#opened = counter('kyc_verify.links.opened', '{verification}', 'Transactions whose link a first device opened, by channel');
    this.#otherDevices = counter('kyc_verify.handoff.other_devices', '{device}', 'Devices other than the first that opened a link');
    this.#steps = counter('kyc_verify.steps.reached', '{verification}', 'Transactions that reached each step');
    this.#ended = counter('kyc_verify.verifications.ended', '{verification}', 'Transactions that ended, by state and code');
    this.#stages = histogram('kyc_verify.verification.stage.duration', 'From a transaction’s creation to each milestone', STAGE_BUCKETS);
    this.#webhooks = counter('kyc_verify.webhooks.received', '{delivery}', 'Webhook deliveries, by what became of them');
    this.#lag = histogram('kyc_verify.webhook.lag', 'From the service’s event (updated_at) to its delivery', LAG_BUCKETS);
    this.#reconciled = counter(
      'kyc_verify.reconciliation.ends_found',
      '{verification}',
      'Ends found by the reconciliation, not a webhook or poll',
    );
    this.#results = counter('kyc_verify.results', '{attempt}', 'Attempts at delivering a result to onResult, by outcome');
    this.#provider = histogram('kyc_verify.provider.duration', 'Calls to the KYC service, by operation and outcome', CALL_BUCKETS);
    this.#budgets = counter('kyc_verify.budget.uses', '{use}', 'What each budget let through or refused');
    this.#store = histogram('kyc_verify.store.duration', 'A sample of the calls to the kit’s store (one in 32)', CALL_BUCKETS);
    this.#storeFailures = counter('kyc_verify.store.failures', '{call}', 'Calls to the kit’s store that failed, by operation and why');
    const streams = meter.createObservableUpDownCounter('kyc_verify.streams.open', {
      unit: '{stream}',
      description: 'Status streams open in this process',
    });
    const observeStreams: ObservableCallback = (result) => result.observe(openStreams());
    streams.addCallback(observeStreams);
    const answerSets = STATUS_ANSWERS.map((kind) => this.#sets.of({ [A.statusAnswer]: kind }));
    const answers = meter.createObservableCounter('kyc_verify.status.answers', { unit: '{answer}', description: 'Polls answered, by how' });
    const observeAnswers: ObservableCallback = (result) =>
      this.#answers.forEach((count, index) => result.observe(count, answerSets[index]));
    answers.addCallback(observeAnswers);
    this.close = () => {
      streams.removeCallback(observeStreams);
      answers.removeCallback(observeAnswers);
    };
  }

  /** Stops observing this kit (a kit closed, another one may come in its place in the process). */
  readonly close: () => void;

  created(): void {
    this.#created.add(1);
  }

  resumed(): void {
    this.#resumed.add(1);
  }

  refused(reason: RefusalReason): void {
    this.#refused.add(1, this.#sets.of({ [A.refusal]: reason }));
  }

  linkOpened(channel: LinkChannel): void {
    this.#opened.add(1, this.#sets.of({ [A.channel]: channel }));
  }

  otherDevice(refused: boolean): void {
    this.#otherDevices.add(1, this.#sets.of({ [A.deviceAction]: refused ? 'refused' : 'warned' }));
  }

  /** A step reached, with the channel its link was opened through (`none`: not opened, as far as the kit knows). */
  stepReached(step: string, channel: LinkChannel | 'none'): void {
    this.#steps.add(1, this.#sets.of({ [A.step]: step, [A.channel]: channel }));
  }

  ended(state: string, code: string, channel: LinkChannel | 'none'): void {
    this.#ended.add(1, this.#sets.of({ [A.state]: state, [A.code]: code, [A.channel]: channel }));
  }

  /** A milestone's time since the creation: `link_opened`, a step (`step` names it) or the end (`state` names it). */
  stage(seconds: number, milestone: 'link_opened' | 'step' | 'ended', detail: Record<string, string> = {}): void {
    this.#stages.record(seconds, this.#sets.of({ [A.milestone]: milestone, ...detail }));
  }

  webhook(outcome: WebhookOutcome, lagSeconds?: number): void {
    this.#webhooks.add(1, this.#sets.of({ [A.webhookOutcome]: outcome }));
    if (lagSeconds !== undefined) this.#lag.record(Math.max(0, lagSeconds));
  }

  reconciled(): void {
    this.#reconciled.add(1);
  }

  result(outcome: ResultOutcome): void {
    this.#results.add(1, this.#sets.of({ [A.resultOutcome]: outcome }));
  }

  /** A provider call: its HTTP status when the service answered, and `error.type` when it failed. */
  provider(operation: ProviderOperation, seconds: number, status: number | undefined, errorType: string | undefined): void {
    const attributes: Record<string, string | number> = { [A.operation]: operation };
    if (status !== undefined) attributes[A.statusCode] = status;
    if (errorType !== undefined) attributes[A.errorType] = errorType;
    this.#provider.record(seconds, this.#sets.of(attributes));
  }

  budget(name: string, outcome: 'spent' | 'refused'): void {
    this.#budgets.add(1, this.#sets.of({ [A.budget]: name, [A.budgetOutcome]: outcome }));
  }

  statusAnswered(kind: StatusAnswerKind): void {
    this.#answers[STATUS_ANSWERS.indexOf(kind)]!++;
  }

  /** Whether the store's next call is timed: one in STORE_SAMPLE is (untimed, it costs no clock reading). */
  timesNextStoreCall(): boolean {
    return ++this.#storeCalls % STORE_SAMPLE === 0;
  }

  /** A store call timed (`seconds`) or failed: each failure counted (`error.type`), each timed call recorded. */
  storeCall(operation: string, seconds: number | undefined, failure: StoreCallFailure | undefined): void {
    let sets = this.#storeSets.get(operation);
    if (!sets) {
      const failed = (type: StoreCallFailure) => this.#sets.of({ [A.dbOperation]: operation, [A.errorType]: type });
      sets = {
        ok: this.#sets.of({ [A.dbOperation]: operation }),
        timeout: failed('timeout'),
        full: failed('full'),
        error: failed('error'),
      };
      this.#storeSets.set(operation, sets);
    }
    if (failure) this.#storeFailures.add(1, sets[failure]);
    if (seconds !== undefined) this.#store.record(seconds, sets[failure ?? 'ok']);
  }
}
