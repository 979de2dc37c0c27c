import { html, nothing, type ReactiveElement } from 'lit';
import type { TransactionStatus } from '../shared/transaction-state.js';
import type { KycErrorDetail } from './events.js';
import type { KycVerifyMode } from './kyc-verify.js';
import type { KycVerifyStrings } from './localize.js';
import { phoneProgress, progressText, renderProgress } from './progress-view.js';
import { qrPath, type QrPath } from './qr-path.js';

/** Everything the element shows, as the element knows it. */
export interface ViewState {
  strings: KycVerifyStrings;
  mode: KycVerifyMode;
  /** The verification link of the followed transaction. */
  link: string | null;
  status: TransactionStatus | null;
  problem: KycErrorDetail | null;
  /** A session was asked for and has not been answered yet. */
  starting: boolean;
  continueReady: boolean;
  /** Whether Try again can start a new session. */
  canStartAgain: boolean;
  copyNote: 'linkCopied' | 'copyFailed' | null;
  /** Seconds before the link expires, or `null` without a deadline. */
  remaining: number | null;
  qrCodeOf(link: string): QrPath | null;
}

/** What the end user's presses do. */
export interface ViewActions {
  copy(): void;
  continue(): void;
  startAgain(): void;
}

/** The QR code of `link`, or null when the link is too long for one. */
function qrCodeOf(link: string): QrPath | null {
  try {
    return qrPath(link);
  } catch {
    return null;
  }
}

/**
 * A `qrCodeOf` that keeps the last code it drew: drawing is the costliest part of a render, and
 * the countdown renders every second.
 */
export function keepingLastQrCode(): (link: string) => QrPath | null {
  let last: { link: string; path: QrPath | null } | undefined;
  return (link) => {
    if (last?.link !== link) last = { link, path: qrCodeOf(link) };
    return last.path;
  };
}

const formatTime = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

function statusText({ strings, problem, status, starting, link }: ViewState): string {
  if (problem) return problem.retrying ? strings.reconnecting : strings.unavailable;
  if (!status) return starting ? strings.preparing : link ? strings.waiting : '';
  return status.state === 'pending' ? progressText(status, strings) : strings[status.state];
}

/**
 * The QR code; once the phone has started, the phone's progress over it, in the same grid cell so
 * that nothing moves, and a toggle that shows the code again (for a second phone).
 */
function renderScan(link: string, qr: QrPath, { strings, mode, status }: ViewState) {
  const progress = status && phoneProgress(status);
  return html`<div class="scan">
    <div class="stage">
      <div class="code">
        <svg part="qr" role="img" aria-label=${strings.qrLabel} viewBox="-4 -4 ${qr.size + 8} ${qr.size + 8}">
          <rect class="quiet-zone" fill="#fff" x="-4" y="-4" width=${qr.size + 8} height=${qr.size + 8}></rect>
          <path d=${qr.d}></path>
        </svg>
        <p>${strings.scanTitle}</p>
      </div>
      ${progress ? renderProgress(progress, strings) : nothing}
    </div>
    ${
      progress
        ? html`<details>
            <summary part="show-code">${strings.showCode}</summary>
          </details>`
        : mode === 'both'
          ? nothing
          : html`<a part="link" href=${link} target="_blank" rel="noopener noreferrer" aria-describedby="new-tab">${strings.openHere}</a>`
    }
  </div>`;
}

function renderLink(link: string, view: ViewState, actions: ViewActions) {
  const { strings, mode, copyNote, remaining, qrCodeOf } = view;
  const qr = mode !== 'button' ? qrCodeOf(link) : null;
  // A link too long for any QR code still gets its button.
  const showButton = mode !== 'qr' || !qr;
  return html`
    ${qr ? renderScan(link, qr, view) : nothing}
    ${
      showButton
        ? html`<a part="button" class="open action" href=${link} target="_blank" rel="noopener noreferrer" aria-describedby="new-tab"
            >${strings.openButton}</a
          >`
        : nothing
    }
    <span id="new-tab" hidden>${strings.newTab}</span>
    <div>
      <button part="copy-button" class="copy" type="button" @click=${actions.copy}>${strings.copyLink}</button>
      <span class="note" role="status">${copyNote ? strings[copyNote] : ''}</span>
    </div>
    ${
      remaining === null
        ? nothing
        : html`<p part="timer" class="note" role="timer">${strings.timeLeft.replace('{time}', formatTime(remaining))}</p>`
    }
  `;
}

function renderActions({ strings, status, problem, continueReady, canStartAgain }: ViewState, actions: ViewActions) {
  const state = status?.state;
  if (state === 'successful') {
    return html`<button part="continue-button" class="action" type="button" ?disabled=${!continueReady} @click=${actions.continue}>
      ${strings.continue}
    </button>`;
  }
  const canRetry = state === 'failed' || state === 'expired' || (problem && !problem.retrying);
  return canRetry && canStartAgain
    ? html`<button part="retry-button" class="action" type="button" @click=${actions.startAgain}>${strings.tryAgain}</button>`
    : nothing;
}

/** When focus is on one of `element`'s controls and that control is about to go, it moves to the status line. */
export function keepFocus(element: ReactiveElement): void {
  if (!element.shadowRoot?.activeElement) return;
  void element.updateComplete.then(() => {
    if (!element.shadowRoot?.activeElement) element.renderRoot.querySelector<HTMLElement>('[part="status"]')?.focus();
  });
}

/** The element's shadow content: the link while the transaction is pending, the live status, then what comes next. */
export function renderView(view: ViewState, actions: ViewActions) {
  const state = view.status?.state;
  const showLink = view.link && (!state || state === 'pending') && !(view.problem && !view.problem.retrying);
  const tone = view.problem ? 'problem' : (state ?? '');
  return html`<div part="base" class="base mode-${view.mode}">
    <slot></slot>
    ${showLink ? renderLink(view.link!, view, actions) : nothing}
    <p part="status" class="status ${tone}" role="status" aria-live="polite" tabindex="-1">${statusText(view)}</p>
    ${renderActions(view, actions)}
  </div>`;
}
