import { html, nothing, svg } from 'lit';
import { stepLine } from '../../shared/story/story.js';
import type { TypedCode } from '../controllers/read-session.js';
import { otherDeviceOf } from '../machine/handoff.js';
import { phoneProgress, type PhoneProgress } from '../machine/progress.js';
import type { ViewActions, ViewState } from './kyc-verify.view.js';
import { progressText, renderProgress } from './progress-view.js';
import type { QrPath } from './qr-path.js';
import { timerText } from './timer.js';

/** The QR code to draw: none in button mode; auto mode on a phone shows the button, and its QR code, hidden, is not drawn (nor its encoder fetched). */
const qrOf = (link: string, { mode, buttonOnly, qrCodeOf }: ViewState) =>
  mode === 'button' ? null : buttonOnly ? undefined : qrCodeOf(link);

/** Only the button shows (a link too long for any QR code gets it too): the person may be on the phone already. */
export const aloneOf = (link: string, view: ViewState) => view.buttonOnly || qrOf(link, view) === null;

/** From this many seconds left, the time left looks urgent. */
const URGENT_SECONDS = 30;

/** The time left, named as whose it is; urgent in its last seconds. Its text is exactly the line's (no space around it). */
function renderTimer({ strings, machine }: ViewState, remaining: number) {
  const text = timerText(strings, machine.status, remaining);
  return html`<p part="timer" class="note ${remaining <= URGENT_SECONDS ? 'urgent' : ''}" role="timer">${text}</p>`;
}

/**
 * The status line of the flow: waiting, the phone's step, a problem on the phone (with what to do),
 * or reconnecting. `here`: only the button shows, so the person may be on the phone itself.
 */
export function flowStatus({ strings, machine, outcome }: ViewState, here: boolean): string {
  const { status } = machine;
  if (outcome.problem === 'reconnecting') return strings.reconnecting;
  return (status && progressText(status, strings, here)) ?? (here ? strings.waitingHere : strings.waiting);
}

/**
 * What is under way, where the eye goes first: once the phone has started, "Step 2 of 3 · Selfie"
 * (its line kept from the start); the heading; the time left, named; the status line (a problem on
 * the phone in an alert's look); before the phone starts, what the person will need. What changes
 * height comes last, and the whole keeps the height of the tallest (styles/layout.ts): what comes
 * under it never moves.
 */
function renderHead(view: ViewState, progress: PhoneProgress | null, here: boolean) {
  const { strings, machine, outcome, remaining } = view;
  const title = progress ? (here ? strings.title : strings.continueOnPhone) : here ? strings.title : strings.scanTitle;
  // Hidden under an end screen, the heading and the line are no longer the title and status parts: the end screen's are.
  const ended = outcome.ended;
  return html`<div class="head">
    <p part="step-count" class="note">${progress && progress.at < 3 ? stepLine(strings, progress.at, machine.status!.liveness) : ''}</p>
    <h2 part=${ended ? nothing : 'title'}>${title}</h2>
    ${remaining === null ? nothing : renderTimer(view, remaining)}
    <p part=${ended ? nothing : 'status'} class="status ${outcome.tone}" tabindex="-1">${flowStatus(view, here)}</p>
    ${!progress && view.preparation ? html`<p part="preparation" class="note">${strings.preparation}</p>` : nothing}
  </div>`;
}

/**
 * "Can't scan? On your phone, open shop.example/kyc/go and type 4F7K3HXM", when the backend gave a
 * typed code: the address and the code large enough to copy by hand, the address broken only after
 * its slashes. The code is read out character by character: a screen reader would read it as a word.
 */
