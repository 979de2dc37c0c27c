/**
 * The names the kit's telemetry speaks (docs/operations.md): OpenTelemetry's semantic conventions
 * where they have one, the kit's own `kyc_verify.` namespace otherwise. Every attribute value is
 * one of a short list written here, or the transaction's uuid on spans: never the owner, a RUT, an
 * address or the integrator's transaction_id.
 */
import { STEP_CODES } from '../../shared/wire/codes.js';

export const ATTRIBUTES = {
  uuid: 'kyc_verify.transaction.uuid',
  handler: 'kyc_verify.handler',
  refusal: 'kyc_verify.refusal.reason',
  channel: 'kyc_verify.link.channel',
  deviceAction: 'kyc_verify.device.action',
  step: 'kyc_verify.step',
  state: 'kyc_verify.state',
  code: 'kyc_verify.code',
  milestone: 'kyc_verify.milestone',
  webhookOutcome: 'kyc_verify.webhook.outcome',
  resultOutcome: 'kyc_verify.result.outcome',
  operation: 'kyc_verify.provider.operation',
  budget: 'kyc_verify.budget',
  budgetOutcome: 'kyc_verify.budget.outcome',
  statusAnswer: 'kyc_verify.status.answer',
  // OpenTelemetry's semantic conventions.
  errorType: 'error.type',
  statusCode: 'http.response.status_code',
  method: 'http.request.method',
  urlTemplate: 'url.template',
  serverAddress: 'server.address',
  dbOperation: 'db.operation.name',
} as const;

/** Why a session POST created nothing: an owner's limit, a budget, the guard's header, a cross-site caller, a full store, nobody logged in. */
export type RefusalReason = 'too_many_pending' | 'too_many_created' | 'budget' | 'guard' | 'csrf' | 'store_full' | 'unauthenticated';
/** How a link was opened, as far as the kit can tell: the QR code or the button (`link`), the typed code, a sent e-mail or SMS. */
export type LinkChannel = 'link' | 'typed_code' | 'email' | 'sms';
/** What became of a webhook delivery. */
export type WebhookOutcome = 'accepted' | 'reordered' | 'duplicate' | 'replayed' | 'bad_signature' | 'invalid' | 'unknown_transaction';
/** What became of an attempt at a result: `onResult` returned, threw (or its read failed) and is retried, was given up, or was taken over from a process that stopped inside it. */
export type ResultOutcome = 'delivered' | 'retried' | 'given_up' | 'taken_over';
/** How a poll was answered: from a read made for it, from the store, the last known status while the service fails, or 304. */
export type StatusAnswerKind = 'fresh' | 'cached' | 'stale' | 'not_modified';
/** The provider calls the kit makes. */
export type ProviderOperation = 'create_transaction' | 'get_transaction';

const STEPS: ReadonlySet<string> = new Set(STEP_CODES);
/** The codes of docs/service.md §3 and the sandbox's table: 001 to 016, and time_out. */
const CODES: ReadonlySet<string> = new Set([...Array.from({ length: 16 }, (_, i) => String(i + 1).padStart(3, '0')), 'time_out']);

/** A step as an attribute: one of the specification's, else `other` (a value the kit cannot bound is never an attribute). */
export const stepValue = (step: string | null): string => (step === null ? 'none' : STEPS.has(step) ? step : 'other');
export const codeValue = (code: string | null): string => (code === null ? 'none' : CODES.has(code) ? code : 'other');
