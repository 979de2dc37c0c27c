/** The status object of the protocol: what its fields must hold, and what the service's transaction says they should be. */
import { stateOf } from '../shared/transaction-state.js';
import { STEP_CODES } from '../shared/wire/codes.js';
import { expiryOf } from '../shared/wire/links.js';
import type { ServiceTransaction } from './sandbox-driver.js';

export const STATES = ['pending', 'successful', 'failed', 'expired'];

type Fields = Record<string, unknown>;

const isDateTime = (value: unknown) => typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value) && Number.isFinite(Date.parse(value));
const isTextOrNull = (value: unknown) => value === null || typeof value === 'string';

/** What each field must hold (null where the protocol allows a value the service did not give); the optional ones only when present. */
const REQUIRED: Record<string, [string, (value: unknown) => boolean]> = {
  state: ['one of pending, successful, failed, expired', (value) => STATES.includes(value as string)],
  step: [
    `a step of spec §3 (${STEP_CODES.join(', ')}) or null`,
    (value) => value === null || (STEP_CODES as readonly unknown[]).includes(value),
  ],
  code: ['a string or null', isTextOrNull],
  issue_description: ['a string or null', isTextOrNull],
  expires_at: ['an ISO 8601 date-time or null', (value) => value === null || isDateTime(value)],
  updated_at: ['an ISO 8601 date-time', isDateTime],
};
const OPTIONAL: Record<string, [string, (value: unknown) => boolean]> = {
  server_time: ['an ISO 8601 date-time', isDateTime],
  step_expires_at: ['an ISO 8601 date-time or null', (value) => value === null || isDateTime(value)],
  stream: ['true (or absent)', (value) => typeof value === 'boolean'],
};

/** What is wrong with `body` as the status object of `uuid`: one line per problem, none when it is right. */
export function statusProblems(body: unknown, uuid: string): string[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [`a JSON object expected, saw ${JSON.stringify(body)}`];
  const fields = body as Fields;
  const problems = fields.uuid === uuid ? [] : [`uuid: ${JSON.stringify(fields.uuid)}, expected ${JSON.stringify(uuid)}`];
  for (const [name, [expected, holds]] of Object.entries(REQUIRED)) {
    if (!(name in fields)) problems.push(`${name}: missing, expected ${expected}`);
    else if (!holds(fields[name])) problems.push(`${name}: ${JSON.stringify(fields[name])}, expected ${expected}`);
  }
  for (const [name, [expected, holds]] of Object.entries(OPTIONAL)) {
    if (name in fields && !holds(fields[name])) problems.push(`${name}: ${JSON.stringify(fields[name])}, expected ${expected}`);
  }
  return problems;
}

/** The status object the service's transaction makes (docs/service.md §3's table for the state, created_at + expiration for expires_at). */
export function expectedStatus(transaction: ServiceTransaction): Fields {
  const { active, complete, failed, step, code, issue_description, updated_at } = transaction;
  return { state: stateOf({ active, complete, failed }), step, code, issue_description, expires_at: expiryOf(transaction), updated_at };
}

/** The differences between the host's status and the expected one; date-times are compared as instants. */
export function differences(seen: Fields, expected: Fields): string[] {
  return Object.entries(expected).flatMap(([name, value]) => {
    const same = isDateTime(value) ? Date.parse(String(seen[name])) === Date.parse(String(value)) : seen[name] === value;
    return same ? [] : [`${name}: ${JSON.stringify(seen[name])}, expected ${JSON.stringify(value)}`];
  });
}
