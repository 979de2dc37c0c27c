import { html, nothing } from 'lit';
import type { TerminalState } from '../../shared/transaction-state.js';
import type { LocaleStrings } from '../locales/localize.js';
import type { ProblemText } from '../machine/outcome.js';
import type { ViewActions, ViewState } from './kyc-verify.view.js';
import { formatTime } from './timer.js';

/** The heading of each problem's end screen: a status lost once the phone has started is a status lost, said with where to finish. */
const HEADINGS: Partial<Record<ProblemText, keyof LocaleStrings>> = { errorLost: 'errorStopped' };

/**
 * An end screen's words: its heading, and under it why or what to do next (for success, whether
 * Continue is ready). Busy says when it asks again, counting down.
 */
export function endWords({ strings, machine, outcome, remaining }: ViewState): [heading: string, body: string] {
  const { problem, reason } = outcome;
  const heading = problem ? strings[HEADINGS[problem] ?? problem] : strings[machine.status!.state as TerminalState];
  const body = reason ? strings[reason].replace('{time}', formatTime(remaining ?? 0)) : '';
  return [heading, machine.status?.state === 'successful' ? strings[machine.waited ? 'readyToContinue' : 'saving'] : body];
}

/** The one main action of an end screen: Continue, a way to log in again, or to try (or start) again. */
function renderAction({ strings, machine, outcome, loginUrl }: ViewState, actions: ViewActions) {
  const { problem } = outcome;
  if (machine.status?.state === 'successful') {
    return html`<button part="continue-button" class="action" type="button" ?disabled=${!machine.waited} @click=${actions.continue}>
      ${strings.continue}
    </button>`;
  }
  if (problem === 'errorLogin' && loginUrl) return html`<a part="login-link" class="action" href=${loginUrl}>${strings.logIn}</a>`;
  const label = problem === 'busy' ? 'retryNow' : problem !== 'errorLogin' && machine.problem?.uuid ? 'startOver' : 'tryAgain';
  return outcome.canRetry
    ? html`<button part="retry-button" class="action" type="button" @click=${actions.startAgain}>${strings[label]}</button>`
    : nothing;
}

/**
 * Where the flow is not: while the first session is prepared, a progress indicator under the
 * heading; at an end (or a final problem), an end screen: an icon, a heading, why or what to do
 * next, and one main action. Each is focusable (`status`), for focus to land on when the control
 * it was on goes.
 */
export function renderOutcome(view: ViewState, actions: ViewActions) {
  const { strings, machine, outcome } = view;
  if (!outcome.ended) {
    return machine.phase === 'starting' && !machine.followed
      ? html`<div class="flow">
          <div class="head">
            <h2 part="title">${strings.title}</h2>
            <p part="status" class="status" tabindex="-1">${strings.preparing}</p>
          </div>
          <div class="body"><span class="spinner"></span></div>
        </div>`
      : nothing;
  }
  const [heading, body] = endWords(view);
  return html`<div class="outcome">
    <div part="status" class="end ${outcome.tone}" tabindex="-1">
      <span class="icon"></span>
      <h2 part="title">${heading}</h2>
      ${body ? html`<p part="reason">${body}</p>` : nothing}
    </div>
    ${renderAction(view, actions)}
  </div>`;
}
