/**
 * What the three booleans of a transaction mean (docs/service.md §3), and the status object the kit
 * serves to the widget (docs/host-protocol.md). Shared by the element, the kit and
 * the sandbox; it imports no code (types only), so it runs in browsers and in Node alike.
 */
import type { StepCode } from './wire/codes.js';

/** The four states of docs/service.md §3. */
export const TRANSACTION_STATES = ['pending', 'successful', 'failed', 'expired'] as const;
export type TransactionState = (typeof TRANSACTION_STATES)[number];

/** The step codes of docs/service.md §3. */
export type { StepCode } from './wire/codes.js';

/** The three booleans that carry a transaction's state. */
export interface StateFlags {
  active: boolean;
  complete: boolean;
  failed: boolean;
}

/** The status object of docs/host-protocol.md: what the widget polls. It never carries personal data. */
export interface TransactionStatus {
  uuid: string;
  state: TransactionState;
  step: StepCode | string | null;
  code: string | null;
  issue_description: string | null;
  expires_at: string | null;
  updated_at: string | null;
  /** Tries the end user has left, when the backend knows and says (the service's status does not). */
  tries_left?: number;
  /**
   * When the capture step under way times out (ending the transaction `expired`), when the backend can
   * tell from the step; null or absent otherwise.
   */
  step_expires_at?: string | null;
  /** The server's time when it answered, so that a browser whose clock is off still counts down right. */
  server_time?: string | null;
  /** The transaction asks for liveness challenges after the selfie: said when true, absent otherwise. */
  liveness?: boolean;
  /** The backend serves this status as a stream too (`text/event-stream` on the status URL): said when true, absent otherwise. */
  stream?: boolean;
  /** The backend sends the link to the transaction's owner on these channels (`POST <status-url>/send`): said when it does, absent otherwise. */
  send?: SendChannel[];
  /** The backend's short link was opened (docs/host-protocol.md): absent until then. */
  handoff?: Handoff;
}

/** The short link's opening: when a device first opened it, and how many distinct devices have. */
export interface Handoff {
  opened_at: string;
  devices: number;
}

/** How a backend can send the link to its owner: by e-mail or by text message. */
export type SendChannel = 'email' | 'sms';

/**
 * The state that docs/service.md §3 gives these booleans, or `null` for a combination the table does not
 * list: a protocol error, never a guess.
 */
export function stateOf({ active, complete, failed }: StateFlags): TransactionState | null {
  if (active) return complete || failed ? null : 'pending';
  if (complete) return failed ? null : 'successful';
  return failed ? 'failed' : 'expired';
}

/** The three end states: nothing changes after them. */
export type TerminalState = Exclude<TransactionState, 'pending'>;

/** Whether a state is an end. */
export function isTerminal(state: TransactionState): state is TerminalState {
  return state !== 'pending';
}
