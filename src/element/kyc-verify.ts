import { html, LitElement, type PropertyValues } from 'lit';
import { Announcer } from './controllers/announcer.js';
import { CopyNote } from './controllers/copy-note.js';
import { Countdown } from './controllers/countdown.js';
import { Delay } from './controllers/delay.js';
import { SessionRequest } from './controllers/session-request.js';
import { StatusPoller } from './controllers/status-poller.js';
import { StatusStream } from './controllers/status-stream.js';
import { followSurroundings } from './controllers/surroundings.js';
import { statusDetailOf, type KycStatusDetail } from './events.js';
import { lazyChunk } from './lazy-chunk.js';
import { readSession } from './controllers/read-session.js';
import { serverRenderOf, type ServerRender } from './server-render.js';
import { es } from './locales/es.js';
import { languageOf, stringsFor, type KycVerifyStrings, type ShownStrings } from './locales/localize.js';
import { initialState, reduce, type Io, type MachineEvent, type Setup } from './machine/machine.js';
import { outcomeOf } from './machine/outcome.js';
import { keepFocus, renderView, type ViewActions, type ViewState } from './view/kyc-verify.view.js';
import { buttonOnly } from './view/media.js';
import { keepingLastQrCode, loadQrEncoder } from './view/qr-code.js';
import { speechOf } from './view/speech.js';
import { styles } from './view/styles/styles.js';

/** How the link is shown: see the `mode` attribute. */
export type KycVerifyMode = 'auto' | 'qr' | 'button' | 'both';

const MIN_POLL_INTERVAL_MS = 100;
const DEFAULT_POLL_INTERVAL_MS = 1500;
const DEFAULT_CONTINUE_DELAY_MS = 2500;
const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

/** Sending the link, loaded the first time an answer offers it (src/element/send.ts); `null` when it cannot load. */
const sendChunk = lazyChunk(() => import('./send.js'), null, 'kyc-verify.send.js', 'no send button');

/** A number attribute's value, or `fallback` when it is missing, not a number or negative. */
const numberOr = (value: number, fallback: number) => (Number.isFinite(value) && value >= 0 ? value : fallback);

