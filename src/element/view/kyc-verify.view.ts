import { html, nothing, svg, type ReactiveElement, type TemplateResult } from 'lit';
import type { KycVerifyMode } from '../kyc-verify.js';
import type { TypedCode } from '../controllers/read-session.js';
import { lazyChunk } from '../lazy-chunk.js';
import type { LocaleStrings } from '../locales/localize.js';
import type { MachineState } from '../machine/machine.js';
import type { Outcome } from '../machine/outcome.js';
import { renderOutcome } from './outcome-view.js';
import { phoneProgress, renderProgress, type PhoneProgress } from './progress-view.js';
import type { QrPath } from './qr-path.js';
import { timerText } from './timer.js';

/** Everything the element shows: the machine's state and what it means, and what the controllers keep. */
export interface ViewState {
  strings: LocaleStrings;
  mode: KycVerifyMode;
  /** Only the button shows (`buttonOnly` of outcome-view.ts in the browser; a server, which cannot know the screen, says `mode === 'button'`). */
  buttonOnly: boolean;
  machine: MachineState;
  outcome: Outcome;
  copyNote: 'linkCopied' | 'copyFailed' | null;
  /** Seconds before the verification ends, or `null` without a deadline. */
  remaining: number | null;
  /** The seconds left to announce (the countdown's `announced`), or `null`. */
  announced: number | null;
  /** What the end user will need is shown with the link (no `no-preparation`). */
  preparation: boolean;
  /** Where a 401 or 403 sends the end user to log in again (`login-url`), or empty. */
  loginUrl: string;
  /** Sending the link, once its chunk is here and the backend offers it (`send-view.ts`), under Copy link. */
  send: TemplateResult | typeof nothing;
  /** The QR code of a link; `null` when it is too long for one, `undefined` until the encoder is here. */
  qrCodeOf(link: string): QrPath | null | undefined;
}

/** What the end user's presses do. */
export interface ViewActions {
  copy(): void;
  continue(): void;
  startAgain(): void;
}

/** From this many seconds left, the time left looks urgent. */
const URGENT_SECONDS = 30;

/**
 * The QR encoder (qr-path.ts with qrcode's), a chunk of its own (kyc-verify.qr.js beside the
 * standalone bundle) loaded as soon as an element that draws QR codes renders (`loadQrEncoder`), or
 * the first time a QR code is drawn: a phone shown the button never downloads it. When it cannot
 * load, every link is drawn as the button alone.
 */
const qrEncoder = lazyChunk<{ qrPath(text: string): QrPath | null }>(
  () => import('./qr-path.js'),
  { qrPath: () => null },
  'kyc-verify.qr.js',
  'the button instead of a QR code',
);

/**
 * Starts loading the QR encoder before there is a link to draw, beside the session request rather
 * than after its answer (on a slow network, a round trip less before the QR code: bench/README.md).
 */
export const loadQrEncoder = (loaded: () => void): void => void qrEncoder(loaded);

/**
 * A `qrCodeOf` (the QR code of a link, null when the link is too long for one, undefined while the
 * encoder loads: `loaded` renders again) that keeps the last code it drew: drawing is the costliest
 * part of a render, and the countdown renders every second. `drawn` gives the code the server's
 * render drew, if any, taken as the first: its link is drawn without the encoder.
 */
export function keepingLastQrCode(
  loaded: () => void,
  drawn?: () => { link: string; path: QrPath } | undefined,
): (link: string) => QrPath | null | undefined {
  let last: { link: string; path: QrPath | null } | undefined;
  return (link) => {
    last ??= drawn?.();
    if (last?.link !== link) {
      const encoder = qrEncoder(loaded);
      if (!encoder) return undefined;
      let path: QrPath | null = null;
      try {
        path = encoder.qrPath(link);
      } catch {
        // Too long for any QR code: the button alone.
      }
      last = { link, path };
    }
    return last.path;
  };
}

/**
 * "Can't scan? On your phone, open shop.example/kyc/go and type 4F7K3H", when the backend gave a
 * typed code. The code is read out character by character: a screen reader would read it as a word.
 */
function renderTypedCode(typed: TypedCode | null | undefined, strings: LocaleStrings) {
  if (!typed) return nothing;
  const [before, between, after] = strings.cantScan.split(/\{url\}|\{code\}/);
  return html`<p part="typed-code" class="note">
    ${before}<strong>${typed.url.replace(/^https?:\/\//, '')}</strong>${between}<strong role="img" aria-label=${[...typed.code].join(' ')}
      >${typed.code}</strong
    >${after}
  </p>`;
}

