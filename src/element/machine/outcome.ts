/**
 * What the machine's state means on screen, derived once for every view: whether the link gives
 * way to the outcome, the status line's tone, what a problem means to the end user, why a
 * transaction ended and whether Try again is offered.
 */
import type { TransactionState } from '../../shared/transaction-state.js';
import type { KycErrorDetail } from '../events.js';
import type { KycVerifyStrings } from '../locales/localize.js';
import { endReason, type Reason } from '../view/reasons.js';
import type { MachineState } from './machine.js';

/**
 * What a problem says. Retrying, the verification goes on; a 429 asks the end user to wait, or
 * to finish the verification under way. A final one without a transaction is a session that
 * could not be made; with one, the status can no longer be read, though the phone may still be running it.
 */
export type ProblemText = keyof KycVerifyStrings & ('reconnecting' | 'busy' | 'errorSetup' | 'errorLost' | 'errorStart');

export interface Outcome {
  /** The link gives way to the outcome (it stays laid out, hidden, so that the element keeps its size). */
  ended: boolean;
  /** The status line's class: calm (`retrying`, `busy`), `problem`, or the transaction's state. */
  tone: 'retrying' | 'busy' | 'problem' | TransactionState | '';
  problem: ProblemText | null;
  /** Why the transaction ended failed or expired, and what to do next. */
  reason: Reason | null;
  /** Try again is offered: the element can start a new verification itself, and may now. */
  canRetry: boolean;
}

const isBusy = (problem: KycErrorDetail) => problem.httpStatus === 429;

function problemText(problem: KycErrorDetail): ProblemText {
  if (problem.retrying) return 'reconnecting';
  if (isBusy(problem)) return 'busy';
  return problem.kind === 'config' ? 'errorSetup' : problem.uuid ? 'errorLost' : 'errorStart';
}

export function outcomeOf({ phase, status, problem, setup, waited }: MachineState): Outcome {
  const sessions = Boolean(setup.sessionUrl);
  const found = !problem && status && endReason(status);
  const ended = phase === 'ended' || phase === 'broken';
  return {
    ended,
    tone: problem ? (problem.retrying ? 'retrying' : isBusy(problem) ? 'busy' : 'problem') : (status?.state ?? ''),
    problem: problem && problemText(problem),
    // "You can try again" only where the element offers it; the other reasons say why, which stays true.
    reason: found === 'reasonOther' && !sessions ? null : found || null,
    canRetry: sessions && ended && status?.state !== 'successful' && (phase === 'ended' || waited),
  };
}
