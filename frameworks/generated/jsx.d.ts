import type { KycVerify, KycStatusDetail, KycErrorDetail } from "../../dist/lib/index.js";

/**
 * This type can be used to create scoped tags for your components.
 *
 * Usage:
 *
 * ```ts
 * import type { ScopedElements } from "path/to/library/jsx-integration";
 *
 * declare module "my-library" {
 *   namespace JSX {
 *     interface IntrinsicElements
 *       extends ScopedElements<'test-', ''> {}
 *   }
 * }
 * ```
 *
 */
export type ScopedElements<Prefix extends string = "", Suffix extends string = ""> = {
  [Key in keyof CustomElements as `${Prefix}${Key}${Suffix}`]: CustomElements[Key];
};

type BaseProps = {
  /** Content added between the opening and closing tags of the element */
  children?: any;
  /** Used for declaratively styling one or more elements using CSS (Cascading Stylesheets) */
  class?: string;
  /** Used for declaratively styling one or more elements using CSS (Cascading Stylesheets) */
  className?: string;
  /** Takes an object where the key is the class name(s) and the value is a boolean expression. When true, the class is applied, and when false, it is removed. */
  classList?: Record<string, boolean | undefined>;
  /** Specifies the text direction of the element. */
  dir?: "ltr" | "rtl";
  /** Contains a space-separated list of the part names of the element that should be exposed on the host element. */
  exportparts?: string;
  /** For <label> and <output>, lets you associate the label with some control. */
  htmlFor?: string;
  /** Specifies whether the element should be hidden. */
  hidden?: boolean | string;
  /** A unique identifier for the element. */
  id?: string;
  /** Keys tell React which array item each component corresponds to */
  key?: string | number;
  /** Specifies the language of the element. */
  lang?: string;
  /** Contains a space-separated list of the part names of the element. Part names allows CSS to select and style specific elements in a shadow tree via the ::part pseudo-element. */
  part?: string;
  /** Use the ref attribute with a variable to assign a DOM element to the variable once the element is rendered. */
  ref?: unknown | ((e: unknown) => void);
  /** Adds a reference for a custom element slot */
  slot?: string;
  /** Prop for setting inline styles */
  style?: Record<string, string | number>;
  /** Overrides the default Tab button behavior. Avoid using values other than -1 and 0. */
  tabIndex?: number;
  /** Specifies the tooltip text for the element. */
  title?: string;
  /** Passing 'no' excludes the element content from being translated. */
  translate?: "yes" | "no";
};

type BaseEvents = {};