function renderTypedCode(typed: TypedCode | null | undefined, cantScan: string) {
  if (!typed) return nothing;
  const [before, between, after] = cantScan.split(/\{url\}|\{code\}/);
  const address = typed.url.replace(/^https?:\/\//, '').split('/');
  return html`<p part="typed-code" class="typed">
    ${before}<strong class="address">${address.map((piece, index) => html`${index ? html`/<wbr />` : ''}${piece}`)}</strong
    >${between}<strong class="letters" role="img" aria-label=${[...typed.code].join(' ')}>${typed.code}</strong>${after}
  </p>`;
}

/**
 * The QR code with its heading's place; once the phone has started, the phone's progress over it, in
 * the same grid cell so that nothing moves, and a toggle that shows the QR code again (for a second
 * phone; without the typed code, which that opening retired). Past the document step a second phone
 * is hardly needed: the toggle steps back, and closes if open.
 */
function renderScan(
  link: string,
  qr: QrPath | undefined,
  progress: PhoneProgress | null,
  here: boolean,
  view: ViewState,
  actions: ViewActions,
) {
  const { strings, mode, machine } = view;
  const toggle = html`<summary part="show-code">${strings.showCode}</summary>`;
  // Two templates: lit puts a fresh details, closed, in place as the phone passes the document step.
  // Until the encoder is here, its blank quiet zone holds the code's place.
  const size = qr?.size ?? 0;
  const secondPhone = progress?.at ? html`<details class="aside">${toggle}</details>` : html`<details>${toggle}</details>`;
  return html`<div class="scan">
    <div class="stage">
      <div class="code">
        <svg part="qr" role="img" aria-label=${strings.qrLabel} viewBox="-4 -4 ${size + 8} ${size + 8}">
          <rect class="quiet-zone" fill="#fff" x="-4" y="-4" width=${size + 8} height=${size + 8}></rect>
          ${qr ? svg`<path d=${qr.d}></path>` : nothing}
        </svg>
        ${renderTypedCode(machine.followed?.told?.typedCode, strings.cantScan)}
      </div>
      ${progress ? renderProgress(progress, strings, machine.status!.liveness, here, otherDevice(view, actions)) : nothing}
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
 * Copy link and, when the backend sends it, the send buttons; their notes in one line kept for them,
 * so that nothing moves when one shows. The row shows once the send buttons are here, if they are
 * coming: Copy link does not move aside for them.
 */
function renderPassOn(link: string, { strings, copyNote, send }: ViewState, actions: ViewActions) {
  return html`<div class="copy ${send === undefined ? 'coming' : ''}">
    <button part="copy-button" type="button" @click=${actions.copy}>${strings.copyLink}</button>${send?.buttons ?? nothing}
    <p class="note"><span aria-live="polite">${copyNote ? strings[copyNote] : ''}</span> ${send?.notes ?? nothing}</p>
    ${copyNote === 'copyFailed' ? html`<span part="link-text" class="link-text">${link}</span>` : nothing}
  </div>`;
}

/** "The link was opened on another device too. Not you? Start again", in an alert's look, while the transaction is pending. */
function otherDevice(view: ViewState, actions: ViewActions) {
  return otherDeviceOf(view.machine) ? renderOtherDevice(view, actions) : nothing;
}

function renderOtherDevice({ strings, machine }: ViewState, actions: ViewActions) {
  return html`<p part="other-device" class="alert notice">
    <span
      >${strings.otherDevice} ${strings.notYou}
      ${machine.setup.sessionUrl ? html`<button class="inline" type="button" @click=${actions.startOver}>${strings.startOver}</button>` : nothing}</span
    >
  </p>`;
}

/**
 * The flow while the transaction is pending: what is under way at the top; the link as a QR code, a
 * button or both (once the phone has started, its progress instead, and the button steps back to a
 * plain link, to open the flow again); the ways to pass the link on, which step aside once the phone
 * has started, as does what the person will need.
 */
export function renderFlow(link: string, view: ViewState, actions: ViewActions) {
  const { strings, mode, machine } = view;
  const qr = qrOf(link, view);
  const progress = machine.status && phoneProgress(machine.status);
  const alone = aloneOf(link, view);
  return html`<div class="flow">
    ${renderHead(view, progress, alone)}
    <div class="body">
      ${
        qr !== null
          ? renderScan(link, qr, progress, alone, view, actions)
          : progress
            ? renderProgress(progress, strings, machine.status!.liveness, true, otherDevice(view, actions))
            : nothing
      }
      ${
        // A link too long for any QR code still gets its button; once the phone has started, a plain link (a new one: it moves nothing).
        mode === 'qr' && qr !== null
          ? nothing
          : progress
            ? html`<a part="button" class="open" href=${link} target="_blank" rel="noopener noreferrer" aria-describedby="new-tab"
                >${strings.openButton}</a
              >`
            : html`<a part="button" class="open action" href=${link} target="_blank" rel="noopener noreferrer" aria-describedby="new-tab"
                >${strings.openButton}</a
              >`
      }
    </div>
    ${progress ? nothing : renderPassOn(link, view, actions)}
    <span id="new-tab" hidden>${strings.newTab}</span>
  </div>`;
}
