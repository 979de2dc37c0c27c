import { css } from 'lit';

/** The controls: the one main action filled, the others outlined, links in the accent; 44 px targets; a visible focus ring. */
export const controls = css`
  a,
  button {
    font: inherit;
    border-radius: var(--kyc-verify-radius);
  }

  a,
  summary,
  .inline {
    color: var(--kyc-verify-accent);
  }

  :focus-visible {
    outline: 2px solid var(--kyc-verify-accent);
    outline-offset: 2px;
  }

  summary,
  button {
    cursor: pointer;
  }

  [aria-disabled='true'] {
    cursor: default;
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
    font-weight: 600;
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

  /* Copy link and the send buttons in one row; their notes wrap under them, in a line kept for them. */
  .copy {
    display: flex;
    flex-wrap: wrap;
    align-self: stretch;
    justify-content: center;
    gap: 0.5rem;
  }

  .copy button {
    min-height: 2.75rem;
    padding: 0.25rem 0.75rem;
    border: 1px solid var(--kyc-verify-border);
  }

  .copy .note,
  .link-text {
    flex-basis: 100%;
    min-height: 1lh;
  }

  /* A copy the browser refused: the link itself, selected whole by one click or tap. */
  .link-text {
    font-size: 0.875em;
    user-select: all;
  }

  /* A button inside a sentence ("Not you? Start again"), drawn as a link. */
  .inline {
    padding: 0;
    border: 0;
    background: none;
    text-decoration: underline;
  }
`;
