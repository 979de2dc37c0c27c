/** Appends one entry (a name and its JSON) to a log list. */
export function logEntry(list: HTMLElement, name: string, body: unknown): void;
/** Every event type of <kyc-verify>. */
export const KYC_EVENTS: readonly string[];
