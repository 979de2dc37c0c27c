import type { TransactionStatus } from '../../shared/transaction-state.js';
import type { LocaleStrings } from '../locales/localize.js';
import { phoneProgress } from '../machine/progress.js';

export const formatTime = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * Whose time is left: the capture step's when its timer ends before the link does (the document's,
 * or the selfie's once the document is captured), the link's otherwise. The countdown runs to the
 * sooner of the two, so the words change with it and a fall from 9:50 to 2:00 says why.
 */
export function timerWords(status: TransactionStatus | null): 'timeLeft' | 'timeDocument' | 'timeSelfie' {
  const step = Date.parse(status?.step_expires_at ?? '');
  if (!(step < (Date.parse(status?.expires_at ?? '') || Infinity))) return 'timeLeft';
  return phoneProgress(status!)?.at ? 'timeSelfie' : 'timeDocument';
}

/** The timer's line: `remaining` seconds, in the words of whose time it is; empty without a deadline. */
export const timerText = (strings: LocaleStrings, status: TransactionStatus | null, remaining: number | null): string =>
  remaining === null ? '' : strings[timerWords(status)].replace('{time}', formatTime(remaining));
