import { stateOf, type StateFlags, type TransactionState, type TransactionStatus } from '../shared/transaction-state.js';
import { protocolError } from './request.js';
import { isUuid } from './urls.js';

const STATES: readonly string[] = ['pending', 'successful', 'failed', 'expired'];

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/** A date-time string that parses; anything else is as good as absent. */
export const dateText = (value: unknown): string | null => {
  const date = text(value);
  return date && Number.isFinite(Date.parse(date)) ? date : null;
};

/** The state the booleans carry, when the answer has them; `undefined` when it has none. */
function flagState({ active, complete, failed }: Fields): TransactionState | undefined {
  const flags = [active, complete, failed];
  if (flags.every((flag) => flag === undefined)) return undefined;
  const state = flags.every((flag) => typeof flag === 'boolean') && stateOf({ active, complete, failed } as StateFlags);
  if (!state) throw protocolError(`no state has active, complete, failed ${flags}`);
  return state;
}

/** `created_at` plus `expiration` seconds, for the transaction envelope that has no `expires_at`. */
function expiryOf(fields: Fields): string | null {
  const created = Date.parse(text(fields.created_at) ?? '');
  if (Number.isNaN(created) || typeof fields.expiration !== 'number') return null;
  return new Date(created + fields.expiration * 1000).toISOString();
}

/**
 * Reads a status answer: design.md's status object, or the KYC API's own transaction envelope
 * (`{ code, resource, data }`) forwarded unchanged.
 */
export function readStatus(body: unknown): TransactionStatus {
  if (!isObject(body)) throw protocolError('not a JSON object');
  // The API's envelope is `{ code, resource, data, message }`; a status object is read as it is.
  const fields = 'resource' in body && isObject(body.data) ? body.data : body;
  const fromFlags = flagState(fields);
  const named = fields.state;
  if (named !== undefined && !STATES.includes(named as string)) throw protocolError(`unknown state ${named}`);
  if (named !== undefined && fromFlags !== undefined && named !== fromFlags) throw protocolError(`state ${named}, booleans ${fromFlags}`);
  const state = (named as TransactionState | undefined) ?? fromFlags;
  const uuid = text(fields.uuid);
  if (!state || !uuid) throw protocolError('no uuid or no state');
  return {
    uuid,
    state,
    step: text(fields.step),
    code: text(fields.code),
    issue_description: text(fields.issue_description),
    expires_at: dateText(fields.expires_at) ?? expiryOf(fields),
    updated_at: text(fields.updated_at),
    step_expires_at: dateText(fields.step_expires_at),
    server_time: dateText(fields.server_time),
    ...(isCount(fields.tries_left) && { tries_left: fields.tries_left }),
  };
}

/**
 * Reads the status of transaction `id`: an answer about another transaction is a protocol error.
 * A nanoid is only an alias the service resolves, so any uuid may answer for one.
 */
export function readStatusOf(body: unknown, id: string): TransactionStatus {
  const status = readStatus(body);
  if (isUuid(id) && status.uuid.toLowerCase() !== id.toLowerCase()) {
    throw protocolError(`status of ${status.uuid}, not ${id}`);
  }
  return status;
}
