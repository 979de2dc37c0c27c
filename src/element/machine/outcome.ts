/**
 * What the machine's state means on screen, derived once for every view: whether the link gives
 * way to the outcome, the status line's tone, what a problem means to the end user, why a
 * transaction ended and whether Try again is offered (only where it can help: never for a login
 * that ended or a page's configuration, which asking again cannot mend).
 */
import type { TransactionState, TransactionStatus } from '../../shared/transaction-state.js';
import type { KycErrorDetail } from '../events.js';
import type { LocaleStrings } from '../locales/localize.js';
import { phoneProgress } from '../view/progress-view.js';
import { endReason, type Reason } from '../view/reasons.js';
import type { MachineState } from './machine.js';
import { isSetupProblem } from './setup-problem.js';

/**
 * What a problem says, by its cause. Retrying, the verification goes on; a 429 asks the end user
 * to wait, or to finish the verification under way. Once the phone has started, a status that can
 * no longer be read leaves the verification running there: the phone's advice. Otherwise: 401 or
 * 403 ask to log in again; the page's configuration gets neutral words (the developer reads what
 * to fix in the console); a status lost before the phone started, or a session that could not be
 * made, say so without advice about a phone.
 */
export type ProblemText = keyof LocaleStrings &
  ('reconnecting' | 'busy' | 'errorSetup' | 'errorLost' | 'errorStart' | 'errorLogin' | 'errorStopped');

export interface Outcome {
  /** The link gives way to the outcome (it stays laid out, hidden, so that the element keeps its size). */
  ended: boolean;
  /**
   * The status line's class: calm (`retrying`, `busy`), `problem`, `advice` (a try failed on the
   * phone: the end user acts, so no spinner), or the transaction's state.
   */
  tone: 'retrying' | 'busy' | 'problem' | 'advice' | TransactionState | '';
  problem: ProblemText | null;
  /** Why the transaction ended failed or expired, or what to do after a configuration error. */
  reason: Reason | null;
  /** Try again is offered: the element can start a new verification itself, and may now. */
  canRetry: boolean;
}

const isBusy = (problem: KycErrorDetail) => problem.httpStatus === 429;
const isLogin = ({ httpStatus }: KycErrorDetail) => httpStatus === 401 || httpStatus === 403;

function problemText(problem: KycErrorDetail, status: TransactionStatus | null): ProblemText {
  const { retrying, uuid } = problem;
  if (retrying) return 'reconnecting';
  if (isBusy(problem)) return 'busy';
  if (uuid && status && phoneProgress(status)) return 'errorLost';
  if (isLogin(problem)) return 'errorLogin';
  if (isSetupProblem(problem)) return 'errorSetup';
  return uuid ? 'errorStopped' : 'errorStart';
}

export function outcomeOf({ phase, status, problem: observed, setup, waited }: MachineState): Outcome {
  const sessions = Boolean(setup.sessionUrl);
  // Reads failing while following show only once the run has lasted (RECONNECTING_AFTER_MS): the status stays as it was until then.
  const problem = observed?.retrying && !waited ? null : observed;
  const found = !problem && status && endReason(status);
  const ended = phase === 'ended' || phase === 'broken';
  const text = problem && problemText(problem, status);
  return {
    ended,
    tone: problem
      ? problem.retrying
        ? 'retrying'
        : isBusy(problem)
          ? 'busy'
          : 'problem'
      : status && phoneProgress(status)?.problem
        ? 'advice'
        : (status?.state ?? ''),
    problem: text,
    // "You can try again" only where the element offers it; the other reasons say why, which stays true.
    // A configuration error's next step is the page's to give (strings.reasonSetup).
    reason: text === 'errorSetup' ? 'reasonSetup' : found === 'reasonOther' && !sessions ? null : found || null,
    // Asking again would get the same answer after a 401, a 403 or a configuration error, whatever the words.
    canRetry:
      sessions &&
      ended &&
      !(problem && (isLogin(problem) || isSetupProblem(problem))) &&
      status?.state !== 'successful' &&
      (phase === 'ended' || waited),
  };
}
