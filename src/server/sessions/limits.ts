import type { SessionReservation } from '../state/store.js';
import { errorResponse } from '../handlers/responses.js';

type Refused = Extract<SessionReservation, { reserved: false }>;

const MESSAGES: Record<Refused['reason'], string> = {
  too_many_pending: 'verifications already under way: finish one, or wait for one to expire',
  too_many_created: 'verifications started too often: wait a moment before starting another',
  store_full: 'the backend cannot take another verification now; retry shortly',
};

/** The answer to a creation the store refused: 429 for an owner's limits, 503 for a full store; Retry-After in seconds. */
export function refusedResponse({ reason, retryAfterMs }: Refused): Response {
  const retryAfter = String(Math.max(1, Math.ceil(retryAfterMs / 1000)));
  return errorResponse(reason === 'store_full' ? 503 : 429, reason, MESSAGES[reason], { 'retry-after': retryAfter });
}
