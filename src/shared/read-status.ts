/**
 * Reading a transaction's status, once for the element and the kit: from the status
 * object of docs/host-protocol.md, from the KYC API's transaction envelope (`{ code, resource, data }`), or from a bare
 * transaction. Imports no zod, so it runs in browsers too; what it cannot read it throws as an
 * `Error` saying why, and each caller reports that its own way.
 */
import {
  stateOf,
  TRANSACTION_STATES,
  type Handoff,
  type StateFlags,
  type TransactionState,
  type TransactionStatus,
} from './transaction-state.js';
import { UUID_PATTERN } from './wire/codes.js';
import { expiryOf } from './wire/links.js';

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/** A date-time string that parses; anything else is as good as absent. */
export const dateText = (value: unknown): string | null => {
  const date = text(value);
  return date && Number.isFinite(Date.parse(date)) ? date : null;
};

/** The short link's opening, when readable: a date and at least one device. */
function handoffOf(value: unknown): Handoff | null {
  if (!isObject(value)) return null;
  const openedAt = dateText(value.opened_at);
  return openedAt && isCount(value.devices) && value.devices >= 1 ? { opened_at: openedAt, devices: value.devices } : null;
}

/** The state the booleans carry, when the fields have them; `undefined` when they have none. */
function flagState({ active, complete, failed }: Fields): TransactionState | undefined {
  const flags = [active, complete, failed];
  if (flags.every((flag) => flag === undefined)) return undefined;
  const state = flags.every((flag) => typeof flag === 'boolean') && stateOf({ active, complete, failed } as StateFlags);
  if (!state) throw new Error(`no state has active=${active}, complete=${complete}, failed=${failed}`);
  return state;
}

/**
 * The status object of `body`: a status object is read as it is, a transaction (bare or in its
 * envelope) gets its state from the booleans and its expiry from `created_at` plus `expiration`.
 * Optional fields (`step_expires_at`, `server_time`, `tries_left`) are kept only when readable;
 * `liveness` and `stream` only when true (challenges asked for; the backend serves the status
 * stream), so absent means false; `send`, the channels the backend sends the link on, only those
 * the element knows; `handoff` only when readable.
 */
export function readStatus(body: unknown): TransactionStatus {
  if (!isObject(body)) throw new Error('not a JSON object');
  const fields = 'resource' in body && isObject(body.data) ? body.data : body;
  const fromFlags = flagState(fields);
  const named = fields.state;
  if (named !== undefined && !TRANSACTION_STATES.includes(named as TransactionState)) throw new Error(`unknown state ${named}`);
  if (named !== undefined && fromFlags !== undefined && named !== fromFlags) throw new Error(`state ${named}, booleans ${fromFlags}`);
  const state = (named as TransactionState | undefined) ?? fromFlags;
  const uuid = text(fields.uuid);
  if (!state || !uuid) throw new Error('no uuid or no state');
  const stepExpiry = dateText(fields.step_expires_at);
  const serverTime = dateText(fields.server_time);
  const handoff = handoffOf(fields.handoff);
  return {
    uuid,
    state,
    step: text(fields.step),
    code: text(fields.code),
    issue_description: text(fields.issue_description),
    expires_at: dateText(fields.expires_at) ?? expiryOf(fields as { created_at: string; expiration: number }),
    updated_at: text(fields.updated_at),
    ...(stepExpiry && { step_expires_at: stepExpiry }),
    ...(serverTime && { server_time: serverTime }),
    ...(isCount(fields.tries_left) && { tries_left: fields.tries_left }),
    ...(fields.liveness === true && { liveness: true }),
    ...(fields.stream === true && { stream: true }),
    ...(handoff && { handoff }),
    ...(Array.isArray(fields.send) && { send: fields.send.filter((channel) => channel === 'email' || channel === 'sms') }),
  };
}

/**
 * The status of transaction `id` in `body`: an answer about another transaction is refused. A
 * 6-character nanoid is only an alias the service resolves, so any uuid may answer for one.
 */
export function readStatusOf(body: unknown, id: string): TransactionStatus {
  const status = readStatus(body);
  if (UUID_PATTERN.test(id) && status.uuid.toLowerCase() !== id.toLowerCase()) throw new Error(`status of ${status.uuid}, not ${id}`);
  return status;
}
