/** The end of the verification page: a heading that names the cause, what it means for the person, and the way on. */
import { html } from 'hono/html';
import { stateOf, type TerminalState, type TransactionState } from '../../shared/transaction-state.js';
import { expiryMsOf } from '../../shared/wire/links.js';
import type { Transaction } from '../schemas.js';
import { reasonOf, type Reason } from '../../shared/story/story.js';
import type { PageModel } from './render.js';
import type { Strings } from './strings.js';

/** How a transaction ended, as the person is told: an expiry is the link's or a capture step's. */
export type EndCause = 'successful' | 'failed' | 'linkExpired' | 'stepExpired';

/** An expiry dated at the link's expiry or later is the link's; one dated before is a capture step left idle. */
export function endCauseOf(data: Transaction): EndCause {
  const state: TransactionState = stateOf(data) ?? 'failed';
  if (state !== 'expired') return state === 'successful' ? 'successful' : 'failed';
  return Date.parse(data.updated_at) >= expiryMsOf(data) ? 'linkExpired' : 'stepExpired';
}

export function resultView({ data, flow }: PageModel, continueTo: string | null, t: Strings) {
  const cause = endCauseOf(data);
  const tone = { successful: 'successful', failed: 'failed', linkExpired: 'expired', stepExpired: 'expired' }[cause];
  // The heading and the reason the desktop's element gives for the same end, in its words.
  const reason = { successful: null, failed: reasonOf(flow.code), linkExpired: 'reasonLink', stepExpired: 'reasonIdle' }[cause];
  // The page cannot tell where the flow began (the link is the same on every device), so the
  // way back is worded to be right either way.
  const next = continueTo ? html`<p><a class="continue" href="${continueTo}">${t.continue}</a></p>` : html`<p>${t.backToComputer}</p>`;
  return html`<section class="result ${tone}" role="status">
      <h2>${t[tone as TerminalState]}</h2>
      ${reason ? html`<p>${t[reason as Reason]}</p>` : ''}
    </section>
    ${next}`;
}
