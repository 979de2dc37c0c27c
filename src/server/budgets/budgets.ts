import { errorResponse } from '../handlers/responses.js';
import type { ErrorSource } from '../state/error-reporter.js';
import type { Store } from '../state/store.js';
import { KycBudgetExceededError } from './budget-error.js';
import type { Limit } from './limits.js';
import { BUDGET_WINDOWS_MS, type BudgetName, type ResolvedBudgets } from './options.js';
import type { Telemetry } from '../telemetry/telemetry.js';

/** Where the client of a request is, as the host's proxy says it (docs/budgets.md); undefined when unknown. */
export type ClientAddressOf = (request: Request) => string | undefined | Promise<string | undefined>;

/** How often a spent budget is told to `onError`, fleet-wide. */
const TELL_EVERY_MS = 60_000;

export interface BudgetsOptions {
  store: Store;
  limits: ResolvedBudgets;
  clientAddress: ClientAddressOf | undefined;
  /** This process's name in the store's leases. */
  holder: string;
  /** Hands a spent budget to `onError`, past the reporter's rate limit (this class keeps it to once a minute). */
  tell: (error: KycBudgetExceededError, handler: ErrorSource) => void;
  /** Counts what each budget lets through and refuses. */
  telemetry: Telemetry;
}

/** The kit's budgets (docs/budgets.md): the limits no choice of owner escapes, and how a spent one answers and is told. */
export class Budgets {
  constructor(private readonly options: BudgetsOptions) {}

  get limits(): ResolvedBudgets {
    return this.options.limits;
  }

  /** The client address of `request`, when the host says how to find it (a request built only then, when given as a function). */
  async addressOf(request: Request | (() => Request)): Promise<string | undefined> {
    const { clientAddress } = this.options;
    if (!clientAddress) return undefined;
    return (await clientAddress(typeof request === 'function' ? request() : request)) || undefined;
  }

  /** The store-held limit of budget `name` (for one address or destination when `of` is given), or null when it is off or has no subject. */
  limit(name: BudgetName, of?: string | undefined): Limit<BudgetName> | null {
    const limit = this.options.limits[name];
    if (limit === Infinity || of === undefined) return null;
    return { key: `budget:${name}:${of}`, limit, windowMs: BUDGET_WINDOWS_MS[name], reason: name };
  }

  /** A kit-wide budget's limit (no subject). */
  kitWide(name: BudgetName): Limit<BudgetName> | null {
    return this.limit(name, '*');
  }

  /** Counts what the budgets among `limits` let through (a creation, a send, a stream: each counts once per budget it passed). */
  spent(limits: readonly { reason: string }[]): void {
    for (const { reason } of limits) if (reason in BUDGET_WINDOWS_MS) this.options.telemetry.budget(reason, 'spent');
  }

  /** The answer to a request a spent budget refuses (429 with Retry-After), told to `onError` once a minute for the fleet. */
  async refuse(name: BudgetName, retryAfterMs: number, handler: ErrorSource): Promise<Response> {
    await this.tell(new KycBudgetExceededError(name, this.options.limits[name], retryAfterMs), handler);
    return budgetResponse(retryAfterMs);
  }

  /** Tells `onError` of a spent budget unless some process of the fleet did within the minute. */
  async tell(error: KycBudgetExceededError, handler: ErrorSource): Promise<void> {
    const { store, holder, tell } = this.options;
    this.options.telemetry.budget(error.budget, 'refused');
    const first = await Promise.resolve(store.acquire(`budget-told:${error.budget}`, holder, TELL_EVERY_MS)).catch(() => true);
    if (first) tell(error, handler);
  }
}

/** 429 `budget_exceeded`, with Retry-After in seconds. */
export function budgetResponse(retryAfterMs: number): Response {
  return errorResponse(429, 'budget_exceeded', 'the backend is busier than it allows itself: retry later', {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
  });
}
