import { html, nothing } from 'lit';
import type { KycVerifyMode } from '../kyc-verify.js';
import { PHONE_MEDIA } from './kyc-verify.styles.js';
import type { ViewActions, ViewState } from './kyc-verify.view.js';
import { otherDeviceOf } from '../machine/handoff.js';
import { progressText } from './progress-view.js';

/** Only the button shows (button mode, or auto mode on a phone): the end user may be on the phone already. */
export const buttonOnly = (mode: KycVerifyMode) => mode === 'button' || (mode === 'auto' && matchMedia(PHONE_MEDIA).matches);

function statusText({ strings, machine, outcome, buttonOnly: here }: ViewState): string {
  const { status, phase, followed } = machine;
  if (outcome.problem) return strings[outcome.problem];
  const waiting = here ? strings.waitingHere : strings.waiting;
  if (!status) return phase === 'starting' ? strings.preparing : followed ? waiting : '';
  return status.state === 'pending' ? (progressText(status, strings) ?? waiting) : strings[status.state];
}

function renderActions({ strings, machine, outcome, loginUrl }: ViewState, actions: ViewActions) {
  const { status, waited: continueReady } = machine;
  // Asking again cannot mend a login that ended: a way to log in, where the page says, or nothing.
  if (outcome.problem === 'errorLogin') {
    return loginUrl ? html`<a part="login-link" class="action" href=${loginUrl}>${strings.logIn}</a>` : nothing;
  }
  if (status?.state === 'successful') {
    return html`<button part="continue-button" class="action" type="button" ?disabled=${!continueReady} @click=${actions.continue}>
      ${continueReady ? strings.continue : strings.saving}
    </button>`;
  }
  return outcome.canRetry
    ? html`<button part="retry-button" class="action" type="button" @click=${actions.startAgain}>${strings.tryAgain}</button>`
    : nothing;
}

/** The live status line (with why it ended, after a failure or an expiry) and what comes next. */
export function renderOutcome(view: ViewState, actions: ViewActions) {
  const { reason, tone } = view.outcome;
  // One line of markup: the status line's text is exactly what it says. The space is an expression:
  // the build's template minifier drops a space that leads a template, and a screen reader would read the two sentences as one.
  const line = html`${statusText(view)}${reason ? html`${' '}<span part="reason">${view.strings[reason]}</span>` : nothing}${
    otherDeviceOf(view.machine) ? html`${' '}<span part="other-device">${view.strings.otherDevice}</span>` : nothing
  }`;
  return html`<div class="outcome">
    <p part="status" class="status ${tone}" role="status" aria-live="polite" tabindex="-1">${line}</p>
    ${renderActions(view, actions)}
  </div>`;
}
