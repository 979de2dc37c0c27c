import { KycError } from '../kyc-error.js';
import type { BudgetName } from './options.js';

/**
 * A budget of the kit was spent (docs/budgets.md): its requests answer 429 until it refills.
 * Reported to `onError` at most once a minute per budget, for the whole fleet.
 */
export class KycBudgetExceededError extends KycError {
  override readonly name = 'KycBudgetExceededError';

  constructor(
    readonly budget: BudgetName,
    readonly limit: number,
    /** When one more fits, as the refusal said. */
    readonly retryAfterMs: number,
  ) {
    super(`the kit's budget ${budget} (${limit}) is spent: its requests answer 429 until it refills (told once a minute)`);
  }
}
