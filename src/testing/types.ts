/** The sandbox's wire shapes as `kyc-verify/testing` gives them (docs/sandbox.md, docs/service.md §2.4), without zod. */
import type { IssueCode } from '../shared/issue-codes.js';

/** A transaction as the sandbox answers it (docs/service.md §2.4); the fields a test most reads, and the rest. */
export interface SandboxTransaction {
  uuid: string;
  transaction_id: string;
  company_id: string;
  active: boolean;
  complete: boolean;
  failed: boolean;
  step: string;
  code: string;
  issue_description: string | null;
  created_at: string;
  updated_at: string;
  validator_url: string;
  expiration: number;
  tries: number;
  webhook: string | null;
  metadata: { nin?: string; [field: string]: unknown };
  [field: string]: unknown;
}

/** A create-transaction request (docs/service.md §2.3); what is left out gets a default (see `createTransaction`). */
export interface TransactionRequest {
  transaction_id?: string;
  company_id?: string;
  authorization_method?: string;
  webhook?: string;
  tries?: number;
  expiration?: number;
  metadata?: Record<string, unknown>;
  [field: string]: unknown;
}

/** An issue code, or an event of the page (`selfie_ok`, `challenge_ok`) or the clock (`time_out`). */
export type SandboxEvent = IssueCode | 'selfie_ok' | 'challenge_ok' | 'time_out';

/** The codes that end a transaction as failed: a document problem, a selfie mismatch (once the tries are used up), the fraud list. */
export type FailureCode = '003' | '004' | '005' | '006' | '007' | '008' | '009' | '010' | '011' | '014' | '015' | '016';

/** Where a fault applies: one transaction's deliveries (`uuid`) or any's, the next one only or every one. */
export interface FaultScope {
  uuid?: string;
  every?: boolean;
}

/** A webhook fault as `POST /sandbox/webhooks/faults` takes it (docs/sandbox.md, "Webhook faults"). */
export type WebhookFaultRequest = FaultScope &
  ({ fault: 'duplicate'; times: number } | { fault: 'reorder' } | { fault: 'delay'; delay_seconds: number } | { fault: 'drop' });

/** A pending webhook fault, with its id. */
export type WebhookFault = WebhookFaultRequest & { id: number; uuid: string | null; every: boolean };

/** One entry of the webhook log (`GET /sandbox/webhooks`). */
export interface WebhookDelivery {
  id: number;
  uuid: string;
  url: string;
  reason: 'state_change' | 'step';
  state: 'held' | 'in_flight' | 'delivered' | 'failed' | 'dropped';
  payload: {
    uuid: string;
    transaction_id: string;
    company_id: string;
    authorization_method: string;
    active: boolean;
    complete: boolean;
    failed: boolean;
    updated_at: string;
    verification_result: Record<string, unknown>;
  };
  attempts: { at: string; duration_ms: number; status: number | null; error: string | null }[];
  fault: { id: number; fault: WebhookFaultRequest['fault'] } | null;
  /** What was done with the delivery and why: faults, retries, give-ups. */
  notes: string[];
}

/** The sandbox clock. */
export interface SandboxClockReading {
  now: string;
  offset_seconds: number;
}
