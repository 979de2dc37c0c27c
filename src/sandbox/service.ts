/**
 * The KYC service the sandbox emulates: creates transactions, moves them through the flow,
 * expires them (lazily on every read and proactively with a timer, both on the sandbox clock)
 * and notifies webhooks of what changed.
 */
import { randomUUID } from 'node:crypto';
import { ISSUE_CODES } from '../shared/issue-codes.js';
import { refuseDisallowedTargets, type AllowedHosts } from './allowed-hosts.js';
import type { SandboxClock } from './clock.js';
import { ApiError } from './errors.js';
import { applyEvent, startFlow, type Flow, type FlowEvent, type FlowRules } from './flow.js';
import { normalizeRut } from '../shared/rut.js';
import { limitViolations } from '../shared/wire/limits.js';
import { expiryMsOf, verificationLink } from '../shared/wire/links.js';
import type { CreateTransactionRequest, Transaction, WebhookPayload } from './schemas.js';
import { TransactionStore, type StoreLimits, type StoredTransaction } from './store.js';
import type { WebhookDispatcher } from './webhooks.js';

/** How long an enrolment lets later verifications of the same nin skip the document (spec is silent). */
const ENROLMENT_VALIDITY_MS = 365 * 24 * 3600 * 1000;
/** Most enrolments kept; the oldest is forgotten first, as if it had lapsed. */
const MAX_ENROLMENTS = 10_000;

export interface ServiceOptions {
  clock: SandboxClock;
  webhooks: WebhookDispatcher;
  generateNanoid: () => string;
  limits: StoreLimits;
  /** Hosts a webhook or a redirect_uri may point at. */
  allowedHosts: AllowedHosts;
}

export class KycService {
  readonly #store: TransactionStore;
  /** Enrolled nins per company (a private base, docs/service.md §2.3.1), mapped to when the enrolment lapses. */
  readonly #enrolments = new Map<string, number>();
  readonly #clock: SandboxClock;
  readonly #webhooks: WebhookDispatcher;
  readonly #generateNanoid: () => string;
  readonly #allowedHosts: AllowedHosts;
  readonly #capacity: number;

  constructor({ clock, webhooks, generateNanoid, limits, allowedHosts }: ServiceOptions) {
    this.#clock = clock;
    this.#webhooks = webhooks;
    this.#generateNanoid = generateNanoid;
    this.#allowedHosts = allowedHosts;
    this.#capacity = limits.capacity;
    this.#store = new TransactionStore(limits);
  }

