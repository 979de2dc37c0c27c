import { css } from 'lit';

/** The only motion: a spinner while work is under way (beside the status line, on the current step, large while preparing), still under prefers-reduced-motion. */
export const motion = css`
  .mark,
  .spinner,
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

  .spinner {
    width: 3rem;
    height: 3rem;
    border-width: 0.25rem;
    color: var(--kyc-verify-accent);
  }

  .current .mark,
  .spinner,
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
    .spinner,
    .pending::before,
    .retrying::before {
      animation: none;
    }
  }
`;
