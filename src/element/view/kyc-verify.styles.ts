import { css } from 'lit';

/**
 * Where auto mode shows the button instead of the QR code: touch screens and narrow ones. Written
 * out again in the @media rule below, since the build only minifies a css`` without expressions.
 */
export const PHONE_MEDIA = '(pointer: coarse), (max-width: 40rem)';

// The host inherits the page's color-scheme, so light-dark() picks the colours that read on what the page
// paints; the states dark and light (controllers/surroundings.ts) follow the background behind it, for a
// page painted dark (or light) without saying so. \`kyc-verify { color-scheme: dark }\` on the page wins over both.
export const styles = css`
  :host {
    --kyc-verify-text: light-dark(#1b1f24, #e6e8eb);
    --kyc-verify-muted: light-dark(#57606a, #9aa4ae);
    --kyc-verify-border: light-dark(#6e7781, #7d8590);
    --kyc-verify-accent: light-dark(#0b5cad, #4c9aff);
    --kyc-verify-accent-text: light-dark(#ffffff, #0b1320);
    --kyc-verify-success: light-dark(#1a7f37, #3fb950);
    --kyc-verify-danger: light-dark(#b3261e, #f47067);
    --kyc-verify-radius: 0.5rem;
    --kyc-verify-qr-size: 13rem;
    --kyc-verify-qr-color: #000000;
    --kyc-verify-qr-background: #ffffff;

    display: block;
    min-height: 34rem;
    color: var(--kyc-verify-text);
    line-height: 1.5;
    overflow-wrap: anywhere;
  }

  :host(:state(dark)) {
    color-scheme: dark;
  }

  :host(:state(light)) {
    color-scheme: light;
  }

  :host([hidden]) {
    display: none;
  }

  /* A language still loading: laid out, unseen and unread. */
  .loading {
    visibility: hidden;
  }

  .base,
  .flow,
  .outcome,
  .scan,
  .code,
  .progress {
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: 0.5rem;
  }

  /*
   * The host keeps one height from its first paint (docs/element.md, Loading it): the link's area
   * on top, the timer at its foot, the status line under it, so that what arrives late (the link, the
   * send buttons) fills the space kept for it and moves nothing.
   */
  .base {
    min-height: inherit;
    gap: 0.75rem;
    text-align: center;
  }

  .stack {
    flex: 1;
    align-self: stretch;
    grid-template-rows: 1fr auto;
  }

  .outcome {
    grid-row: 2;
  }

  [part='timer'] {
    margin-top: auto;
  }

  /* At the end the outcome takes the link's cell, which stays laid out, hidden: nothing moves. */
  .stack,
  .stage {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    max-width: 100%;
  }

  .ended > *,
  .stage > * {
    grid-area: 1 / 1;
  }

  /* The status line's row stays, so the height does too. */
  .ended {
    grid-template-rows: auto 1lh;
  }

  .ended .outcome {
    grid-row-end: 3;
  }

  .ended .flow,
  .stage:has(.progress) .code,
  .scan:has([open]) .progress {
    visibility: hidden;
  }

  /* The code shown again for a second phone, while the flow is on screen (never over an outcome). */
  :not(.ended) > .flow .scan:has([open]) .code {
    visibility: visible;
  }

  .title,
  .current,
  .action,
  .successful,
  .failed,
  .expired,
  .problem,
  .urgent {
    font-weight: 600;
  }

  .todo,
  .retrying,
  .busy,
  .note,
  .aside summary {
    color: var(--kyc-verify-muted);
  }

  .done .mark,
  .successful {
    color: var(--kyc-verify-success);
  }

  .failed,
  .expired,
  .problem,
  .urgent {
    color: var(--kyc-verify-danger);
  }

  /* Over the QR code's cell: the title where the code's was, the steps spread over the code's height, no blank under them. */
  .progress {
    justify-content: flex-start;
  }

  ol {
    flex: 1;
    display: flex;
    flex-direction: column;
    justify-content: space-evenly;
    margin: 0;
    padding: 0;
    list-style: none;
    text-align: start;
  }

  li {
    display: flex;
    align-items: center;
    gap: 0.5rem;
  }

  .mark {
    display: grid;
    place-items: center;
    box-sizing: border-box;
    width: 1.25em;
    height: 1.25em;
    font-size: 0.875em;
    font-weight: 700;
    line-height: 1;
  }

  .done .mark::before {
    content: '✓';
  }

  .problem .mark::before {
    content: '!';
  }

  /* As wide as the column allows: whole at 320 CSS px and at 200 % zoom. */
  svg {
    box-sizing: border-box;
    width: min(var(--kyc-verify-qr-size), 100%);
    height: auto;
    aspect-ratio: 1;
    fill: var(--kyc-verify-qr-color);
  }

  svg,
  .copy button {
    border: 1px solid var(--kyc-verify-border);
  }

  .quiet-zone {
    fill: var(--kyc-verify-qr-background);
  }

  p {
    margin: 0;
  }

  svg,
  a,
  button {
    font: inherit;
    border-radius: var(--kyc-verify-radius);
  }

  :focus-visible {
    outline: 2px solid var(--kyc-verify-accent);
    outline-offset: 2px;
  }

  a,
  summary {
    color: var(--kyc-verify-accent);
  }

  summary,
  button,
  .action {
    cursor: pointer;
  }

  .action {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    box-sizing: border-box;
    min-width: min(12rem, 100%);
    min-height: 2.75rem;
    padding: 0.625rem 1.5rem;
    border: 0;
    background: var(--kyc-verify-accent);
    color: var(--kyc-verify-accent-text);
    text-decoration: none;
  }

  /* Waiting before Continue: readable, plainly not pressable yet. */
  .action:disabled {
    box-shadow: inset 0 0 0 1px var(--kyc-verify-border);
    cursor: progress;
  }

  .action:disabled,
  .copy button {
    background: none;
    color: inherit;
  }

  /* The notes wrap under the buttons, in a line kept for them: nothing moves when one shows. */
  .copy {
    display: flex;
    flex-wrap: wrap;
    align-self: stretch;
    gap: 0.25rem 0.5rem;
    align-items: center;
    justify-content: center;
  }

  .copy .note,
  .link-text {
    flex-basis: 100%;
  }

  /* A copy the browser refused: the link itself, selected whole by one click or tap. */
  .link-text {
    font-size: 0.875em;
    user-select: all;
  }

  .copy button {
    padding: 0.25rem 0.75rem;
  }

  .note {
    min-height: 1lh;
    font-size: 0.875em;
    font-variant-numeric: tabular-nums;
  }

  [part='reason'] {
    display: block;
    color: var(--kyc-verify-text);
    font-weight: 400;
  }

  /* A mark for the eye only: no screen reader reads "check mark" before the result. */
  .successful::before {
    content: '✓ ' / '';
  }
  /* The countdown's announcements: heard, not seen (the timer beside them shows the time). */
  .alert {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }

  .mark,
  .pending::before,
  .retrying::before {
    border: 2px solid;
    border-radius: 50%;
  }

  .pending::before,
  .retrying::before {
    content: '';
    display: inline-block;
    width: 0.75em;
    height: 0.75em;
    margin-inline-end: 0.5em;
    vertical-align: -0.1em;
  }

  .current .mark,
  .pending::before,
  .retrying::before {
    border-inline-end-color: transparent;
    animation: spin 1s linear infinite;
  }

  @keyframes spin {
    to {
      transform: rotate(1turn);
    }
  }

  @media (prefers-reduced-motion: reduce) {
    .current .mark,
    .pending::before,
    .retrying::before {
      animation: none;
    }
  }

  /* auto: a QR code on wide screens, a big button on touch screens and narrow ones (PHONE_MEDIA), where the phone's progress stays */
  .mode-auto .open {
    display: none;
  }

  :host([mode='button']) {
    min-height: 21rem;
  }

  @media (pointer: coarse), (max-width: 40rem) {
    :host([mode='auto']) {
      min-height: 21rem;
    }

    .mode-auto .scan:not(:has(.progress)),
    .mode-auto :is(.code, details) {
      display: none;
    }

    .mode-auto .open {
      display: inline-flex;
    }
  }
`;
