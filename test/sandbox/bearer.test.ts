import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertEnvelope, newTransaction, sandboxForTests } from './helpers.js';

const sandbox = await sandboxForTests();
const token = await sandbox.token();
const transaction = await sandbox.created(token);

test('a read without a token answers 401 with an error envelope and WWW-Authenticate', async () => {
  const reply = await sandbox.request('GET', `/v1/transactions/${transaction.uuid}`);
  assertEnvelope(reply, 401, 'Transaction', 'Unauthorized', { errors: 'Missing or malformed Authorization header' });
  assert.match(reply.headers.get('www-authenticate') ?? '', /^Bearer/);
});

test('a create without a token answers 401', async () => {
  const { status } = await sandbox.request('POST', '/v1/transactions/', { json: newTransaction() });
  assert.equal(status, 401);
});

test('a token that is not a JWT answers 401', async () => {
  const { status, body } = await sandbox.get('not-a-jwt', transaction.uuid);
  assert.equal(status, 401);
  assert.equal(body.errors, 'Invalid token');
});

test('a token with another scheme than Bearer answers 401', async () => {
  const { status } = await sandbox.request('GET', `/v1/transactions/${transaction.uuid}`, { headers: { authorization: `Basic ${token}` } });
  assert.equal(status, 401);
});

test('a tampered token answers 401', async () => {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
  const forged = Buffer.from(JSON.stringify({ ...claims, company_id: 'other-company' })).toString('base64url');
  const { status } = await sandbox.get(`${header}.${forged}.${signature}`, transaction.uuid);
  assert.equal(status, 401);
});

test('a token signed by another sandbox answers 401', async () => {
  const elsewhere = await sandboxForTests();
  const { status } = await sandbox.get(await elsewhere.token(), transaction.uuid);
  assert.equal(status, 401);
});

test('a token expires after expires_in seconds of the sandbox clock', async () => {
  const local = await sandboxForTests();
  const fresh = await local.token();
  const own = await local.created(fresh, { expiration: 99_999 });
  // The sandbox's clock also runs with real time: a margin of seconds for a busy machine between the two reads.
  await local.advanceClock(7190);
  assert.equal((await local.get(fresh, own.uuid)).status, 200);
  await local.advanceClock(10);
  const { status, body } = await local.get(fresh, own.uuid);
  assert.equal(status, 401);
  assert.equal(body.errors, 'Token expired');
});

test('creating without the write scope answers 403 with an error envelope', async () => {
  const reply = await sandbox.create(await sandbox.token('sandbox-reader'));
  assertEnvelope(reply, 403, 'Transaction', 'Forbidden', { errors: 'The token lacks the scope engine.transaction.w' });
});

test('reading without the read scope answers 403', async () => {
  const { status, body } = await sandbox.get(await sandbox.token('sandbox-writer'), transaction.uuid);
  assert.equal(status, 403);
  assert.equal(body.resource, 'Transaction');
});

test('the write-only client can create', async () => {
  const { status } = await sandbox.create(await sandbox.token('sandbox-writer'));
  assert.equal(status, 201);
});
