import { DOCUMENT_PROBLEM_CODES } from '../../shared/issue-codes.js';
import type { TransactionStatus } from '../../shared/transaction-state.js';

/**
 * How far the phone has gone: the step under way (0 document, 1 selfie and liveness,
 * 2 checking, 3 past all three) and whether its last try there failed.
 */
export interface PhoneProgress {
  at: number;
  problem: boolean;
}

const DOCUMENT_PROBLEM: PhoneProgress = { at: 0, problem: true };
const SELFIE: PhoneProgress = { at: 1, problem: false };
const SELFIE_PROBLEM: PhoneProgress = { at: 1, problem: true };
const CHECKING: PhoneProgress = { at: 2, problem: false };

// The code speaks first: a rejected selfie keeps the step Capture_credential_Ok (the sandbox's flow, docs/sandbox.md).
const BY_CODE = new Map<string, PhoneProgress>([
  ['002', SELFIE],
  ...DOCUMENT_PROBLEM_CODES.map((code) => [code, DOCUMENT_PROBLEM] as const),
  ['012', CHECKING],
  ['013', { at: 3, problem: false }],
  ['014', SELFIE_PROBLEM],
  ['015', SELFIE_PROBLEM],
]);

const BY_STEP = new Map<string, PhoneProgress>([
  ['Capture_credential_Ok', SELFIE],
  ['Capture_credential_fail', DOCUMENT_PROBLEM],
  ['Session_complete_Ok', CHECKING],
  ['Session_complete_fail', SELFIE_PROBLEM],
]);

/** The phone opened the backend's short link (docs/host-protocol.md `handoff`), before any step: at the document. */
const CONNECTED: PhoneProgress = { at: 0, problem: false };

/**
 * Where the phone is in a pending transaction, or `null` before it has started (or at a step this
 * element does not know). A phone that opened the short link has started: the person continues there.
 */
export function phoneProgress({ state, step, code, handoff }: TransactionStatus): PhoneProgress | null {
  if (state !== 'pending') return null;
  return BY_CODE.get(code ?? '') ?? BY_STEP.get(step ?? '') ?? (handoff ? CONNECTED : null);
}