export type KycVerifyProps = {
  /** The transaction's uuid (or 6-character nanoid), created by the backend. */
  transaction?: KycVerify["transaction"];
  /** Where to POST (credentials included) for a new transaction when no `transaction` is given. */
  "session-url"?: KycVerify["sessionUrl"];
  /** The backend's status proxy, a URL template with `{uuid}` or a `:uuid` path segment (`/kyc/status/:uuid`,
which Svelte templates leave alone). Unset: where the session answer says (`status_url`), else `<session-url>/{uuid}`. */
  "status-url"?: KycVerify["statusUrl"];
  /** Root of the end-user verification flow; the link is `<verification-url>/transactions/<uuid>`. */
  "verification-url"?: KycVerify["verificationUrl"];
  /** The verification link itself, when the backend has it; only `https:` (or `http:` on localhost) is shown. */
  link?: KycVerify["link"];
  /** `auto` (a QR code on wide screens, a big button on touch and narrow screens), `qr`, `button` or `both`. */
  mode?: KycVerify["mode"];
  /** Milliseconds between status polls while all is well. */
  "poll-interval"?: KycVerify["pollInterval"] | `${number}`;
  /** Milliseconds after success before Continue is enabled (docs/service.md §6.7's debounce). */
  "continue-delay"?: KycVerify["continueDelay"] | `${number}`;
  /** Milliseconds one request may take before it is abandoned and retried. */
  "request-timeout"?: KycVerify["requestTimeout"] | `${number}`;
  /** With a session URL: wait for `start()` instead of creating the transaction on connect. */
  defer?: KycVerify["defer"];
  /** Poll only: never open the backend's status stream (Server-Sent Events on the status URL). */
  "no-stream"?: KycVerify["noStream"] | "";
  /** Leaves out what the end user will need ("Necesitarás tu cédula, buena luz y unos minutos."), shown with the link by default. */
  "no-preparation"?: KycVerify["noPreparation"] | "";
  /** Where the end user logs in again when the backend answers 401 or 403: a link offered instead of Try again (none without it). */
  "login-url"?: KycVerify["loginUrl"];
  /** Language (`es`, `en` or `pt-BR`; any `pt` is `pt-BR`); by default the nearest `lang` attribute, then the browser's. */
  lang?: KycVerify["lang"];
  /** Replacements for any of the visible strings. */
  strings?: KycVerify["strings"];
  /** The state, step or code of the transaction changed, or a device opened the backend's short link (`detail.handoff`). */
  "onkyc-state-change"?: (e: CustomEvent<KycStatusDetail>) => void;
  /** The transaction ended successfully (once per transaction). */
  "onkyc-successful"?: (e: CustomEvent<KycStatusDetail>) => void;
  /** The transaction ended failed (once per transaction). */
  "onkyc-failed"?: (e: CustomEvent<KycStatusDetail>) => void;
  /** The transaction expired (once per transaction). */
  "onkyc-expired"?: (e: CustomEvent<KycStatusDetail>) => void;
  /** A configuration, network or protocol error; `detail.retrying` says whether the element goes on. */
  "onkyc-error"?: (e: CustomEvent<KycErrorDetail>) => void;
  /** The end user pressed Continue after a successful verification. */
  "onkyc-continue"?: (e: CustomEvent<KycStatusDetail>) => void;
};

