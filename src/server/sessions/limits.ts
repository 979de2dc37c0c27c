import type { Limit } from '../budgets/limits.js';
import type { BudgetName } from '../budgets/options.js';
import type { KitState } from '../state/kit-state.js';
import type { SessionReservation } from '../state/store.js';
import { errorResponse } from '../handlers/responses.js';
import type { SessionLimits } from './options.js';

type Refused = { reason: Extract<SessionReservation, { reserved: false }>['reason'] | 'too_many_created'; retryAfterMs: number };

const MESSAGES: Record<Refused['reason'], string> = {
  too_many_pending: 'verifications already under way: finish one, or wait for one to expire',
  too_many_created: 'verifications started too often: wait a moment before starting another',
  store_full: 'the backend cannot take another verification now; retry shortly',
};

/** The answer to a creation an owner's limit or the store refused: 429 for an owner's limits, 503 for a full store; Retry-After in seconds. */
export function refusedResponse({ reason, retryAfterMs }: Refused): Response {
  const retryAfter = String(Math.max(1, Math.ceil(retryAfterMs / 1000)));
  return errorResponse(reason === 'store_full' ? 503 : 429, reason, MESSAGES[reason], { 'retry-after': retryAfter });
}

/**
 * What one creation counts against, in the order it is checked: the owner's creations in its
 * window, then the budgets no owner escapes (the client address's, the whole kit's).
 */
export function creationLimits(
  kit: KitState,
  owner: string | null,
  address: string | undefined,
  { maxCreated, createdWindowMs }: SessionLimits,
): Limit<BudgetName | 'too_many_created'>[] {
  const ownerLimit =
    owner === null || maxCreated === Infinity
      ? null
      : { key: `owner-created:${owner}`, limit: maxCreated, windowMs: createdWindowMs, reason: 'too_many_created' as const };
  return [ownerLimit, kit.budgets.limit('createdPerAddressPerMinute', address), kit.budgets.kitWide('createdPerMinute')].filter(
    (limit) => limit !== null,
  );
}
