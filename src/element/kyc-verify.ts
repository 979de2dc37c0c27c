import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { isTerminal, type TransactionStatus } from '../shared/transaction-state.js';
import { Countdown } from './countdown.js';
import {
  KycContinueEvent,
  KycErrorEvent,
  KycStateChangeEvent,
  TERMINAL_EVENTS,
  type KycErrorDetail,
  type KycStatusDetail,
} from './events.js';
import { LatestRequest } from './latest-request.js';
import { languageOf, stringsFor, type KycVerifyStrings } from './localize.js';
import { qrPath, type QrPath } from './qr-path.js';
import { readSession } from './read-session.js';
import { RequestError, requestJson } from './request.js';
import { StatusPoller } from './status-poller.js';
import { styles } from './kyc-verify.styles.js';
import { isTransactionId, safeLink, statusUrlFor, verificationLink } from './urls.js';

/** How the link is shown: see the `mode` attribute. */
export type KycVerifyMode = 'auto' | 'qr' | 'button' | 'both';

/** The transaction the element follows, with everything resolved and checked. */
interface Followed {
  id: string;
  link: string;
  statusUrl: string;
  /** The link the session answer gave, kept when the attributes change. */
  sessionLink: string | null;
}

const MIN_POLL_INTERVAL_MS = 100;
const DEFAULT_POLL_INTERVAL_MS = 1500;
const DEFAULT_CONTINUE_DELAY_MS = 2500;
const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

/** A number attribute's value, or `fallback` when it is missing, not a number or negative. */
const numberOr = (value: number, fallback: number) => (Number.isFinite(value) && value >= 0 ? value : fallback);

/** Attributes that say where the current transaction's link and status are. */
const LOCATION_PROPERTIES = ['statusUrl', 'verificationUrl', 'link'] as const;

/** The QR code of `link`, or null when the link is too long for one. */
function qrCodeOf(link: string): QrPath | null {
  try {
    return qrPath(link);
  } catch {
    return null;
  }
}

const formatTime = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * Runs a biometric identity verification: shows the end user the verification link as a QR code
 * (desktop → phone) or a button (phone), follows the transaction through the host's status proxy
 * and tells the page how it ended.
 *
 * @summary Biometric identity verification (KYC) for any page: link or QR code, live status, result events.
 *
 * @fires {KycStateChangeEvent} kyc-state-change - The state, step or code of the transaction changed.
 * @fires {KycSuccessfulEvent} kyc-successful - The transaction ended successfully (once per transaction).
 * @fires {KycFailedEvent} kyc-failed - The transaction ended failed (once per transaction).
 * @fires {KycExpiredEvent} kyc-expired - The transaction expired (once per transaction).
 * @fires {KycErrorEvent} kyc-error - A configuration, network or protocol error; `detail.retrying` says whether the element goes on.
 * @fires {KycContinueEvent} kyc-continue - The end user pressed Continue after a successful verification.
 *
 * @slot - Content shown above the link, such as the host's own instructions.
 *
 * @csspart base - The wrapper around everything.
 * @csspart qr - The QR code (an SVG image).
 * @csspart link - The small "open on this device" link under the QR code.
 * @csspart button - The big link styled as a button.
 * @csspart copy-button - The button that copies the link.
 * @csspart timer - The time left before the link expires.
 * @csspart status - The live status line, which also shows the result.
 * @csspart continue-button - The Continue button shown after success.
 * @csspart retry-button - The Try again button shown after failure or expiry.
 *
 * @cssproperty --kyc-verify-text - Text colour.
 * @cssproperty --kyc-verify-muted - Colour of secondary text (timer, notes).
 * @cssproperty --kyc-verify-border - Colour of borders.
 * @cssproperty --kyc-verify-accent - Background of the buttons and colour of links and focus rings.
 * @cssproperty --kyc-verify-accent-text - Text colour on the accent.
 * @cssproperty --kyc-verify-success - Colour of the success message.
 * @cssproperty --kyc-verify-danger - Colour of failure, expiry and error messages.
 * @cssproperty --kyc-verify-radius - Corner radius of buttons and the QR code.
 * @cssproperty --kyc-verify-qr-size - Width and height of the QR code.
 * @cssproperty --kyc-verify-qr-color - Colour of the QR code's dark modules (keep it dark).
 * @cssproperty --kyc-verify-qr-background - Colour of the QR code's light modules and quiet zone (keep it light).
 */
export class KycVerify extends LitElement {
  static override styles = styles;

