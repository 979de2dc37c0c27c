import { css } from 'lit';

/**
 * Where everything goes, and one height from the first paint to the end (docs/element.md, Loading
 * it): the host keeps a height that holds every state at a phone's and a computer's usual widths;
 * inside it, what is under way at the top, the link or the progress in the middle (which takes the
 * room left), the ways to pass the link on at the foot. An end screen takes the flow's cell, which
 * stays laid out, hidden: nothing moves. Auto mode shows the QR code to a computer and the button to
 * a phone or a tablet, by its pointer, not its width (media.ts).
 */
export const layout = css`
  :host {
    display: block;
    min-height: 34rem;
    line-height: 1.5;
    overflow-wrap: anywhere;
  }

  :host([hidden]) {
    display: none;
  }

  :host([mode='button']) {
    min-height: 24rem;
  }

  /* A language still loading: laid out, unseen and unread. */
  .loading {
    visibility: hidden;
  }

  .base {
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

  .ended > .flow,
  .stage:has(.progress) .code,
  .scan:has([open]) .progress {
    visibility: hidden;
  }

  /* The code shown again for a second phone, while the flow is on screen (never under an end screen). */
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

  .flow {
    gap: 1rem;
  }

  .head {
    gap: 0.25rem;
  }

  /* The middle takes the room left: the steps spread over it, and an end screen sits in it. */
  .body,
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
      min-height: 24rem;
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
