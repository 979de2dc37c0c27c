import { html, nothing, type ReactiveElement, type TemplateResult } from 'lit';
import type { KycVerifyMode } from '../kyc-verify.js';
import type { LocaleStrings } from '../locales/localize.js';
import type { MachineState } from '../machine/machine.js';
import type { Outcome } from '../machine/outcome.js';
import { renderFlow } from './flow-view.js';
import { renderOutcome } from './outcome-view.js';
import type { QrPath } from './qr-path.js';

/** Everything the element shows: the machine's state and what it means, and what the controllers keep. */
export interface ViewState {
  strings: LocaleStrings;
  mode: KycVerifyMode;
  /** Only the button shows (`buttonOnly` of media.ts in the browser; a server, which cannot know the screen, says `mode === 'button'`). */
  buttonOnly: boolean;
  machine: MachineState;
  outcome: Outcome;
  copyNote: 'linkCopied' | 'copyFailed' | null;
  /** Seconds before the verification ends (or before a busy backend is asked again), or `null` without a deadline. */
  remaining: number | null;
  /** The seconds left to announce (the countdown's `announced`), or `null`. */
  announced: number | null;
  /** What the end user will need is shown with the link (no `no-preparation`). */
  preparation: boolean;
  /** Where a 401 or 403 sends the end user to log in again (`login-url`), or empty. */
  loginUrl: string;
  /** Sending the link, once its chunk is here and the backend offers it (`send-view.ts`): its buttons, and its notes; `undefined` while the chunk loads. */
  send: { buttons: TemplateResult; notes: TemplateResult } | null | undefined;
  /** The QR code of a link; `null` when it is too long for one, `undefined` until the encoder is here. */
  qrCodeOf(link: string): QrPath | null | undefined;
  /** What the live region says now (the announcer's). */
  spoken: string;
}

/** What the end user's presses do. */
export interface ViewActions {
  copy(): void;
  continue(): void;
  startAgain(): void;
  /** A new verification, with a new link (`start({ new: true })`). */
  startOver(): void;
}

/** When focus is on one of `element`'s controls and that control is about to go or hide, it moves to the status line. */
export function keepFocus(element: ReactiveElement): void {
  if (!element.shadowRoot?.activeElement) return;
  void element.updateComplete.then(() => {
    if (!element.shadowRoot?.activeElement?.checkVisibility({ visibilityProperty: true })) {
      element.renderRoot.querySelector<HTMLElement>('[part="status"]')?.focus();
    }
  });
}

/**
 * The element's shadow content: the flow (what is under way, at the top; the link or the phone's
 * progress; the ways to pass the link on) while the transaction is pending, or a screen of its own
 * while preparing and at an end. An end screen takes the flow's place, which stays laid out but
 * hidden, so that the element keeps its size. One polite live region says what changed.
 */
export function renderView(view: ViewState, actions: ViewActions) {
  const link = view.machine.followed?.link;
  return html`<div part="base" class="base mode-${view.mode}">
    <slot></slot>
    <div class="stack ${view.outcome.ended ? 'ended' : ''}">
      ${link ? renderFlow(link, view, actions) : nothing}${renderOutcome(view, actions)}
    </div>
    <span class="sr" aria-live="polite">${view.spoken}</span>
  </div>`;
}
