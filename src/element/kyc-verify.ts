import { LitElement, type PropertyValues } from 'lit';
import { isTerminal, type TransactionStatus } from '../shared/transaction-state.js';
import { locate, type Followed } from './configuration.js';
import { CopyNote } from './copy-note.js';
import { Countdown } from './countdown.js';
import { Ending } from './ending.js';
import {
  errorDetailOf,
  KycContinueEvent,
  KycErrorEvent,
  KycStateChangeEvent,
  statusDetailOf,
  type KycErrorDetail,
  type KycStatusDetail,
} from './events.js';
import { keepFocus, keepingLastQrCode, renderView, type ViewActions } from './kyc-verify.view.js';
import { languageOf, stringsFor, type KycVerifyStrings } from './localize.js';
import { RequestError } from './request.js';
import { SessionRequest } from './session-request.js';
import { StatusPoller } from './status-poller.js';
import { styles } from './kyc-verify.styles.js';

/** How the link is shown: see the `mode` attribute. */
export type KycVerifyMode = 'auto' | 'qr' | 'button' | 'both';

const MIN_POLL_INTERVAL_MS = 100;
const DEFAULT_POLL_INTERVAL_MS = 1500;
const DEFAULT_CONTINUE_DELAY_MS = 2500;
const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

/** A number attribute's value, or `fallback` when it is missing, not a number or negative. */
const numberOr = (value: number, fallback: number) => (Number.isFinite(value) && value >= 0 ? value : fallback);

/** Attributes that say where the current transaction's link and status are, and how to follow it. */
const FOLLOWING_PROPERTIES = ['statusUrl', 'verificationUrl', 'link', 'noStream'] as const;

