import type { ReactiveControllerHost } from 'lit';
import type { SendChannel } from '../../shared/transaction-state.js';
import { requestJson, type RequestError } from './request.js';

/** What came of the last send of the link: where it went, or why not. */
export type SendNote = { sent: string } | 'sendFailed' | null;

/**
 * Asks the backend to send the link to the person (`POST <status-url>/send`: the destination is the
 * backend's to choose), says where it went, and knows when a resend is taken: after the answer's
 * `retry_after`, or a 429's `Retry-After`. Forgets all of it for another transaction. It sets no
 * timer of its own: while the link shows, the element's countdown renders it every second.
 */
export class SendLink {
  note: SendNote = null;
  /** The transaction the note and the wait are about. */
  uuid = '';
  /** No send is left for the transaction. */
  spent = false;
  #until = 0;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly timeout: () => number,
  ) {}

  /** Whole seconds before a resend is taken; 0 when it is now. */
  get wait(): number {
    return Math.max(0, Math.ceil((this.#until - Date.now()) / 1000));
  }

  async send(uuid: string, statusUrl: string, channel: SendChannel): Promise<void> {
    if (uuid !== this.uuid) {
      Object.assign(this, { uuid, note: null, spent: false });
      this.#until = 0;
    }
    if (this.wait || this.spent) return;
    // Emptied first, so that the live region announces a second send too.
    this.#show(null, 0);
    try {
      const answer = (await requestJson(
        // The status URL's path plus /send, before any query.
        statusUrl.replace(/[?#]|$/, '/send$&'),
        { method: 'POST', headers: { 'kyc-verify-session': 'send' }, body: JSON.stringify({ channel }) },
        this.timeout(),
        new AbortController().signal,
      )) as { to?: unknown; retry_after?: unknown };
      this.spent = answer.retry_after === null;
      this.#show({ sent: String(answer.to ?? '') }, Number(answer.retry_after) || 0);
    } catch (error) {
      const { status, retryAfter } = error as RequestError;
      // A 429 is no failure: the wait it asks for shows instead.
      this.#show(status === 429 && retryAfter ? this.note : 'sendFailed', (status === 429 && retryAfter) || 0);
    }
  }

  #show(note: SendNote, waitSeconds: number): void {
    this.note = note;
    this.#until = Date.now() + waitSeconds * 1000;
    this.host.requestUpdate();
  }
}
