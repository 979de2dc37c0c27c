/** The sandbox's defaults, apart from its server so that the command can print them without its peer packages. */

/** Most transactions kept by default, live and ended together (503 when all are live). */
export const DEFAULT_MAX_TRANSACTIONS = 10_000;
/** How long an ended transaction stays readable by default, in real seconds. */
export const DEFAULT_ENDED_RETENTION_SECONDS = 3600;
/** A week: the longest link expiry, so no timer waits longer. */
export const LONGEST_EXPIRATION_SECONDS = 7 * 86_400;
/** A webhook fault's bounds: how many times a duplicated delivery arrives at most, and the longest delay. */
export const FAULT_LIMITS = { times: 10, delaySeconds: LONGEST_EXPIRATION_SECONDS } as const;
