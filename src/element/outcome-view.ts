import { html, nothing } from 'lit';
import type { KycErrorDetail } from './events.js';
import type { KycVerifyMode } from './kyc-verify.js';
import { PHONE_MEDIA } from './kyc-verify.styles.js';
import type { ViewActions, ViewState } from './kyc-verify.view.js';
import type { KycVerifyStrings } from './localize.js';
import { progressText } from './progress-view.js';
import { endReason } from './reasons.js';

/**
 * What a problem means to the end user. Retrying, the verification goes on. A final one without
 * a transaction is a session that could not be made; with one, the status can no longer be read,
 * though the phone may still be running it.
 */
function problemText({ retrying, kind, uuid }: KycErrorDetail): keyof KycVerifyStrings {
  if (retrying) return 'reconnecting';
  return kind === 'config' ? 'errorSetup' : uuid ? 'errorLost' : 'errorStart';
}

/** Only the button shows (button mode, or auto mode on a phone): the end user may be on the phone already. */
const buttonOnly = (mode: KycVerifyMode) => mode === 'button' || (mode === 'auto' && matchMedia(PHONE_MEDIA).matches);

function statusText({ strings, problem, status, starting, link, mode }: ViewState): string {
  if (problem) return strings[problemText(problem)];
  const waiting = buttonOnly(mode) ? strings.waitingHere : strings.waiting;
  if (!status) return starting ? strings.preparing : link ? waiting : '';
  return status.state === 'pending' ? (progressText(status, strings) ?? waiting) : strings[status.state];
}

function renderActions({ strings, status, problem, continueReady, canStartAgain }: ViewState, actions: ViewActions) {
  const state = status?.state;
  if (state === 'successful') {
    return html`<button part="continue-button" class="action" type="button" ?disabled=${!continueReady} @click=${actions.continue}>
      ${continueReady ? strings.continue : strings.saving}
    </button>`;
  }
  const canRetry = state === 'failed' || state === 'expired' || (problem && !problem.retrying);
  return canRetry && canStartAgain
    ? html`<button part="retry-button" class="action" type="button" @click=${actions.startAgain}>${strings.tryAgain}</button>`
    : nothing;
}

/** The live status line (with why it ended, after a failure or an expiry) and what comes next. */
export function renderOutcome(view: ViewState, actions: ViewActions, tone: string) {
  const found = !view.problem && view.status && endReason(view.status);
  // "You can try again" only where the element offers it; the other reasons say why, which stays true.
  const reason = found === 'reasonOther' && !view.canStartAgain ? null : found;
  // One line of markup: the status line's text is exactly what it says.
  const line = html`${statusText(view)}${reason ? html` <span part="reason">${view.strings[reason]}</span>` : nothing}`;
  return html`<div class="outcome">
    <p part="status" class="status ${tone}" role="status" aria-live="polite" tabindex="-1">${line}</p>
    ${renderActions(view, actions)}
  </div>`;
}