export type CustomElements = {
  /**
   * Biometric identity verification (KYC) for any page: link or QR code, live status, result events.
   * ---
   *
   *
   * ### **Events:**
   *  - **kyc-state-change** - The state, step or code of the transaction changed, or a device opened the backend's short link (`detail.handoff`).
   * - **kyc-successful** - The transaction ended successfully (once per transaction).
   * - **kyc-failed** - The transaction ended failed (once per transaction).
   * - **kyc-expired** - The transaction expired (once per transaction).
   * - **kyc-error** - A configuration, network or protocol error; `detail.retrying` says whether the element goes on.
   * - **kyc-continue** - The end user pressed Continue after a successful verification.
   *
   * ### **Methods:**
   *  - **start(options: _{ new?: boolean }_): _void_** - Starts a verification now. With `session-url`, asks the backend for a session (for `defer`, or to
   * try again): the transaction it has for this user, resumed, or with `{ new: true }` a new one
   * (the header `kyc-verify-session: new`). Without, follows `transaction` afresh. Called while
   * disconnected, it runs on the next connection.
   *
   * ### **Slots:**
   *  - _default_ - Content shown above the link, such as the page's own instructions.
   *
   * ### **CSS Properties:**
   *  - **--kyc-verify-text** - Text colour. Every colour follows the page's `color-scheme` through `light-dark()`, and on a page that paints itself dark (or light) without declaring it, the background behind the element; `kyc-verify { color-scheme: dark }` (or `light`) forces one. _(default: undefined)_
   * - **--kyc-verify-muted** - Colour of secondary text (timer, notes). _(default: undefined)_
   * - **--kyc-verify-border** - Colour of borders. _(default: undefined)_
   * - **--kyc-verify-accent** - Background of the buttons and colour of links, focus rings, the progress indicator and calm end screens' marks. _(default: undefined)_
   * - **--kyc-verify-accent-text** - Text colour on the accent, and of the marks drawn on a colour. _(default: undefined)_
   * - **--kyc-verify-success** - Colour of the success mark and of steps done. _(default: undefined)_
   * - **--kyc-verify-danger** - Colour of problems' marks and edges, and of failure and expiry marks. _(default: undefined)_
   * - **--kyc-verify-warning** - Colour of the mark and edge of the notice that the link was opened on another device. _(default: undefined)_
   * - **--kyc-verify-radius** - Corner radius of buttons, alerts and the QR code. _(default: undefined)_
   * - **--kyc-verify-qr-size** - Width and height of the QR code. _(default: undefined)_
   * - **--kyc-verify-qr-color** - Colour of the QR code's dark modules (keep it dark). _(default: undefined)_
   * - **--kyc-verify-qr-background** - Colour of the QR code's light modules and quiet zone (keep it light). _(default: undefined)_
   *
   * ### **CSS Parts:**
   *  - **base** - The wrapper around everything.
   * - **step-count** - Once the phone has started, over the heading: "Step 2 of 3 · Selfie", the same words the phone's verification page shows.
   * - **title** - The heading: what to do now ("Scan the code with your phone", "Continue on your phone"), or an end screen's ("Your identity is verified.").
   * - **status** - What is under way, under the heading (in an alert's look, with a mark, after a problem on the phone); at an end, the end screen: its mark, heading and reason. Not live itself: one polite live region says each change once.
   * - **timer** - Under the status line: the time left before the verification ends, the link's expiry or the capture step's timer when sooner, saying which; with the class `urgent` in the last 30 seconds. Announced (politely) at 2 min, 1 min and 30 s, and when a step's new timer starts.
   * - **other-device** - Under the status line, in an alert's look, when the backend's short link was opened on another device too: "Not you?", with a button that starts again (with `session-url`).
   * - **preparation** - What the end user will need (their cédula, good light, a few minutes), shown with the link unless `no-preparation` is set; it steps aside once the phone has started.
   * - **qr** - The QR code (an SVG image).
   * - **typed-code** - Under the QR code, with the backend's short link: "Can't scan? On your phone, open … and type …", the address and the code large.
   * - **link** - The small "open on this device" link under the QR code.
   * - **progress** - The phone's progress (the steps, and on a computer that the person comes back to this window), over the QR code once the phone has started.
   * - **step** - One step of the progress; with it, its mark: `step-done`, `step-current`, `step-problem` or `step-todo`.
   * - **show-code** - The toggle under the progress that shows the QR code again (for a second phone) and hides it; muted, and closed, once the phone is past the document step.
   * - **button** - The big link styled as a button; a plain link under the progress once the flow has started.
   * - **copy-button** - The button that copies the link; with the send buttons, it steps aside once the phone has started.
   * - **link-text** - The link as text, under the notes, when the browser refused to copy it: selected whole by one click or tap.
   * - **send-button** - "Send by e-mail" (or "by SMS"), beside Copy link, when the backend says it sends the link (`"send"` in its answers); `aria-disabled` while a resend must wait.
   * - **send-note** - Where the link was sent ("Sent to m•••@gmail.com", the destination as the backend masked it), or why it was not.
   * - **send-wait** - The time left before the link can be sent again, while there is one.
   * - **reason** - In an end screen, under its heading: why it ended, or what the person can do.
   * - **continue-button** - The Continue button of the success screen, disabled until the result is recorded (`continue-delay`).
   * - **retry-button** - The main action of an end screen where asking again can help: Try again (after a failure, an expiry, a session that could not be created, a login that ended), Start again (a new verification, once the status was lost), Try now (busy: it also asks again by itself). Never after a configuration error.
   * - **login-link** - After a 401 or 403, the link to log in again, to `login-url`, instead of Try again.
   */
  "kyc-verify": Partial<KycVerifyProps & BaseProps & BaseEvents>;
};
