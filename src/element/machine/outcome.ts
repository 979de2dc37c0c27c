/**
 * What the machine's state means on screen, derived once for every view: whether an end screen
 * takes the link's place, its tone, what a problem means to the end user and what they can do
 * about it, why a transaction ended, and whether Try again is offered (wherever asking again can
 * help: never for a page's configuration, which asking again cannot mend).
 */
import { reasonOf, type Reason } from '../../shared/story/story.js';
import type { TransactionState, TransactionStatus } from '../../shared/transaction-state.js';
import type { KycErrorDetail } from '../events.js';
import type { LocaleStrings } from '../locales/localize.js';
import { phoneProgress } from './progress.js';
import { isBusy, type MachineState } from './machine.js';
import { isSetupProblem } from './setup-problem.js';

/**
 * What a problem says, by its cause. Retrying, the verification goes on; a 429 asks the end user
 * to wait, or to finish the verification under way, and says when the element asks again. Once the
 * phone has started, a status that can no longer be read leaves the verification running there:
 * the phone's advice. Otherwise: 401 or 403 ask to log in again; the page's configuration gets
 * neutral words (the developer reads what to fix in the console), unless the status answered
 * before (the backend lost the transaction since: restarted, expired, logged out elsewhere); a
 * status lost, or a session that could not be made, say so without advice about a phone.
 */
export type ProblemText = keyof LocaleStrings &
  ('reconnecting' | 'busy' | 'errorSetup' | 'errorLost' | 'errorStart' | 'errorLogin' | 'errorStopped');

/** What an end screen says under its heading: why, or what the person can do. */
export type Body = Reason | (keyof LocaleStrings & ('reasonSetup' | 'reasonStart' | 'reasonLogin' | 'errorLost' | 'retryIn'));

export interface Outcome {
  /** An end screen takes the link's place (the link stays laid out, hidden, so that the element keeps its size). */
  ended: boolean;
  /**
   * The tone: calm (`retrying`, `busy`), `problem`, `advice` (a try failed on the phone: the end
   * user acts, so no spinner), or the transaction's state.
   */
  tone: 'retrying' | 'busy' | 'problem' | 'advice' | TransactionState | '';
  problem: ProblemText | null;
  /** Under the end screen's heading: why the transaction ended, or what to do next. */
  reason: Body | null;
  /** Try again is offered: the element can start a verification itself, and asking again may help. */
  canRetry: boolean;
}

const isLogin = ({ httpStatus }: KycErrorDetail) => httpStatus === 401 || httpStatus === 403;

/** A configuration problem, unless the status URL answered before: then the backend lost the transaction since. */
const isSetup = (problem: KycErrorDetail, read: boolean) => isSetupProblem(problem) && !(problem.uuid && read);

function problemText(problem: KycErrorDetail, status: TransactionStatus | null, read: boolean): ProblemText {
  const { retrying, uuid } = problem;
  if (retrying) return 'reconnecting';
  if (isBusy(problem)) return 'busy';
  if (uuid && status && phoneProgress(status)) return 'errorLost';
  if (isLogin(problem)) return 'errorLogin';
  if (isSetup(problem, read)) return 'errorSetup';
  return uuid ? 'errorStopped' : 'errorStart';
}

/** What each problem's end screen says under its heading; a status lost asks for nothing more than its button. */
const BODIES: Partial<Record<ProblemText, Body>> = {
  busy: 'retryIn',
  errorSetup: 'reasonSetup',
  errorLost: 'errorLost',
  errorStart: 'reasonStart',
  errorLogin: 'reasonLogin',
};

/** Why a transaction ended failed or expired; `null` for success. An expiry dated before the link's is a capture step left idle (`time_out`). */
export function endReason({ state, code, updated_at, expires_at }: TransactionStatus): Reason | null {
  if (state === 'failed') return reasonOf(code) ?? 'reasonOther';
  if (state !== 'expired') return null;
  return Date.parse(updated_at ?? '') >= Date.parse(expires_at ?? '') ? 'reasonLink' : 'reasonIdle';
}

export function outcomeOf({ phase, status, read, problem: observed, setup, waited }: MachineState): Outcome {
  const sessions = Boolean(setup.sessionUrl);
  // Reads failing while following show only once the run has lasted (RECONNECTING_AFTER_MS): the status stays as it was until then.
  const problem = observed?.retrying && !waited ? null : observed;
  const found = !problem && status && endReason(status);
  const ended = phase === 'ended' || phase === 'broken';
  const text = problem && problemText(problem, status, read);
  return {
    ended,
    tone: problem
      ? problem.retrying
        ? 'retrying'
        : isBusy(problem) || isLogin(problem)
          ? 'busy'
          : 'problem'
      : status && phoneProgress(status)?.problem
        ? 'advice'
        : (status?.state ?? ''),
    problem: text,
    // "You can try again" only where the element offers it; the other reasons say why, which stays true.
    reason: text ? (BODIES[text] ?? null) : found === 'reasonOther' && !sessions ? null : found || null,
    // Asking again cannot mend the page's configuration; after a login that ended, it works once the person has logged in again.
    canRetry: sessions && ended && !(problem && isSetup(problem, read)) && status?.state !== 'successful' && (phase === 'ended' || waited),
  };
}