  /** Creates a transaction, after the rules that answer 400, 409 and 503 (docs/service.md §4.2, §8; the sandbox's bounds). */
  create(request: CreateTransactionRequest, origin: string): StoredTransaction {
    checkLimits(request);
    refuseDisallowedTargets(this.#allowedHosts, { webhook: request.webhook, 'metadata.redirect_uri': request.metadata.redirect_uri });
    if (this.#store.hasTransactionId(request.company_id, request.transaction_id)) {
      throw new ApiError(
        409,
        'Transaction',
        'Duplicated',
        `transaction_id ${request.transaction_id} already exists for company ${request.company_id}`,
      );
    }
    if (!this.#store.makeRoom()) {
      throw new ApiError(
        503,
        'Transaction',
        'Service unavailable',
        `The sandbox holds ${this.#capacity} transactions in progress, its most: end or expire some, or raise maxTransactions (--max-transactions)`,
      );
    }
    const now = this.#clock.now();
    const uuid = randomUUID();
    const { metadata } = request;
    const flow = startFlow(metadata.enrolment && this.#isEnrolled(request.company_id, metadata.nin));
    const data: Transaction = {
      id: this.#store.nextId(),
      uuid,
      transaction_id: request.transaction_id,
      user_id: request.user_id ?? null,
      company_id: request.company_id,
      authorization_method: request.authorization_method,
      code: flow.code,
      ...flow.flags,
      created_at: new Date(now).toISOString(),
      updated_at: new Date(now).toISOString(),
      deleted_at: null,
      scope: request.scope ?? null,
      expiration: request.expiration,
      tries: request.tries,
      allowed_clients: request.allowed_clients ?? null,
      nanoid: request.nanoid ? this.#generateNanoid() : null,
      validator_url: request.link
        ? request.link.replaceAll('{{transaction_uuid}}', uuid).replaceAll('{{nin}}', metadata.nin ?? '')
        : verificationLink(origin, uuid),
      metadata,
      client_id: request.client_id ?? null,
      webhook: request.webhook ?? null,
      verification_result: {},
      issue_description: null,
      step: flow.step,
      description: ISSUE_CODES[flow.code],
      creator_user_id: request.creator_user_id ?? null,
      extra_check_details: null,
    };
    const transaction: StoredTransaction = { data, flow, captureStartedAtMs: null, expiryTimer: null };
    this.#store.add(transaction);
    this.#scheduleExpiry(transaction);
    return transaction;
  }

  /** Transactions created so far. */
  get created(): number {
    return this.#store.created;
  }

  /** The one transaction a uuid or nanoid names (404 for none, 409 for several), up to date. */
  find(identifier: string): StoredTransaction {
    const matches = this.#store.matching(identifier);
    if (matches.length === 0) throw new ApiError(404, 'Transaction', 'Not found', `No transaction ${identifier}`);
    if (matches.length > 1) throw new ApiError(409, 'Transaction', 'Duplicated', `More than one transaction for ${identifier}`);
    return this.#upToDate(matches[0]!);
  }

  /** The transaction with this uuid, up to date, if there is one. */
  byUuid(uuid: string): StoredTransaction | undefined {
    const transaction = this.#store.byUuid(uuid);
    return transaction && this.#upToDate(transaction);
  }

  /** Applies an event to the flow; answers why it does not fit, or null once applied. */
  apply(transaction: StoredTransaction, event: FlowEvent): string | null {
    this.#upToDate(transaction);
    const change = applyEvent(transaction.flow, event, rulesOf(transaction.data));
    if ('rejected' in change) return change.rejected;
    this.#record(transaction, change.flow, change.steps, this.#clock.now());
    return null;
  }

  /** The end user reached the current capture step: its timer starts, unless it already runs. */
  startCapture(transaction: StoredTransaction): void {
    if (!transaction.data.active || transaction.captureStartedAtMs !== null) return;
    transaction.captureStartedAtMs = this.#clock.now();
    this.#scheduleExpiry(transaction);
  }

  /** When the current capture step times out, or null while its timer has not started. */
  captureDeadline(transaction: StoredTransaction): number | null {
    const { captureStartedAtMs, flow, data } = transaction;
    if (captureStartedAtMs === null || flow.phase === 'ended') return null;
    return captureStartedAtMs + captureSecondsOf(flow, data) * 1000;
  }

  /** Moves the clock forward, expires what fell due and sends the delayed webhooks now due; 400 when the move would pass the largest date. */
  advanceClock(seconds: number): void {
    if (!this.#clock.advance(seconds)) {
      const left = this.#clock.secondsLeft;
      throw new ApiError(
        400,
        'Clock',
        'Bad request',
        `advance_seconds ${seconds} would pass the largest date a clock holds; ${left} seconds are left`,
      );
    }
    for (const transaction of this.#store.active()) {
      if (!this.#expireIfDue(transaction)) this.#scheduleExpiry(transaction);
    }
    this.#webhooks.clockMoved();
  }

  close(): void {
    for (const transaction of this.#store.active()) clearTimeout(transaction.expiryTimer ?? undefined);
  }

  #upToDate(transaction: StoredTransaction): StoredTransaction {
    this.#expireIfDue(transaction);
    return transaction;
  }

  #deadline(transaction: StoredTransaction): number {
    return Math.min(expiryMsOf(transaction.data), this.captureDeadline(transaction) ?? Infinity);
  }

  /** Expires the transaction if a deadline has passed, dated at that deadline; says whether it did. */
  #expireIfDue(transaction: StoredTransaction): boolean {
    if (!transaction.data.active) return false;
    const deadline = this.#deadline(transaction);
    if (deadline > this.#clock.now()) return false;
    const change = applyEvent(transaction.flow, 'time_out', rulesOf(transaction.data));
    if ('rejected' in change) return false;
    this.#record(transaction, change.flow, change.steps, deadline);
    return true;
  }

  #scheduleExpiry(transaction: StoredTransaction): void {
    clearTimeout(transaction.expiryTimer ?? undefined);
    transaction.expiryTimer = null;
    if (!transaction.data.active) return;
    // At most a week (the longest expiration), so within setTimeout's range.
    const delay = Math.max(0, this.#deadline(transaction) - this.#clock.now());
    transaction.expiryTimer = setTimeout(() => {
      transaction.expiryTimer = null;
      if (!this.#expireIfDue(transaction)) this.#scheduleExpiry(transaction);
    }, delay);
    // Where the runtime has it (Node): a Service Worker's timer is a number (site-src/worker).
    transaction.expiryTimer.unref?.();
  }

  /** Stores the new flow, writes each recorded step into the wire object and notifies the webhook. */
  #record(transaction: StoredTransaction, flow: Flow, steps: Flow[], atMs: number): void {
    const at = new Date(atMs).toISOString();
    for (const step of steps) {
      const { active, complete, failed } = transaction.data;
      const flagsChanged = step.flags.active !== active || step.flags.complete !== complete || step.flags.failed !== failed;
      Object.assign(transaction.data, {
        ...step.flags,
        step: step.step,
        code: step.code,
        description: ISSUE_CODES[step.code],
        issue_description: step.flags.active ? null : ISSUE_CODES[step.code],
        verification_result: step.flags.active ? {} : { selfie_document_match: step.selfieMatch ?? 0 },
        updated_at: at,
      });
      this.#notify(transaction.data, flagsChanged);
    }
    transaction.flow = flow;
    if (flow.phase === 'ended') {
      this.#store.markEnded(transaction);
      this.#enrolIfDue(transaction);
    } else {
      transaction.captureStartedAtMs = this.#clock.now();
    }
    this.#scheduleExpiry(transaction);
  }

  #notify(data: Transaction, flagsChanged: boolean): void {
    if (!data.webhook) return;
    if (!flagsChanged && !data.metadata.webhook_full_update) return;
    this.#webhooks.send(data.webhook, flagsChanged ? 'state_change' : 'step', webhookPayloadOf(data));
  }

  #enrolIfDue({ data }: StoredTransaction): void {
    const rut = data.metadata.nin && normalizeRut(data.metadata.nin);
    if (!data.complete || !data.metadata.enrolment || !rut) return;
    const key = enrolmentKey(data.company_id, rut);
    this.#enrolments.delete(key);
    if (this.#enrolments.size >= MAX_ENROLMENTS) this.#enrolments.delete(this.#enrolments.keys().next().value!);
    this.#enrolments.set(key, this.#clock.now() + ENROLMENT_VALIDITY_MS);
  }

  #isEnrolled(companyId: string, nin: string | undefined): boolean {
    const rut = nin && normalizeRut(nin);
    if (!rut) return false;
    return (this.#enrolments.get(enrolmentKey(companyId, rut)) ?? 0) > this.#clock.now();
  }
}

/** The 400 rules of docs/service.md §4.2 and §8 (zod answers 422 for the model; these are the service's own); the first broken is told. */
function checkLimits(request: CreateTransactionRequest): void {
  const [broken] = limitViolations(request);
  if (broken) throw new ApiError(400, 'Transaction', 'Bad request', broken);
}

function rulesOf(data: Transaction): FlowRules {
  return {
    tries: data.tries,
    challengesRequired: data.metadata.challenges_required,
    requireDocumentValidation: data.metadata.require_document_validation,
  };
}

function captureSecondsOf(flow: Flow, data: Transaction): number {
  if (flow.phase === 'document') return data.metadata.capture_document_expiration;
  if (flow.phase === 'selfie') return data.metadata.capture_facial_expiration;
  return data.metadata.capture_challenge_expiration;
}

export function webhookPayloadOf(data: Transaction): WebhookPayload {
  const { uuid, transaction_id, company_id, authorization_method, active, complete, failed, updated_at, verification_result } = data;
  return { uuid, transaction_id, company_id, authorization_method, active, complete, failed, updated_at, verification_result };
}

function enrolmentKey(companyId: string, rut: string): string {
  return `${companyId}\u0000${rut}`;
}
