import { isTerminal, type TransactionStatus } from '../../shared/transaction-state.js';
import { KycApiError } from '../client/errors.js';
import type { RequestContext } from '../state/background.js';
import type { KitState } from '../state/kit-state.js';
import type { OwnerSession } from '../state/store.js';

/** What a resume answers: the owner's transaction as it is now, and its link. */
export interface Resumable {
  session: OwnerSession;
  status: TransactionStatus;
}

/**
 * The owner's newest transaction of `key`, read through the status reader (so within the read
 * budget): while pending, or within `resumeEndedForMs` of its end. Undefined when there is none to
 * resume, and for a transaction the service no longer knows.
 */
export async function resumable(
  kit: KitState,
  owner: string,
  key: string,
  resumeEndedForMs: number,
  context?: RequestContext,
): Promise<Resumable | undefined> {
  const session = await kit.store.latestSession(owner, key);
  if (!session) return undefined;
  try {
    const { status, ended } = await kit.reader.read(session.uuid);
    if (ended) await kit.results.enqueue(session.uuid, context);
    const now = kit.client.now();
    if (isTerminal(status.state) && endedAt(status, now) + resumeEndedForMs <= now) return undefined;
    return { session, status };
  } catch (error) {
    if (error instanceof KycApiError && (error.status === 403 || error.status === 404)) return undefined;
    throw error;
  }
}

/**
 * When an ended transaction ended, by the service's times: its last change (`updated_at`) or, for
 * an expiry, `expires_at` if later; `now` when neither is known.
 */
export function endedAt(status: TransactionStatus, now: number): number {
  const times = [status.updated_at, status.state === 'expired' ? status.expires_at : null]
    .map((time) => (time ? Date.parse(time) : NaN))
    .filter((time) => time <= now);
  return times.length ? Math.max(...times) : now;
}
