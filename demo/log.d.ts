/** Appends one entry (a name, where it came from if told, and its JSON) to a log list. */
export function logEntry(list: HTMLElement, name: string, body: unknown, source?: string): void;
/** Every event type of <kyc-verify>. */
export const KYC_EVENTS: readonly string[];