/**
 * The heading and the QR code; once the phone has started, the phone's progress over it, in the
 * same grid cell so that nothing moves, and a toggle that shows the code again (for a second phone).
 * Past the document step a second phone is hardly needed: the toggle steps back, and closes if open.
 */
function renderScan(link: string, qr: QrPath | undefined, progress: PhoneProgress | null, { strings, mode, machine }: ViewState) {
  const toggle = html`<summary part="show-code">${strings.showCode}</summary>`;
  // Two templates: lit puts a fresh details, closed, in place as the phone passes the document step.
  // Until the encoder is here, its blank quiet zone holds the code's place.
  const size = qr?.size ?? 0;
  const secondPhone = progress?.at ? html`<details class="aside">${toggle}</details>` : html`<details>${toggle}</details>`;
  return html`<div class="scan">
    <div class="stage">
      <div class="code">
        <p class="title">${strings.scanTitle}</p>
        <svg part="qr" role="img" aria-label=${strings.qrLabel} viewBox="-4 -4 ${size + 8} ${size + 8}">
          <rect class="quiet-zone" fill="#fff" x="-4" y="-4" width=${size + 8} height=${size + 8}></rect>
          ${qr ? svg`<path d=${qr.d}></path>` : nothing}
        </svg>
        ${renderTypedCode(machine.followed?.told?.typedCode, strings)}
      </div>
      ${progress ? renderProgress(progress, strings, machine.status!.liveness) : nothing}
    </div>
    ${
      progress
        ? secondPhone
        : mode === 'both'
          ? nothing
          : html`<a part="link" href=${link} target="_blank" rel="noopener noreferrer" aria-describedby="new-tab">${strings.openHere}</a>`
    }
  </div>`;
}

/**
 * The link, as a QR code, a button or both; once the phone has started, its progress is the main
 * thing shown and the button steps back to a plain link (to open the flow again).
 */
function renderLink(link: string, view: ViewState, actions: ViewActions) {
  const { strings, mode, machine, copyNote, remaining, announced, qrCodeOf } = view;
  // Auto mode on a phone shows the button: its QR code, hidden, is not drawn (nor its encoder fetched).
  const qr = mode === 'button' ? null : view.buttonOnly ? undefined : qrCodeOf(link);
  const progress = machine.status && phoneProgress(machine.status);
  // A link too long for any QR code still gets its button.
  const showButton = mode !== 'qr' || qr === null;
  const timer = timerText(strings, machine.status, remaining);
  // Announced at a few moments (the countdown's ANNOUNCED_AT), not every second: the timer itself is not live.
  const alert = announced === null ? '' : timerText(strings, machine.status, announced);
  return html`<div class="flow">
    ${view.preparation ? html`<p part="preparation" class="note">${strings.preparation}</p>` : nothing}
    ${qr !== null ? renderScan(link, qr, progress, view) : progress ? renderProgress(progress, strings, machine.status!.liveness) : nothing}
    ${
      showButton
        ? html`<a
            part="button"
            class="open ${progress ? '' : 'action'}"
            href=${link}
            target="_blank"
            rel="noopener noreferrer"
            aria-describedby="new-tab"
            >${strings.openButton}</a
          >`
        : nothing
    }
    <span id="new-tab" hidden>${strings.newTab}</span>
    <div class="copy">
      <button part="copy-button" type="button" @click=${actions.copy}>${strings.copyLink}</button>
      <span class="note" role="status">${copyNote ? strings[copyNote] : ''}</span>
      ${copyNote === 'copyFailed' ? html`<span part="link-text" class="link-text">${link}</span>` : nothing}
    </div>
    ${view.send}
    <p part="timer" class="note ${remaining !== null && remaining <= URGENT_SECONDS ? 'urgent' : ''}" role="timer">${timer}</p>
    <span class="alert" aria-live="polite">${alert}</span>
  </div>`;
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
 * The element's shadow content: the link while the transaction is pending, and the live status
 * under it. At the end the outcome takes the link's place, which stays laid out but hidden, so
 * that the element keeps its size.
 */
export function renderView(view: ViewState, actions: ViewActions) {
  const link = view.machine.followed?.link;
  return html`<div part="base" class="base mode-${view.mode}">
    <slot></slot>
    <div class="stack ${view.outcome.ended ? 'ended' : ''}">
      ${link ? renderLink(link, view, actions) : nothing}${renderOutcome(view, actions)}
    </div>
  </div>`;
}