  static override properties = {
    transaction: { attribute: 'transaction' },
    sessionUrl: { attribute: 'session-url' },
    statusUrl: { attribute: 'status-url' },
    verificationUrl: { attribute: 'verification-url' },
    link: { attribute: 'link' },
    mode: { attribute: 'mode', reflect: true },
    pollInterval: { attribute: 'poll-interval', type: Number },
    continueDelay: { attribute: 'continue-delay', type: Number },
    requestTimeout: { attribute: 'request-timeout', type: Number },
    defer: { attribute: 'defer', type: Boolean },
    lang: { attribute: 'lang', reflect: true },
    strings: { attribute: false },
    followed: { state: true, attribute: false },
    status: { state: true, attribute: false },
    problem: { state: true, attribute: false },
    starting: { state: true, attribute: false },
    continueReady: { state: true, attribute: false },
    copyNote: { state: true, attribute: false },
  };

  /** The transaction's uuid (or 6-character nanoid), created by the host's backend. */
  transaction = '';

  /** Where to POST (credentials included) for a new transaction when no `transaction` is given. */
  sessionUrl = '';

  /** The host's status proxy, a URL template with `{uuid}`; defaults to `<session-url>/{uuid}`. */
  statusUrl = '';

  /** Root of the end-user verification flow; the link is `<verification-url>/transactions/<uuid>`. */
  verificationUrl = '';

  /** The verification link itself, when the host has it; only `https:` (or `http:` on localhost) is shown. */
  link = '';

  /** `auto` (a QR code on wide screens, a big button on touch and narrow screens), `qr`, `button` or `both`. */
  mode: KycVerifyMode = 'auto';

  /** Milliseconds between status polls while all is well. */
  pollInterval = DEFAULT_POLL_INTERVAL_MS;

  /** Milliseconds after success before Continue is enabled (spec §6.7's debounce). */
  continueDelay = DEFAULT_CONTINUE_DELAY_MS;

  /** Milliseconds one request may take before it is abandoned and retried. */
  requestTimeout = DEFAULT_REQUEST_TIMEOUT_MS;

  /** With a session URL: wait for `start()` instead of creating the transaction on connect. */
  defer = false;

  /** Language (`es` or `en`); by default the nearest `lang` attribute, then the browser's. */
  declare lang: string;

  /** Replacements for any of the visible strings. */
  strings: Partial<KycVerifyStrings> = {};

  private followed: Followed | null = null;
  private status: TransactionStatus | null = null;
  private problem: KycErrorDetail | null = null;
  private starting = false;
  private continueReady = false;
  private copyNote: 'linkCopied' | 'copyFailed' | null = null;

