import { css } from 'lit';

export const styles = css`
  :host {
    --kyc-verify-text: light-dark(#1b1f24, #e6e8eb);
    --kyc-verify-muted: light-dark(#57606a, #9aa4ae);
    --kyc-verify-border: light-dark(#d0d7de, #3d444d);
    --kyc-verify-accent: light-dark(#0b5cad, #4c9aff);
    --kyc-verify-accent-text: light-dark(#ffffff, #0b1320);
    --kyc-verify-success: light-dark(#1a7f37, #3fb950);
    --kyc-verify-danger: light-dark(#b3261e, #f47067);
    --kyc-verify-radius: 0.5rem;
    --kyc-verify-qr-size: 13rem;
    --kyc-verify-qr-color: #000000;
    --kyc-verify-qr-background: #ffffff;

    display: block;
    color-scheme: light dark;
    color: var(--kyc-verify-text);
    line-height: 1.5;
  }

  :host([hidden]) {
    display: none;
  }

  .base {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 0.75rem;
    text-align: center;
  }

  .scan,
  .code,
  .progress {
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: 0.5rem;
  }

  .stage {
    display: grid;
  }

  .stage > * {
    grid-area: 1 / 1;
  }

  .stage:has(.progress) .code,
  .scan:has([open]) .progress {
    visibility: hidden;
  }

  .scan:has([open]) .code {
    visibility: visible;
  }

  .title,
  .current {
    font-weight: 600;
  }

  ol {
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

  .todo {
    color: var(--kyc-verify-muted);
  }

  .mark {
    display: grid;
    place-items: center;
    box-sizing: border-box;
    width: 1.25em;
    height: 1.25em;
    border: 2px solid;
    border-radius: 50%;
    font-size: 0.875em;
    font-weight: 700;
    line-height: 1;
  }

  .done .mark {
    color: var(--kyc-verify-success);
  }

  .done .mark::before {
    content: '✓';
  }

  .problem .mark::before {
    content: '!';
  }

  summary {
    cursor: pointer;
  }

  svg {
    width: var(--kyc-verify-qr-size);
    height: var(--kyc-verify-qr-size);
    border: 1px solid var(--kyc-verify-border);
    border-radius: var(--kyc-verify-radius);
    fill: var(--kyc-verify-qr-color);
  }

  .quiet-zone {
    fill: var(--kyc-verify-qr-background);
  }

  p {
    margin: 0;
  }

  a,
  button {
    font: inherit;
    border-radius: var(--kyc-verify-radius);
  }

  a:focus-visible,
  button:focus-visible,
  summary:focus-visible,
  .status:focus-visible {
    outline: 2px solid var(--kyc-verify-accent);
    outline-offset: 2px;
  }

  a,
  summary {
    color: var(--kyc-verify-accent);
  }

  .action {
    display: inline-flex;
    justify-content: center;
    min-width: 12rem;
    min-height: 2.75rem;
    padding: 0.625rem 1.5rem;
    border: 0;
    background: var(--kyc-verify-accent);
    color: var(--kyc-verify-accent-text);
    font-weight: 600;
    text-decoration: none;
    cursor: pointer;
  }

  .action:disabled {
    opacity: 0.5;
    cursor: progress;
  }

  .copy {
    padding: 0.25rem 0.75rem;
    border: 1px solid var(--kyc-verify-border);
    background: transparent;
    color: inherit;
    cursor: pointer;
  }

  .note {
    color: var(--kyc-verify-muted);
    font-size: 0.875em;
    font-variant-numeric: tabular-nums;
  }

  .status.successful {
    color: var(--kyc-verify-success);
    font-weight: 600;
  }

  .status.failed,
  .status.expired,
  .problem {
    color: var(--kyc-verify-danger);
    font-weight: 600;
  }

  .status.pending::before {
    content: '';
    display: inline-block;
    width: 0.75em;
    height: 0.75em;
    margin-inline-end: 0.5em;
    border: 2px solid currentColor;
    border-radius: 50%;
    vertical-align: -0.1em;
  }

  .current .mark,
  .status.pending::before {
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
    .status.pending::before {
      animation: none;
    }
  }

  /* auto: a QR code on wide screens, a big button on touch screens and narrow ones */
  .mode-auto .open {
    display: none;
  }

  @media (pointer: coarse), (max-width: 40rem) {
    .mode-auto .scan {
      display: none;
    }

    .mode-auto .open {
      display: inline-flex;
    }
  }
`;
