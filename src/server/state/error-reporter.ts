import { KycError } from '../kyc-error.js';
import { KycConfigurationError } from '../configuration-error.js';
import { KycApiError } from '../client/errors.js';
import { KycBudgetExceededError } from '../budgets/budget-error.js';
import { KycSessionRefusedError } from '../sessions/refused-error.js';
import { KycOrphanedTransactionError } from './store-errors.js';

/** Where in the kit an error was met: a handler, the result delivery, the store's channel, or other work after an answer. */
export type ErrorSource = 'session' | 'status' | 'send' | 'webhook' | 'handoff' | 'results' | 'store' | 'background';

/** What `onError` is told beside the error. */
export interface ErrorContext {
  handler: ErrorSource;
  /** The transaction concerned, when there is one. */
  uuid?: string;
}

export type OnError = (error: unknown, context: ErrorContext) => void;

/** How a part of the kit reports: the error, and the transaction when it knows it. */
export type Report = (error: unknown, uuid?: string) => void;

/** Stands for the errors of one kind that followed the one reported, within one window. */
export class KycRepeatedError extends KycError {
  override readonly name = 'KycRepeatedError';

  constructor(
    /** The kind: where, and which error (`status: KycApiError 503`). */
    readonly kind: string,
    /** How many errors of the kind were met in the window and not reported one by one. */
    readonly count: number,
    readonly windowMs: number,
    /** The last of them. */
    readonly last: unknown,
  ) {
    super(`${count} more ${kind} within ${windowMs} ms; the last: ${(last as Error)?.message ?? String(last)}`);
  }
}

/**
 * Hands errors to the backend's `onError` without flooding it: the first error of a kind is
 * reported at once; more of that kind within the window are counted and reported as one
 * KycRepeatedError when it closes, and counting goes on while they keep coming. An outage is one
 * line a second, not one per request. Always reported on their own: an orphaned transaction (each
 * names a transaction the backend must reconcile) and a note on the kit's setup (each told once,
 * where it arose). A spent budget is told through `tell` alone (the budgets keep it to once a
 * minute), never as each request it refuses.
 */
export class ErrorReporter {
  readonly #windows = new Map<string, { count: number; last: unknown; handler: ErrorSource }>();

  constructor(
    private readonly onError: OnError,
    private readonly windowMs = 1000,
  ) {}

  /** The report function of one part of the kit. */
  for(handler: ErrorSource): Report {
    return (error, uuid) => this.#report(error, uuid === undefined ? { handler } : { handler, uuid });
  }

  /** Tells a spent budget, already limited to once a minute by the budgets. */
  tell(error: KycBudgetExceededError, handler: ErrorSource): void {
    this.#emit(error, { handler });
  }

  #report(error: unknown, context: ErrorContext): void {
    if (error instanceof KycBudgetExceededError) return;
    // Each names something to fix and is told once by where it arose: never folded into a count of others.
    if (error instanceof KycOrphanedTransactionError || error instanceof KycConfigurationError) return this.#emit(error, context);
    const kind = kindOf(error, context.handler);
    const window = this.#windows.get(kind);
    if (window) {
      window.count++;
      window.last = error;
      return;
    }
    this.#emit(error, context);
    this.#open(kind, context.handler);
  }

  #open(kind: string, handler: ErrorSource): void {
    this.#windows.set(kind, { count: 0, last: undefined, handler });
    setTimeout(() => this.#close(kind), this.windowMs).unref?.();
  }

  #close(kind: string): void {
    const window = this.#windows.get(kind)!;
    this.#windows.delete(kind);
    if (!window.count) return;
    this.#emit(new KycRepeatedError(kind, window.count, this.windowMs, window.last), { handler: window.handler });
    this.#open(kind, window.handler);
  }

  #emit(error: unknown, context: ErrorContext): void {
    try {
      this.onError(error, context);
    } catch {
      // A broken logger must not become an unhandled rejection that stops the process.
    }
  }
}

function kindOf(error: unknown, handler: ErrorSource): string {
  const name = error instanceof Error ? error.name : typeof error;
  return `${handler}: ${name}${error instanceof KycApiError ? ` ${error.status}` : ''}`;
}

/**
 * The default `onError`: a refused request (a probe, a form on another site, a page without the
 * header) and a setting to fix (told once) are one line each, since nothing failed in the kit;
 * anything else goes to console.error whole.
 */
export function logError(error: unknown, context: ErrorContext): void {
  const refused = error instanceof KycRepeatedError ? error.last : error;
  if (refused instanceof KycSessionRefusedError || refused instanceof KycConfigurationError)
    console.warn(`kyc-verify ${context.handler}: ${error instanceof Error ? error.message : error}`);
  else console.error(error);
}
