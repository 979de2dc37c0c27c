import { readStatus } from '../../shared/read-status.js';
import type { TransactionStatus } from '../../shared/transaction-state.js';
import { METADATA_DEFAULTS } from '../../shared/wire/fields.js';
import { KycProtocolError } from './errors.js';
import type { KycClient } from './client.js';
import type { Transaction } from './types.js';

type CaptureTimer = 'capture_document_expiration' | 'capture_facial_expiration';

/**
 * The capture timer that starts with each step (the sandbox's flow, docs/sandbox.md): the document's again
 * after a document problem, the selfie's after the document or after a rejected selfie. At
 * `Session_start` the timer starts when the phone opens the link, which the service does not tell.
 */
const TIMER_OF_STEP: Record<string, CaptureTimer> = {
  Capture_credential_fail: 'capture_document_expiration',
  Capture_credential_Ok: 'capture_facial_expiration',
  Session_complete_fail: 'capture_facial_expiration',
};

const rulesOf = ({ metadata }: Transaction) => ({ ...METADATA_DEFAULTS, ...metadata });

/** When the capture step under way times out: `updated_at` (the step's start) plus its timer; null when unknown. */
export function stepExpiryOf(transaction: Transaction): string | null {
  const { active, step, updated_at } = transaction;
  const timer = TIMER_OF_STEP[step];
  const rules = rulesOf(transaction);
  // With liveness challenges, each challenge restarts the timer at moments the status does not show.
  if (!active || !timer || (timer === 'capture_facial_expiration' && rules.challenges_required > 0)) return null;
  const expiry = Date.parse(updated_at) + rules[timer] * 1000;
  return Number.isNaN(expiry) ? null : new Date(expiry).toISOString();
}

/**
 * The status object of docs/host-protocol.md for a transaction, read as the element reads one (`readStatus`), with
 * the capture step's timeout the kit can tell from the metadata, and whether it asks for liveness challenges. Fields are picked one by one, so
 * nothing else (nin, metadata, scores, document data) can reach the browser.
 */
export function statusOf(transaction: Transaction): TransactionStatus {
  try {
    const liveness = rulesOf(transaction).challenges_required > 0;
    return { ...readStatus(transaction), step_expires_at: stepExpiryOf(transaction), ...(liveness && { liveness }) };
  } catch (error) {
    throw new KycProtocolError(`transaction ${transaction.uuid}: ${(error as Error).message}`);
  }
}

/**
 * The status as answered at `now` (epoch ms), with the server's time and the word that the kit
 * streams it (the element opens the stream only once told). Added to each answer, not to the
 * stored status, so that versions (ETags) change only when the transaction does.
 */
export function answeredAt(status: TransactionStatus, now: number): TransactionStatus {
  return { ...status, server_time: new Date(now).toISOString(), stream: true };
}

/** Now on the service's clock, as `client` tells it (its own when it cannot read the service's): an answer's `server_time`. */
export const serviceTimeOf = (client: Pick<KycClient, 'now' | 'serviceNow'>): number => (client.serviceNow ?? client.now)();

/** The status as `client` answers it now. */
export function answeredNow(status: TransactionStatus, client: Pick<KycClient, 'now' | 'serviceNow'>): TransactionStatus {
  return answeredAt(status, serviceTimeOf(client));
}
