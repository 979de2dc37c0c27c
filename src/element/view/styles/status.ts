import { css } from 'lit';

/**
 * How each state reads: the heading bold, secondary lines muted and smaller; a problem on the phone
 * and the notice of another device in an alert's look (an edge, a tint and a mark in its tone); an
 * end screen's mark large, in its tone, over a heading and a reason in the text's colour.
 */
export const status = css`
  .note {
    color: var(--kyc-verify-muted);
    font-size: 0.875em;
    font-variant-numeric: tabular-nums;
  }

  .urgent {
    color: var(--kyc-verify-danger);
    font-weight: 600;
  }

  .advice,
  .alert {
    --tone: var(--kyc-verify-danger);
    display: flex;
    gap: 0.5rem;
    align-self: stretch;
    padding: 0.5rem 0.75rem;
    border-inline-start: 0.25rem solid var(--tone);
    border-radius: var(--kyc-verify-radius);
    background: color-mix(in srgb, var(--tone) 10%, transparent);
    text-align: start;
  }

  .notice {
    --tone: var(--kyc-verify-warning);
  }

  /* Its words as wide as the element: the reason that changes (Continue ready) moves nothing sideways. */
  .end {
    --tone: var(--kyc-verify-danger);
    align-items: stretch;
  }

  .successful {
    --tone: var(--kyc-verify-success);
  }

  .busy {
    --tone: var(--kyc-verify-accent);
  }

  /* The marks are for the eye: the words beside them say the same. (After, put first: the spinner is the status line's before.) */
  .advice::after,
  .alert::after,
  .icon::before {
    content: '!' / '';
  }

  .advice::after,
  .alert::after {
    order: -1;
  }

  .advice::after,
  .alert::after,
  .icon {
    display: grid;
    flex: none;
    place-items: center;
    width: 1.5em;
    height: 1.5em;
    border-radius: 50%;
    background: var(--tone);
    color: var(--kyc-verify-accent-text);
    font-weight: 700;
  }

  .icon {
    align-self: center;
    width: 3.5rem;
    height: 3.5rem;
    margin-bottom: 0.5rem;
    font-size: 1.75rem;
  }

  .successful .icon::before {
    content: '✓' / '';
  }

  .failed .icon::before {
    content: '✕' / '';
  }
`;
