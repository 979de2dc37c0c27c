import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SELFIE_SCORES } from '../../src/sandbox/index.js';
import { assertEnvelope, sandboxForTests } from './helpers.js';

const sandbox = await sandboxForTests();
const token = await sandbox.token();

async function finished(nin: string, ...codes: string[]) {
  const { uuid } = await sandbox.created(token, { metadata: { nin } });
  await sandbox.outcomes(uuid, ...codes);
  return uuid;
}

test('a successful transaction answers the document data of its test identity', async () => {
  const uuid = await finished('12.345.678-5', '002', '013');
  assertEnvelope(await sandbox.credentialInformation(token, uuid), 200, 'User Credential', 'Ok', {
    data: {
      name: 'Juan Pablo',
      last_name: 'Muñoz Soto',
      date_birth: '02/11/1979',
      nin: '12.345.678-5',
      document_number: '100123456',
      identity_verification_score: SELFIE_SCORES.match,
    },
  });
});

test('any other valid nin reads the same derived person every time', async () => {
  const first = (await sandbox.credentialInformation(token, await finished('7.654.321-6', '002', '013'))).body.data;
  const second = (await sandbox.credentialInformation(token, await finished('7.654.321-6', '002', '013'))).body.data;
  assert.deepEqual(first, second);
  assert.match(first.date_birth, /^\d{2}\/\d{2}\/\d{4}$/);
  assert.equal(first.nin, '7.654.321-6');
});

test('a transaction that failed after reading the document answers its data with the low score', async () => {
  const { uuid } = await sandbox.created(token, { tries: 1 });
  await sandbox.outcomes(uuid, '002', '014');
  const { status, body } = await sandbox.credentialInformation(token, uuid);
  assert.equal(status, 200);
  assert.equal(body.data.identity_verification_score, SELFIE_SCORES.mismatch);
});

test('a transaction that ended before any document was read answers 404', async () => {
  const uuid = await finished('11.111.111-1', 'time_out');
  const reply = await sandbox.credentialInformation(token, uuid);
  assertEnvelope(reply, 404, 'User Credential', 'Not found', { errors: 'No document was read in this transaction' });
});

test('a transaction in progress answers 409 Not finished', async () => {
  const uuid = await finished('11.111.111-1', '002');
  const { status, body } = await sandbox.credentialInformation(token, uuid);
  assert.equal(status, 409);
  assert.equal(body.message, 'Not finished');
});

test('an unknown transaction answers 404', async () => {
  const { status, body } = await sandbox.credentialInformation(token, '00000000-0000-4000-8000-000000000000');
  assert.equal(status, 404);
  assert.equal(body.resource, 'User Credential');
});

test("another company's transaction answers 403", async () => {
  const uuid = await finished('11.111.111-1', '002', '013');
  const { status } = await sandbox.credentialInformation(await sandbox.token('other-client', 'other-secret'), uuid);
  assert.equal(status, 403);
});

test('a missing transaction_id answers 422', async () => {
  const { status, body } = await sandbox.request('GET', '/api/v1/user/credential_information', { token });
  assert.equal(status, 422);
  assert.match(body.errors, /transaction_id/);
});

test('reading document data needs a Bearer token', async () => {
  const uuid = await finished('11.111.111-1', '002', '013');
  assert.equal((await sandbox.request('GET', `/api/v1/user/credential_information?transaction_id=${uuid}`)).status, 401);
});

test('reading document data needs the read scope', async () => {
  const uuid = await finished('11.111.111-1', '002', '013');
  assert.equal((await sandbox.credentialInformation(await sandbox.token('sandbox-writer'), uuid)).status, 403);
});

test('a transaction without nin reads the default test identity, nin included', async () => {
  const { uuid } = await sandbox.created(token, { authorization_method: 'kyc_register_simple', metadata: {} });
  await sandbox.outcomes(uuid, '002', '013');
  const { data } = (await sandbox.credentialInformation(token, uuid)).body;
  assert.deepEqual([data.name, data.nin], ['María José', '11.111.111-1']);
});

test('a RUT written with leading zeros reads the same person', async () => {
  const { uuid } = await sandbox.created(token, { metadata: { nin: '011.111.111-1' } });
  await sandbox.outcomes(uuid, '002', '013');
  assert.equal((await sandbox.credentialInformation(token, uuid)).body.data.name, 'María José');
});
