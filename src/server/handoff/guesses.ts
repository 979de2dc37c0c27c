import type { Budgets } from '../budgets/budgets.js';
import { giveBack, takeLimits } from '../budgets/limits.js';
import type { BudgetName } from '../budgets/options.js';
import type { Store } from '../state/store.js';

/** A guess let through, counted as a miss: `notAMiss()` when it answered a live transaction, or was no code at all, gives the count back. */
export interface Guess {
  notAMiss(): Promise<void>;
}

/** A guess refused: which budget is spent, and when one more fits. */
export interface Refusal {
  budget: BudgetName;
  retryAfterMs: number;
}

/**
 * Counts a typed code as a miss before it is read and looked up (docs/handoff.md#guessing): against the
 * whole kit's miss budget first, whatever the caller says it is, then its client address's when
 * the host tells one. Two keys in all, whatever is typed: no key per guess. An address is counted
 * only once the kit's budget let the guess through, so that keys per address are never more than
 * that budget's misses a minute. Counted first, so that a flood past the budgets is refused
 * without reading a body. A code that answers gives its misses back: people who type their own
 * code right never add up.
 */
export async function takeGuess(store: Store, budgets: Budgets, address: string | undefined): Promise<Guess | Refusal> {
  const limits = [budgets.kitWide('typedCodeMissesPerMinute'), budgets.limit('typedCodeMissesPerAddressPerMinute', address)].filter(
    (limit) => limit !== null,
  );
  const take = await takeLimits(store, limits);
  if (!take.taken) return { budget: take.reason, retryAfterMs: take.retryAfterMs };
  return { notAMiss: () => giveBack(store, limits) };
}