  readonly #poller = new StatusPoller(this, {
    interval: () => Math.max(MIN_POLL_INTERVAL_MS, numberOr(this.pollInterval, DEFAULT_POLL_INTERVAL_MS)),
    timeout: () => this.#requestTimeout(),
    onStatus: (status) => this.#observe(status),
    onError: (error, retrying) => this.#report(error, retrying),
  });

  readonly #countdown = new Countdown(this, this.#poller.pollNow);
  /** Transactions whose terminal event has fired. */
  readonly #ended = new Set<string>();
  readonly #session = new LatestRequest();
  #continueTimer?: ReturnType<typeof setTimeout>;
  #qr?: { link: string; path: QrPath | null };
  /** `start()` was called: `defer` no longer holds the session back. */
  #started = false;
  /** `start()` was called while disconnected: it runs on connection. */
  #startPending = false;

  /**
   * Starts a verification now: a new session when `session-url` is set (for `defer`, or to try
   * again), otherwise follows `transaction` afresh.
   */
  start(): void {
    this.#started = true;
    this.#startPending = !this.isConnected;
    // Before the first update, that update begins; while disconnected, the next connection does.
    if (!this.hasUpdated || !this.isConnected) return;
    this.#keepFocus();
    if (this.sessionUrl) void this.#createSession();
    else this.#begin();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.hasUpdated) return;
    if (this.#startPending) this.start();
    // A session request cut short by a removal starts again; a followed transaction resumes by itself.
    else if (!this.followed && !this.problem && !this.starting) this.#begin();
    if (this.status?.state === 'successful' && !this.continueReady) this.#armContinue();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#continueTimer);
    // A move (removed and appended in one task) keeps the session request under way: aborting it
    // would make the host create a second transaction. A removal cancels it.
    queueMicrotask(() => this.isConnected || this.#cancelSession());
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('transaction') || changed.has('sessionUrl')) this.#begin();
    else if (this.followed && LOCATION_PROPERTIES.some((name) => changed.has(name))) {
      this.#follow(this.followed.id, this.followed.sessionLink);
    }
  }

  #begin(): void {
    this.#abandon();
    if (this.transaction) this.#follow(this.transaction);
    else if (this.sessionUrl && (!this.defer || this.#started)) void this.#createSession();
  }

  /** Forgets the current transaction: no answer about it is acted on any more. */
  #abandon(): void {
    this.#cancelSession();
    this.#poller.follow(null);
    this.#countdown.deadline = null;
    clearTimeout(this.#continueTimer);
    this.followed = this.status = this.problem = this.copyNote = null;
    this.continueReady = false;
  }

  #cancelSession(): void {
    this.#session.cancel();
    this.starting = false;
  }

  async #createSession(): Promise<void> {
    this.#abandon();
    this.starting = true;
    await this.#session.run(
      (signal) => requestJson(this.sessionUrl, { method: 'POST' }, this.#requestTimeout(), signal),
      (body) => {
        this.starting = false;
        const session = readSession(body);
        this.#follow(session.uuid, session.link, session.expiresAt);
        if (session.status && this.followed) this.#observe(session.status);
      },
      (error) => {
        this.starting = false;
        this.#report(error, false);
      },
    );
  }

  /** Checks and resolves everything about transaction `id`, then polls it. No request is made for a bad configuration. */
  #follow(id: string, sessionLink: string | null = null, expiresAt: string | null = null): void {
    const located = this.#locate(id, sessionLink);
    if (typeof located === 'string') {
      this.#abandon();
      this.#report(new RequestError('config', located, false), false, id);
      return;
    }
    if (this.followed?.id !== id) this.status = null;
    this.followed = located;
    this.problem = null;
    if (expiresAt) this.#countdown.deadline = Date.parse(expiresAt);
    if (!this.status || !isTerminal(this.status.state)) this.#poller.follow(located);
  }

  /** Where transaction `id`'s status and link are, or what is wrong with the configuration. */
  #locate(id: string, sessionLink: string | null): Followed | string {
    if (!isTransactionId(id)) return `bad transaction "${id}": not a uuid or nanoid`;
    const template = this.statusUrl || (this.sessionUrl && `${this.sessionUrl.replace(/\/+$/, '')}/{uuid}`);
    const statusUrl = template && statusUrlFor(template, id);
    if (!statusUrl) return 'status-url needs {uuid} (or set session-url)';
    const wanted = sessionLink || this.link || (this.verificationUrl && verificationLink(this.verificationUrl, id));
    if (!wanted) return 'no link: set verification-url or link';
    const link = safeLink(wanted);
    if (!link) return `unsafe link "${wanted}": only https (or http on localhost)`;
    return { id, link, statusUrl, sessionLink };
  }

  #observe(status: TransactionStatus): void {
    const before = this.status;
    this.status = status;
    this.problem = null;
    const detail = this.#detail(status);
    if (before?.state !== status.state || before.step !== status.step || before.code !== status.code) {
      this.#dispatch(new KycStateChangeEvent(detail));
    }
    // A listener may have moved on (start(), another transaction, removal): this answer is done with.
    if (this.status !== status || !this.isConnected) return;
    if (!isTerminal(status.state)) {
      if (status.expires_at) this.#countdown.deadline = Date.parse(status.expires_at);
      return;
    }
    this.#poller.follow(null);
    this.#countdown.deadline = null;
    if (this.#ended.has(status.uuid)) return;
    this.#ended.add(status.uuid);
    this.#keepFocus();
    this.#dispatch(new TERMINAL_EVENTS[status.state](detail));
    if (status.state === 'successful') this.#armContinue();
  }

  #report(error: RequestError, retrying: boolean, uuid = this.followed?.id): void {
    this.problem = { kind: error.kind, message: error.message, retrying, ...(error.status && { status: error.status }), ...(uuid && { uuid }) };
    if (!retrying) this.#keepFocus();
    this.#dispatch(new KycErrorEvent(this.problem));
  }

  #dispatch(event: Event): void {
    if (this.isConnected) this.dispatchEvent(event);
  }

  #detail(status: TransactionStatus): KycStatusDetail {
    const { uuid, state, step, code, issue_description: issueDescription } = status;
    return { uuid, state, step, code, issueDescription };
  }

  #armContinue(): void {
    clearTimeout(this.#continueTimer);
    this.#continueTimer = setTimeout(() => (this.continueReady = true), numberOr(this.continueDelay, DEFAULT_CONTINUE_DELAY_MS));
  }

  #requestTimeout(): number {
    return numberOr(this.requestTimeout, 0) || DEFAULT_REQUEST_TIMEOUT_MS;
  }

  /** When focus is on one of the element's controls and that control is about to go, it moves to the status line. */
  #keepFocus(): void {
    if (!this.shadowRoot?.activeElement) return;
    void this.updateComplete.then(() => {
      if (!this.shadowRoot?.activeElement) this.renderRoot.querySelector<HTMLElement>('[part="status"]')?.focus();
    });
  }

  #continue = () => this.#dispatch(new KycContinueEvent(this.#detail(this.status!)));

  #copy = async () => {
    // Emptied first, so that the live region announces a second copy too.
    this.copyNote = null;
    await this.updateComplete;
    try {
      await navigator.clipboard.writeText(this.followed!.link);
      this.copyNote = 'linkCopied';
    } catch {
      this.copyNote = 'copyFailed';
    }
  };

  #statusText(strings: KycVerifyStrings): string {
    if (this.problem) return this.problem.retrying ? strings.reconnecting : strings.unavailable;
    const status = this.status;
    if (!status) return this.starting ? strings.preparing : this.followed ? strings.waiting : '';
    if (status.state !== 'pending') return strings[status.state];
    if (status.step === 'Capture_credential_Ok') return strings.documentCaptured;
    if (status.step === 'Capture_credential_fail') return strings.documentProblem;
    if (status.step?.startsWith('Session_complete')) return strings.checking;
    return strings.waiting;
  }

  #renderLink(link: string, strings: KycVerifyStrings) {
    if (this.mode !== 'button' && this.#qr?.link !== link) this.#qr = { link, path: qrCodeOf(link) };
    const qr = this.mode !== 'button' ? this.#qr?.path : null;
    // A link too long for any QR code still gets its button.
    const showButton = this.mode !== 'qr' || !qr;
    const remaining = this.#countdown.remaining;
    return html`
      ${qr
        ? html`<div class="scan">
            <svg part="qr" role="img" aria-label=${strings.qrLabel} viewBox="-4 -4 ${qr.size + 8} ${qr.size + 8}">
              <rect class="quiet-zone" fill="#fff" x="-4" y="-4" width=${qr.size + 8} height=${qr.size + 8}></rect>
              <path d=${qr.d}></path>
            </svg>
            <p>${strings.scanTitle}</p>
            ${this.mode === 'both'
              ? nothing
              : html`<a part="link" href=${link} target="_blank" rel="noopener noreferrer" aria-describedby="new-tab">${strings.openHere}</a>`}
          </div>`
        : nothing}
      ${showButton
        ? html`<a part="button" class="open action" href=${link} target="_blank" rel="noopener noreferrer" aria-describedby="new-tab">${strings.openButton}</a>`
        : nothing}
      <span id="new-tab" hidden>${strings.newTab}</span>
      <div>
        <button part="copy-button" class="copy" type="button" @click=${this.#copy}>${strings.copyLink}</button>
        <span class="note" role="status">${this.copyNote ? strings[this.copyNote] : ''}</span>
      </div>
      ${remaining === null
        ? nothing
        : html`<p part="timer" class="note" role="timer">${strings.timeLeft.replace('{time}', formatTime(remaining))}</p>`}
    `;
  }

  #renderActions(strings: KycVerifyStrings) {
    const state = this.status?.state;
    if (state === 'successful') {
      return html`<button part="continue-button" class="action" type="button" ?disabled=${!this.continueReady} @click=${this.#continue}>
        ${strings.continue}
      </button>`;
    }
    const canRetry = state === 'failed' || state === 'expired' || (this.problem && !this.problem.retrying);
    return canRetry && this.sessionUrl
      ? html`<button part="retry-button" class="action" type="button" @click=${() => this.start()}>${strings.tryAgain}</button>`
      : nothing;
  }

  protected override render() {
    const strings = stringsFor(languageOf(this), this.strings);
    const state = this.status?.state;
    const showLink = this.followed && (!state || state === 'pending') && !(this.problem && !this.problem.retrying);
    const tone = this.problem ? 'problem' : (state ?? '');
    return html`<div part="base" class="base mode-${this.mode}">
      <slot></slot>
      ${showLink ? this.#renderLink(this.followed!.link, strings) : nothing}
      <p part="status" class="status ${tone}" role="status" tabindex="-1">${this.#statusText(strings)}</p>
      ${this.#renderActions(strings)}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'kyc-verify': KycVerify;
  }
}
