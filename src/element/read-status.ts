import { stateOf, type TransactionState, type TransactionStatus } from '../shared/transaction-state.js';

/** The answer was not what the status contract promises. Never guessed around. */
export class ProtocolError extends Error {}

const STATES: readonly string[] = ['pending', 'successful', 'failed', 'expired'];

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The state the booleans carry, when the answer has them; `undefined` when it has none. */
function flagState(fields: Fields): TransactionState | undefined {
  const { active, complete, failed } = fields;
  if (active === undefined && complete === undefined && failed === undefined) return undefined;
  if (typeof active !== 'boolean' || typeof complete !== 'boolean' || typeof failed !== 'boolean') {
    throw new ProtocolError('active, complete and failed must all be booleans');
  }
  const state = stateOf({ active, complete, failed });
  if (!state) throw new ProtocolError(`no state has active=${active}, complete=${complete}, failed=${failed}`);
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
  if (!isObject(body)) throw new ProtocolError('the status answer is not a JSON object');
  const fields = isObject(body.data) ? body.data : body;
  const fromFlags = flagState(fields);
  const named = fields.state;
  if (named !== undefined && (typeof named !== 'string' || !STATES.includes(named))) {
    throw new ProtocolError(`unknown state ${JSON.stringify(named)}`);
  }
  if (named !== undefined && fromFlags !== undefined && named !== fromFlags) {
    throw new ProtocolError(`state ${named} contradicts the booleans (${fromFlags})`);
  }
  const state = (named as TransactionState | undefined) ?? fromFlags;
  const uuid = text(fields.uuid);
  if (!state || !uuid) throw new ProtocolError('the status answer has no uuid or no state');
  return {
    uuid,
    state,
    step: text(fields.step),
    code: text(fields.code),
    issue_description: text(fields.issue_description),
    expires_at: text(fields.expires_at) ?? expiryOf(fields),
    updated_at: text(fields.updated_at),
  };
}