/**
 * Runs a biometric identity verification: shows the end user the verification link as a QR code
 * (desktop → phone) or a button (phone), follows the transaction through the host's status proxy
 * (its status stream when it offers one, polling otherwise) and tells the page how it ended.
 *
 * @summary Biometric identity verification (KYC) for any page: link or QR code, live status, result events.
 *
 * @fires {KycStatusDetail} kyc-state-change - The state, step or code of the transaction changed.
 * @fires {KycStatusDetail} kyc-successful - The transaction ended successfully (once per transaction).
 * @fires {KycStatusDetail} kyc-failed - The transaction ended failed (once per transaction).
 * @fires {KycStatusDetail} kyc-expired - The transaction expired (once per transaction).
 * @fires {KycErrorDetail} kyc-error - A configuration, network or protocol error; `detail.retrying` says whether the element goes on.
 * @fires {KycStatusDetail} kyc-continue - The end user pressed Continue after a successful verification.
 *
 * @slot - Content shown above the link, such as the host's own instructions.
 *
 * @csspart base - The wrapper around everything.
 * @csspart qr - The QR code (an SVG image).
 * @csspart link - The small "open on this device" link under the QR code.
 * @csspart progress - The phone's progress ("continue on your phone" and the steps), over the QR code once the phone has started.
 * @csspart step - One step of the progress; with it, its mark: `step-done`, `step-current`, `step-problem` or `step-todo`.
 * @csspart show-code - The toggle under the progress that shows the QR code again (for a second phone) and hides it.
 * @csspart button - The big link styled as a button.
 * @csspart copy-button - The button that copies the link.
 * @csspart timer - The time left before the verification ends (the link's expiry, or the capture step's timer when sooner); with the class `urgent` in the last 30 seconds.
 * @csspart status - The live status line, which also shows the result.
 * @csspart reason - Inside the status line after a failure or an expiry: why, and what to do next.
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
    transaction: {},
    sessionUrl: { attribute: 'session-url' },
    statusUrl: { attribute: 'status-url' },
    verificationUrl: { attribute: 'verification-url' },
    link: {},
    mode: { reflect: true },
    pollInterval: { attribute: 'poll-interval', type: Number },
    continueDelay: { attribute: 'continue-delay', type: Number },
    requestTimeout: { attribute: 'request-timeout', type: Number },
    defer: { attribute: 'defer', type: Boolean },
    noStream: { attribute: 'no-stream', type: Boolean },
    lang: { reflect: true },
    strings: { attribute: false },
  };

  /** The transaction's uuid (or 6-character nanoid), created by the host's backend. */
  transaction = '';

  /** Where to POST (credentials included) for a new transaction when no `transaction` is given. */
  sessionUrl = '';

  /**
   * The host's status proxy, a URL template with `{uuid}` or a `:uuid` path segment (`/kyc/status/:uuid`,
   * which Svelte templates leave alone); defaults to `<session-url>/{uuid}`.
   */
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

  /** Poll only: never open the host's status stream (Server-Sent Events on the status URL). */
  noStream = false;

  /** Language (`es` or `en`); by default the nearest `lang` attribute, then the browser's. */
  declare lang: string;

  /** Replacements for any of the visible strings. */
  strings: Partial<KycVerifyStrings> = {};

  // Internal state, in private fields (not properties, so not part of the API); whatever changes it requests an update.
  #followed: Followed | null = null;
  /** The last status of the followed transaction. */
  #observed: TransactionStatus | null = null;
  #problem: KycErrorDetail | null = null;

  /**
   * The transaction's last observed status (what the last `kyc-state-change` said), or `null`
   * before the first; read-only. A script that loads late reads it instead of waiting for an
   * event that has passed. Its `state` is reflected as the `state` attribute, for styling.
   */
  get status(): KycStatusDetail | null {
    return this.#observed && statusDetailOf(this.#observed);
  }

  readonly #poller = new StatusPoller(this, {
    stream: () => !this.noStream,
    interval: () => Math.max(MIN_POLL_INTERVAL_MS, numberOr(this.pollInterval, DEFAULT_POLL_INTERVAL_MS)),
    timeout: () => this.#requestTimeout(),
    onStatus: (status) => this.#observe(status),
    onError: (error, retrying) => this.#report(error, retrying),
  });

  readonly #countdown = new Countdown(this, this.#poller.pollNow);
  readonly #copyNote = new CopyNote(this);
  readonly #session = new SessionRequest(this, {
    url: () => this.sessionUrl,
    timeout: () => this.#requestTimeout(),
    onSession: (session) => {
      this.#follow(session.uuid, session.link, session.expiresAt);
      if (session.status && this.#followed) this.#observe(session.status);
    },
    onError: (error) => this.#report(error, false),
  });
  readonly #ending = new Ending(this, () => numberOr(this.continueDelay, DEFAULT_CONTINUE_DELAY_MS));
  readonly #qrCodeOf = keepingLastQrCode();
  /** `start()` was called: `defer` no longer holds the session back. */
  #started = false;
  /** `start()` was called while disconnected after the first update: it runs on connection. */
  #startPending = false;

  /**
   * Starts a verification now: a new session when `session-url` is set (for `defer`, or to try
   * again), otherwise follows `transaction` afresh.
   */
  start(): void {
    this.#started = true;
    // Before the first update, that update begins.
    if (!this.hasUpdated) return;
    if (!this.isConnected) {
      // The next connection begins; until then the old transaction is done with.
      this.#startPending = true;
      this.#abandon();
      return;
    }
    this.#startPending = false;
    keepFocus(this);
    if (!this.sessionUrl) return this.#begin();
    this.#abandon();
    this.#session.create();
  }

  override connectedCallback(): void {
    // The controllers resume what was under way: polling, a session request a removal cut short, Continue's wait.
    super.connectedCallback();
    if (this.#startPending) this.start();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('transaction') || changed.has('sessionUrl')) this.#begin();
    else if (this.#followed && FOLLOWING_PROPERTIES.some((name) => changed.has(name))) {
      this.#follow(this.#followed.id, this.#followed.sessionLink);
    }
  }

  #begin(): void {
    this.#abandon();
    if (this.transaction) this.#follow(this.transaction);
    else if (this.sessionUrl && (!this.defer || this.#started)) this.#session.create();
  }

  /** Forgets the current transaction: no answer about it is acted on any more. */
  #abandon(): void {
    this.#session.cancel();
    this.#poller.follow(null);
    this.#countdown.follow(null);
    this.#copyNote.clear();
    this.#ending.reset();
    this.#see(null);
    this.#followed = this.#problem = null;
  }

  /** Checks and resolves everything about transaction `id`, then follows it. No request is made for a bad configuration. */
  #follow(id: string, sessionLink: string | null = null, expiresAt: string | null = null): void {
    const located = locate(id, sessionLink, this);
    if (typeof located === 'string') {
      this.#abandon();
      this.#report(new RequestError('config', located, false), false, id);
      return;
    }
    if (this.#followed?.id !== id) this.#see(null);
    this.#followed = located;
    this.#problem = null;
    this.requestUpdate();
    if (expiresAt) this.#countdown.follow({ expires_at: expiresAt });
    if (!this.#observed || !isTerminal(this.#observed.state)) this.#poller.follow(located);
  }

  #observe(status: TransactionStatus): void {
    const before = this.#observed;
    this.#see(status);
    this.#problem = null;
    const detail = statusDetailOf(status);
    if (before?.state !== status.state || before.step !== status.step || before.code !== status.code) {
      this.#dispatch(new KycStateChangeEvent(detail));
    }
    // A listener may have moved on (start(), another transaction, removal): this answer is done with.
    if (this.#observed !== status || !this.isConnected) return;
    if (!isTerminal(status.state)) return this.#countdown.follow(status);
    this.#poller.follow(null);
    this.#countdown.follow(null);
    this.#ending.end(status.state, detail);
  }

  /** Keeps `status` and, for styling, the `state` attribute. */
  #see(status: TransactionStatus | null): void {
    this.#observed = status;
    this.requestUpdate();
    if (status) this.setAttribute('state', status.state);
    else this.removeAttribute('state');
  }

  #report(error: RequestError, retrying: boolean, uuid = this.#followed?.id): void {
    this.#problem = errorDetailOf(error, retrying, uuid);
    this.requestUpdate();
    if (!retrying) keepFocus(this);
    this.#dispatch(new KycErrorEvent(this.#problem));
  }

  #dispatch(event: Event): void {
    if (this.isConnected) this.dispatchEvent(event);
  }

  #requestTimeout(): number {
    return numberOr(this.requestTimeout, 0) || DEFAULT_REQUEST_TIMEOUT_MS;
  }

  readonly #actions: ViewActions = {
    continue: () => this.#dispatch(new KycContinueEvent(this.status!)),
    copy: () => this.#copyNote.copy(this.#followed!.link),
    startAgain: () => this.start(),
  };

  protected override render() {
    return renderView(
      {
        strings: stringsFor(languageOf(this), this.strings),
        mode: this.mode,
        link: this.#followed?.link ?? null,
        status: this.#observed,
        problem: this.#problem,
        starting: this.#session.starting,
        continueReady: this.#ending.continueReady,
        canStartAgain: Boolean(this.sessionUrl),
        copyNote: this.#copyNote.note,
        remaining: this.#countdown.remaining,
        qrCodeOf: this.#qrCodeOf,
      },
      this.#actions,
    );
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'kyc-verify': KycVerify;
  }
}
