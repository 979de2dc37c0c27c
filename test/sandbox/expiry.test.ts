import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sandboxForTests, webhookReceiver } from './helpers.js';

const sandbox = await sandboxForTests();
// Tokens are taken per request: the clock moves past their lifetime in this file.

const SHORT_CAPTURES = { capture_document_expiration: 30, capture_facial_expiration: 40, capture_challenge_expiration: 50 };

test('GET /sandbox/clock answers the sandbox time and offset', async () => {
  const { status, body } = await sandbox.request('GET', '/sandbox/clock');
  assert.equal(status, 200);
  assert.ok(Math.abs(Date.parse(body.now) - Date.now() - body.offset_seconds * 1000) < 5000);
});

test('POST /sandbox/clock moves the clock forward by advance_seconds', async () => {
  const before = (await sandbox.request('GET', '/sandbox/clock')).body;
  const { status, body } = await sandbox.advanceClock(3600);
  assert.equal(status, 200);
  assert.equal(body.offset_seconds, before.offset_seconds + 3600);
});

test('the clock does not go back: a negative advance answers 422', async () => {
  assert.equal((await sandbox.advanceClock(-1)).status, 422);
});

test('a transaction expires expiration seconds after creation, dated at that moment', async () => {
  const created = await sandbox.created(await sandbox.token(), { expiration: 200, metadata: { nin: '11.111.111-1', ...SHORT_CAPTURES } });
  await sandbox.advanceClock(250);
  const { data } = (await sandbox.get(await sandbox.token(), created.uuid)).body;
  assert.deepEqual([data.active, data.complete, data.failed, data.step, data.code], [false, false, false, 'time_out', 'time_out']);
  assert.equal(Date.parse(data.updated_at) - Date.parse(data.created_at), 200_000);
});

test('before the user reaches a capture step its timer does not run', async () => {
  const created = await sandbox.created(await sandbox.token(), { metadata: { nin: '11.111.111-1', ...SHORT_CAPTURES } });
  await sandbox.advanceClock(31);
  assert.equal((await sandbox.get(await sandbox.token(), created.uuid)).body.data.active, true);
});

test('a selfie step idle past capture_facial_expiration expires the transaction', async () => {
  const created = await sandbox.created(await sandbox.token(), { metadata: { nin: '11.111.111-1', ...SHORT_CAPTURES } });
  await sandbox.outcomes(created.uuid, '002');
  await sandbox.advanceClock(39);
  assert.equal((await sandbox.get(await sandbox.token(), created.uuid)).body.data.active, true);
  await sandbox.advanceClock(1);
  assert.equal((await sandbox.get(await sandbox.token(), created.uuid)).body.data.step, 'time_out');
});

test('a document step idle past capture_document_expiration after a failed capture expires the transaction', async () => {
  const created = await sandbox.created(await sandbox.token(), { metadata: { nin: '11.111.111-1', ...SHORT_CAPTURES } });
  await sandbox.outcomes(created.uuid, '003');
  await sandbox.advanceClock(30);
  assert.equal((await sandbox.get(await sandbox.token(), created.uuid)).body.data.step, 'time_out');
});

test('an expired transaction takes no more outcomes', async () => {
  const created = await sandbox.created(await sandbox.token(), { expiration: 200, metadata: { nin: '11.111.111-1', ...SHORT_CAPTURES } });
  await sandbox.advanceClock(200);
  assert.equal((await sandbox.outcome(created.uuid, '002')).status, 409);
});

test('an ended transaction never expires', async () => {
  const created = await sandbox.created(await sandbox.token());
  await sandbox.outcomes(created.uuid, '002', '013');
  await sandbox.advanceClock(10_000);
  assert.equal((await sandbox.get(await sandbox.token(), created.uuid)).body.data.complete, true);
});

test('expiry fires the webhook without anyone reading the transaction', async () => {
  const receiver = await webhookReceiver();
  const created = await sandbox.created(await sandbox.token(), { webhook: receiver.url });
  await sandbox.advanceClock(600);
  await sandbox.handle.webhooksSettled();
  assert.equal(receiver.received.length, 1);
  assert.deepEqual(
    { ...receiver.received[0]!.body, updated_at: undefined },
    {
      uuid: created.uuid,
      transaction_id: created.transaction_id,
      company_id: 'sandbox-company',
      authorization_method: 'kyc_register',
      active: false,
      complete: false,
      failed: false,
      updated_at: undefined,
      verification_result: { selfie_document_match: 0 },
    },
  );
});
