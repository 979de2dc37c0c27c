/**
 * The kit's budgets (docs/budgets.md): what the whole kit, or one client address, may spend, held
 * in the store (so that a fleet spends one budget) whatever owner each caller claims. `Infinity`
 * or `false` turns one off.
 */
export interface BudgetOptions {
  /** Transactions created per minute by the whole kit. Default 60. */
  createdPerMinute?: number | false;
  /** Transactions created per minute for one client address (with `clientAddress` only). Default 10. */
  createdPerAddressPerMinute?: number | false;
  /** Links sent per minute by the whole kit. Default 20. */
  sendsPerMinute?: number | false;
  /** Links sent per hour to one destination (with `sendDestination` only). Default 5. */
  sendsPerDestinationPerHour?: number | false;
  /** Provider reads per second by the whole kit; reads past it are served from the last known status. Default 20. */
  readsPerSecond?: number | false;
  /** Status streams open at once in this process. Default 1 000. */
  streamsPerProcess?: number | false;
  /** Status streams open at once in this process for one client address (with `clientAddress` only). Default 20. */
  streamsPerAddress?: number | false;
  /**
   * Typed codes that answer nothing, per minute, for the whole kit: past it the typed-code page
   * answers 429 for a minute at most (the links and devices already admitted keep working). What it
   * bounds: the chance a guess finds a live code (docs/handoff.md#guessing). Default 10.
   */
  typedCodeMissesPerMinute?: number | false;
  /** Typed codes that answer nothing, per minute, from one client address (with `clientAddress` only). Default 3. */
  typedCodeMissesPerAddressPerMinute?: number | false;
}

export type BudgetName = keyof BudgetOptions;

export type ResolvedBudgets = Record<BudgetName, number>;

export const BUDGET_DEFAULTS: ResolvedBudgets = {
  createdPerMinute: 60,
  createdPerAddressPerMinute: 10,
  sendsPerMinute: 20,
  sendsPerDestinationPerHour: 5,
  readsPerSecond: 20,
  streamsPerProcess: 1000,
  streamsPerAddress: 20,
  typedCodeMissesPerMinute: 10,
  typedCodeMissesPerAddressPerMinute: 3,
};

/** The window each store-held budget is counted over. */
export const BUDGET_WINDOWS_MS: Record<BudgetName, number> = {
  createdPerMinute: 60_000,
  createdPerAddressPerMinute: 60_000,
  sendsPerMinute: 60_000,
  sendsPerDestinationPerHour: 3600_000,
  readsPerSecond: 1000,
  // Counts of streams open, not windows: never expire while open.
  streamsPerProcess: Infinity,
  streamsPerAddress: Infinity,
  typedCodeMissesPerMinute: 60_000,
  typedCodeMissesPerAddressPerMinute: 60_000,
};

export function resolveBudgets(options: BudgetOptions = {}): ResolvedBudgets {
  const resolved = { ...BUDGET_DEFAULTS };
  for (const name of Object.keys(BUDGET_DEFAULTS) as BudgetName[]) {
    const value = options[name];
    if (value === undefined) continue;
    if (value !== false && !(value >= 1))
      throw new RangeError(`budgets.${name} must be at least 1, or Infinity or false to turn it off, not ${value}`);
    resolved[name] = value === false ? Infinity : value;
  }
  return resolved;
}
