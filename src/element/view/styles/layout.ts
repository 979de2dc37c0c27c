import { css } from 'lit';

/**
 * Where everything goes, and one height from the first paint to the end (docs/element.md, Loading
 * it): the host keeps a height that holds every state at a phone's and a computer's usual widths;
 * inside it, from the top, what is under way, the link or the progress, the ways to pass the link
 * on, and the room left at the foot, so that what grows (a refused copy, a long reason) grows down
 * into it and moves nothing above. An end screen takes the flow's cell, which stays laid out,
 * hidden: nothing moves. Auto mode shows the QR code to a computer and the button to a phone or a
 * tablet, by its pointer, not its width (media.ts).
 */
export const layout = css`
  :host {
    display: block;
    min-height: 38rem;
    line-height: 1.5;
    overflow-wrap: anywhere;
  }

  :host([hidden]) {
    display: none;
  }

  :host([mode='button']) {
    min-height: 28rem;
  }

  /* A language still loading, or the send buttons beside Copy link: laid out, unseen and unread. */
  .loading,
  .coming {
    visibility: hidden;
  }

  .base {
    position: relative;
    display: flex;
    flex-direction: column;
    min-height: inherit;
    text-align: center;
  }

  .stack,
  .stage {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
  }

  .stack {
    flex: 1;
  }

  .stack > *,
  .stage > * {
    grid-area: 1 / 1;
  }

  /* Shown again for a second phone, the QR code comes without the typed code, which the phone's opening
     of the link retired (typed, it is refused); its line keeps its place. */
  .ended > .flow,
  .stage:has(.progress) .code,
  .scan:has([open]) :is(.progress, .typed) {
    visibility: hidden;
  }

  /* The QR code shown again for a second phone, while the flow is on screen (never under an end screen). */
  :not(.ended) > .flow .scan:has([open]) .code {
    visibility: visible;
  }

  .flow,
  .head,
  .body,
  .outcome,
  .end,
  .scan,
  .code,
  .progress {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 0.5rem;
  }

  /* Each row as wide as the element: what changes width in it moves nothing sideways. */
  .flow {
    align-items: stretch;
    gap: 1rem;
  }

  /* Room for the tallest of what is under way (a problem's reason in an alert), and for the step's line from the start. */
  .head {
    align-items: stretch;
    gap: 0.25rem;
    min-height: 10.5rem;
  }

  .mode-button .head {
    min-height: 12rem;
  }

  [part='step-count'] {
    min-height: 1lh;
  }

  /* The steps spread over the QR code's cell; an end screen sits in the middle. */
  .outcome,
  .progress,
  ol {
    flex: 1;
    justify-content: center;
  }

  .outcome {
    gap: 1.5rem;
  }

  p,
  h2 {
    margin: 0;
  }

  h2 {
    font-size: 1.25em;
    line-height: 1.3;
  }

  /* As wide as the column allows: whole at 320 CSS px and at 200 % zoom. */
  svg {
    box-sizing: border-box;
    width: min(var(--kyc-verify-qr-size), 100%);
    height: auto;
    aspect-ratio: 1;
    border: 1px solid var(--kyc-verify-border);
    border-radius: var(--kyc-verify-radius);
    fill: var(--kyc-verify-qr-color);
  }

  .quiet-zone {
    fill: var(--kyc-verify-qr-background);
  }

  /* The address breaks only after its slashes; the code reads large, to copy by hand. */
  .address {
    overflow-wrap: normal;
  }

  .letters {
    font:
      600 1.25em ui-monospace,
      monospace;
    letter-spacing: 0.1em;
  }

  .mode-auto .open {
    display: none;
  }

  @media (pointer: coarse) {
    :host([mode='auto']) {
      min-height: 28rem;
    }

    .mode-auto .head {
      min-height: 12rem;
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
