import { DOCUMENT_PROBLEM_CODES } from '../../shared/issue-codes.js';
import type { TransactionStatus } from '../../shared/transaction-state.js';
import type { LocaleStrings } from '../locales/localize.js';

export type Reason = keyof LocaleStrings & `reason${string}`;

/** Why a try failed, by issue code (docs/service.md §7.3): 003 compares the card's two sides, 005 the card with the RUT verified; the other document codes could not validate the card. */
const REASON_OF_CODE = new Map<string, Reason>([
  ...DOCUMENT_PROBLEM_CODES.map((code) => [code, 'reasonDocument'] as const),
  ['003', 'reasonRutSides'],
  ['005', 'reasonRut'],
  ['014', 'reasonFace'],
  ['015', 'reasonScore'],
]);

/** Why the phone's last try failed, from its code, or `null` for a code that does not tell. */
export const reasonOf = (code: string | null): Reason | null => REASON_OF_CODE.get(code ?? '') ?? null;

/**
 * Why a transaction ended failed or expired, and so what to do next; `null` for success. An
 * expiry dated before the link's is a capture step left idle past its timer (`time_out`).
 */
export function endReason({ state, code, updated_at, expires_at }: TransactionStatus): Reason | null {
  if (state === 'failed') return reasonOf(code) ?? 'reasonOther';
  if (state !== 'expired') return null;
  return Date.parse(updated_at ?? '') >= Date.parse(expires_at ?? '') ? 'reasonLink' : 'reasonIdle';
}