/**
 * Runs a biometric identity verification: shows the end user the verification link as a QR code
 * (desktop → phone) or a button (phone), follows the transaction through the backend's status proxy
 * (its status stream when it offers one, polling otherwise) and tells the page how it ended.
 *
 * With a `session-url` it asks the backend for the transaction itself: a POST with the header
 * `kyc-verify-session: resume` (the transaction the backend has for this user, or a new one), or
 * `kyc-verify-session: new` when a new one is wanted (`start({ new: true })`, or Try again after
 * a transaction failed or expired). A backend that answers 429 is asked again only once its
 * `Retry-After` has passed: until then the element asks the end user, calmly, to wait or to finish
 * the verification under way.
 *
 * @summary Biometric identity verification (KYC) for any page: link or QR code, live status, result events.
 *
 * @fires {KycStatusDetail} kyc-state-change - The state, step or code of the transaction changed, or a device opened the backend's short link (`detail.handoff`).
 * @fires {KycStatusDetail} kyc-successful - The transaction ended successfully (once per transaction).
 * @fires {KycStatusDetail} kyc-failed - The transaction ended failed (once per transaction).
 * @fires {KycStatusDetail} kyc-expired - The transaction expired (once per transaction).
 * @fires {KycErrorDetail} kyc-error - A configuration, network or protocol error; `detail.retrying` says whether the element goes on.
 * @fires {KycStatusDetail} kyc-continue - The end user pressed Continue after a successful verification.
 *
 * @slot - Content shown above the link, such as the page's own instructions.
 *
 * @csspart base - The wrapper around everything.
 * @csspart step-count - Once the phone has started, over the heading: "Step 2 of 3 · Selfie", the same words the phone's verification page shows.
 * @csspart title - The heading: what to do now ("Scan the code with your phone", "Continue on your phone"), or an end screen's ("Your identity is verified.").
 * @csspart status - What is under way, under the heading (in an alert's look, with a mark, after a problem on the phone); at an end, the end screen: its mark, heading and reason. Not live itself: one polite live region says each change once.
 * @csspart timer - Under the status line: the time left before the verification ends, the link's expiry or the capture step's timer when sooner, saying which; with the class `urgent` in the last 30 seconds. Announced (politely) at 2 min, 1 min and 30 s, and when a step's new timer starts.
 * @csspart other-device - Under the status line, in an alert's look, when the backend's short link was opened on another device too: "Not you?", with a button that starts again (with `session-url`).
 * @csspart preparation - What the end user will need (their cédula, good light, a few minutes), shown with the link unless `no-preparation` is set; it steps aside once the phone has started.
 * @csspart qr - The QR code (an SVG image).
 * @csspart typed-code - Under the QR code, with the backend's short link: "Can't scan? On your phone, open … and type …", the address and the code large.
 * @csspart link - The small "open on this device" link under the QR code.
 * @csspart progress - The phone's progress (the steps, and on a computer that the person comes back to this window), over the QR code once the phone has started.
 * @csspart step - One step of the progress; with it, its mark: `step-done`, `step-current`, `step-problem` or `step-todo`.
 * @csspart show-code - The toggle under the progress that shows the QR code again (for a second phone) and hides it; muted, and closed, once the phone is past the document step.
 * @csspart button - The big link styled as a button; a plain link under the progress once the flow has started.
 * @csspart copy-button - The button that copies the link; with the send buttons, it steps aside once the phone has started.
 * @csspart link-text - The link as text, under the notes, when the browser refused to copy it: selected whole by one click or tap.
 * @csspart send-button - "Send by e-mail" (or "by SMS"), beside Copy link, when the backend says it sends the link (`"send"` in its answers); `aria-disabled` while a resend must wait.
 * @csspart send-note - Where the link was sent ("Sent to m•••@gmail.com", the destination as the backend masked it), or why it was not.
 * @csspart send-wait - The time left before the link can be sent again, while there is one.
 * @csspart reason - In an end screen, under its heading: why it ended, or what the person can do.
 * @csspart continue-button - The Continue button of the success screen, disabled until the result is recorded (`continue-delay`).
 * @csspart retry-button - The main action of an end screen where asking again can help: Try again (after a failure, an expiry, a session that could not be created, a login that ended), Start again (a new verification, once the status was lost), Try now (busy: it also asks again by itself). Never after a configuration error.
 * @csspart login-link - After a 401 or 403, the link to log in again, to `login-url`, instead of Try again.
 *
 * @cssproperty --kyc-verify-text - Text colour. Every colour follows the page's `color-scheme` through `light-dark()`, and on a page that paints itself dark (or light) without declaring it, the background behind the element; `kyc-verify { color-scheme: dark }` (or `light`) forces one.
 * @cssproperty --kyc-verify-muted - Colour of secondary text (timer, notes).
 * @cssproperty --kyc-verify-border - Colour of borders.
 * @cssproperty --kyc-verify-accent - Background of the buttons and colour of links, focus rings, the progress indicator and calm end screens' marks.
 * @cssproperty --kyc-verify-accent-text - Text colour on the accent, and of the marks drawn on a colour.
 * @cssproperty --kyc-verify-success - Colour of the success mark and of steps done.
 * @cssproperty --kyc-verify-danger - Colour of problems' marks and edges, and of failure and expiry marks.
 * @cssproperty --kyc-verify-warning - Colour of the mark and edge of the notice that the link was opened on another device.
 * @cssproperty --kyc-verify-radius - Corner radius of buttons, alerts and the QR code.
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
    defer: { type: Boolean },
    noStream: { attribute: 'no-stream', type: Boolean },
    noPreparation: { attribute: 'no-preparation', type: Boolean },
    loginUrl: { attribute: 'login-url' },
    lang: { reflect: true },
    strings: { attribute: false },
  };

  /** The transaction's uuid (or 6-character nanoid), created by the backend. */
  transaction = '';

  /** Where to POST (credentials included) for a new transaction when no `transaction` is given. */
  sessionUrl = '';

  /**
   * The backend's status proxy, a URL template with `{uuid}` or a `:uuid` path segment (`/kyc/status/:uuid`,
   * which Svelte templates leave alone). Unset: where the session answer says (`status_url`), else `<session-url>/{uuid}`.
   */
  statusUrl = '';

  /** Root of the end-user verification flow; the link is `<verification-url>/transactions/<uuid>`. */
  verificationUrl = '';

  /** The verification link itself, when the backend has it; only `https:` (or `http:` on localhost) is shown. */
  link = '';

  /** `auto` (a QR code on wide screens, a big button on touch and narrow screens), `qr`, `button` or `both`. */
  mode: KycVerifyMode = 'auto';

  /** Milliseconds between status polls while all is well. */
  pollInterval = DEFAULT_POLL_INTERVAL_MS;

  /** Milliseconds after success before Continue is enabled (docs/service.md §6.7's debounce). */
  continueDelay = DEFAULT_CONTINUE_DELAY_MS;

  /** Milliseconds one request may take before it is abandoned and retried. */
  requestTimeout = DEFAULT_REQUEST_TIMEOUT_MS;

  /** With a session URL: wait for `start()` instead of creating the transaction on connect. */
  defer = false;

  /** Poll only: never open the backend's status stream (Server-Sent Events on the status URL). */
  noStream = false;
  /** Leaves out what the end user will need ("Necesitarás tu cédula, buena luz y unos minutos."), shown with the link by default. */
  noPreparation = false;
  /** Where the end user logs in again when the backend answers 401 or 403: a link offered instead of Try again (none without it). */
  loginUrl = '';

  /** Language (`es`, `en` or `pt-BR`; any `pt` is `pt-BR`); by default the nearest `lang` attribute, then the browser's. */
  declare lang: string;

  /** Replacements for any of the visible strings. */
  strings: Partial<KycVerifyStrings> = {};

  /** The lifecycle's state (see `machine/machine.ts`): everything else is derived from it or carries it out. */
  #state = initialState(this.#setup());
  /** Counts committed events: the effects of an older one stop once a newer one is committed. */
  #commits = 0;

  /**
   * The transaction's last observed status (what the last `kyc-state-change` said), or `null`
   * before the first; read-only. A script that loads late reads it instead of waiting for an
   * event that has passed. Its `state` is reflected as the `state` attribute, for styling.
   */
  get status(): KycStatusDetail | null {
    const { status } = this.#state;
    return status && statusDetailOf(status);
  }

  /**
   * Commits the state `event` leads to, then runs its effects; a newer event committed by a listener meanwhile drops the rest.
   * The controllers send the events they observe here too.
   */
  readonly #send = (event: MachineEvent): void => {
    const { state, effects } = reduce(this.#state, event);
    const commit = ++this.#commits;
    if (state !== this.#state) this.requestUpdate();
    this.#state = state;
    const observed = state.status?.state;
    if (observed) this.setAttribute('state', observed);
    else this.removeAttribute('state');
    for (const effect of effects) {
      if (commit !== this.#commits) return;
      effect(this.#io);
    }
  };

  readonly #stream = new StatusStream(this, this.#send);
  readonly #poller = new StatusPoller(this, {
    interval: () => Math.max(MIN_POLL_INTERVAL_MS, numberOr(this.pollInterval, DEFAULT_POLL_INTERVAL_MS)),
    timeout: () => this.#requestTimeout(),
    send: this.#send,
  });
  readonly #countdown = new Countdown(this, () => this.#send({ type: 'deadline' }));
  readonly #copyNote = new CopyNote(this);
  readonly #session = new SessionRequest(this, {
    url: () => this.sessionUrl,
    timeout: () => this.#requestTimeout(),
    send: this.#send,
  });
  readonly #delay = new Delay(this, () => this.#send({ type: 'waited' }));
  /** The server's render this element upgraded over (kyc-verify/ssr), until its own first render replaces it. */
  #served: ServerRender | null = null;
  /** The server drew the QR code of the prepared link: kept, and the encoder not fetched for it. */
  #servedQr: ServerRender['qr'] = null;
  readonly #qrCodeOf = keepingLastQrCode(
    () => this.requestUpdate(),
    () => (this.#servedQr && this.#state.followed ? { link: this.#state.followed.link, path: this.#servedQr } : undefined),
  );
  readonly #announcer = new Announcer(this);

  constructor() {
    super();
    followSurroundings(this, this.attachInternals().states);
  }

  /**
   * Starts a verification now. With `session-url`, asks the backend for a session (for `defer`, or to
   * try again): the transaction it has for this user, resumed, or with `{ new: true }` a new one
   * (the header `kyc-verify-session: new`). Without, follows `transaction` afresh. Called while
   * disconnected, it runs on the next connection.
   */
  start(options: { new?: boolean } = {}): void {
    const { hasUpdated: updated, isConnected: connected } = this;
    this.#send({ type: 'start', setup: this.#setup(), mode: options.new ? 'new' : 'resume', updated, connected });
  }

  override connectedCallback(): void {
    // The controllers resume what was under way: polling, a session request a removal cut short, Continue's wait.
    super.connectedCallback();
    if (!this.hasUpdated) this.#takeOver();
    this.#send({ type: 'connected', setup: this.#setup() });
  }

  /**
   * Over a server's render (docs/element.md, "Prepared by the server"): its session is followed as a
   * session answer, without a session request, and its QR code kept; an answer it cannot read is
   * ignored (the element asks the backend as usual, which resumes the same transaction).
   */
  #takeOver(): void {
    const served = serverRenderOf(this);
    if (!served) return;
    this.#served = served;
    this.#servedQr = served.qr;
    try {
      const answer = readSession(served.session, new URL(this.sessionUrl, document.baseURI));
      this.#send({ type: 'prepared', answer, setup: this.#setup() });
    } catch {
      // Asked for below, as without a server's render.
    }
  }

  /** Over a server's render in another language than Spanish, the first render waits for its words: the server's stay until then. */
  protected override shouldUpdate(): boolean {
    return !this.#served || stringsFor(languageOf(this), this.strings, () => this.requestUpdate()) !== null;
  }

  protected override willUpdate(): void {
    this.#send({ type: 'configure', setup: this.#setup() });
    if (!buttonOnly(this.mode) && !this.#servedQr) loadQrEncoder(() => this.requestUpdate());
  }

  /** The element's first render takes the server's place, in the same task: nothing is painted between. */
  protected override update(changed: PropertyValues): void {
    if (this.#served) {
      this.renderRoot.replaceChildren();
      // Lit renders before the root's first child as it was when the root was taken: a node of the server's render, gone now.
      this.renderOptions.renderBefore = null;
      this.#served = null;
    }
    super.update(changed);
  }

  #setup(): Setup {
    const { transaction, sessionUrl, statusUrl, verificationUrl, link, defer, noStream } = this;
    const continueDelay = numberOr(this.continueDelay, DEFAULT_CONTINUE_DELAY_MS);
    return { transaction, sessionUrl, statusUrl, verificationUrl, link, defer, noStream, continueDelay, base: document.baseURI };
  }

  /** The element's side of each effect. */
  readonly #io: Io = {
    session: (mode) => (mode ? this.#session.create(mode) : this.#session.cancel()),
    watch: (stream, poll) => {
      this.#stream.follow(stream);
      this.#poller.follow(poll);
    },
    pollNow: () => this.#poller.pollNow(),
    countdown: (deadlines) => this.#countdown.follow(deadlines),
    wait: (ms) => this.#delay.wait(ms),
    clearCopyNote: () => this.#copyNote.clear(),
    keepFocus: () => keepFocus(this),
    warn: (message) => console.warn(message),
    dispatch: (event) => this.isConnected && this.dispatchEvent(event),
  };

  #requestTimeout(): number {
    return numberOr(this.requestTimeout, 0) || DEFAULT_REQUEST_TIMEOUT_MS;
  }

  readonly #actions: ViewActions = {
    continue: () => this.#send({ type: 'continue' }),
    copy: () => this.#copyNote.copy(this.#state.followed!.link),
    startAgain: () => this.#send({ type: 'retry', setup: this.#setup() }),
    startOver: () => this.start({ new: true }),
  };

  /**
   * The send buttons and their notes, when an answer offers sending and its chunk is here (asked for
   * the first time it is offered); `undefined` while it loads, `null` when there are none.
   */
  #renderSend(language: string, strings: ShownStrings) {
    const { status, followed } = this.#state;
    if (!status?.send?.length || !followed) return null;
    const chunk = sendChunk(() => this.requestUpdate());
    return chunk && chunk.renderSendOf(this, () => this.#requestTimeout(), language, strings, status.send, followed);
  }

  protected override render() {
    const language = languageOf(this);
    const strings = stringsFor(language, this.strings, () => this.requestUpdate());
    const state: ViewState = {
      strings: strings ?? es,
      mode: this.mode,
      buttonOnly: buttonOnly(this.mode),
      machine: this.#state,
      outcome: outcomeOf(this.#state),
      copyNote: this.#copyNote.note,
      send: this.#renderSend(language, strings ?? es),
      remaining: this.#countdown.remaining,
      announced: this.#countdown.announced,
      preparation: !this.noPreparation,
      loginUrl: this.loginUrl,
      qrCodeOf: this.#qrCodeOf,
      spoken: this.#announcer.spoken,
    };
    // Not while another language loads: the Spanish laid out meanwhile is not heard either.
    if (strings) this.#announcer.follow(speechOf(state));
    const view = renderView(state, this.#actions);
    // While another language loads, the Spanish layout holds its place unseen: the height stays, no Spanish flashes.
    return strings ? view : html`<div class="loading">${view}</div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'kyc-verify': KycVerify;
  }
}
