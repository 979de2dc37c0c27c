import { css } from 'lit';

/** The phone's steps, over the QR code's cell: spread over its height, each with its mark (done, current, problem, to do). */
export const progress = css`
  .progress {
    gap: 0;
  }

  ol {
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

  .todo,
  .aside summary {
    color: var(--kyc-verify-muted);
  }

  li.problem {
    color: var(--kyc-verify-danger);
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

  .done .mark {
    color: var(--kyc-verify-success);
  }

  .done .mark::before {
    content: '✓';
  }

  .problem .mark::before {
    content: '!';
  }
`;
