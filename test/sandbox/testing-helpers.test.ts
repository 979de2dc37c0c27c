/** `kyc-verify/testing` (docs/testing.md) against a sandbox in process: each end, the faults, the waits. */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { connectSandbox, SandboxAnswerError, startTestSandbox } from '../../src/testing/index.js';
import { webhookReceiver } from './helpers.js';

const sandbox = await startTestSandbox({ log: () => {} });
after(() => sandbox.close());
const ends = (transaction: { active: boolean; complete: boolean; failed: boolean; code: string }) => [
  transaction.active,
  transaction.complete,
  transaction.failed,
  transaction.code,
];

test('each end: successful, failed with the code asked for (its tries used up), expired', async () => {
  assert.deepEqual(ends(await sandbox.createSuccessful()), [false, true, false, '013']);
  assert.deepEqual(ends(await sandbox.createFailed()), [false, false, true, '016']);
  assert.deepEqual(ends(await sandbox.createFailed('003', { tries: 2 })), [false, false, true, '003']);
  assert.deepEqual(ends(await sandbox.createFailed('014', { tries: 3 })), [false, false, true, '014']);
  assert.deepEqual(ends(await sandbox.createExpired()), [false, false, false, 'time_out']);
});

test('succeed after an enrolment skipped the document', async () => {
  await sandbox.createSuccessful({ metadata: { nin: '15.678.901-1', enrolment: true } });
  const again = await sandbox.createTransaction({ metadata: { nin: '15.678.901-1', enrolment: true } });
  assert.deepEqual(ends(await sandbox.succeed(again.uuid)), [false, true, false, '013']);
});

test('a refused request throws with the status and body', async () => {
  const error = await sandbox.outcome(crypto.randomUUID(), '002').catch((caught: unknown) => caught);
  assert.ok(error instanceof SandboxAnswerError);
  assert.equal(error.status, 404);
});

test('the clock moves and reads back', async () => {
  const before = await sandbox.clock();
  assert.equal((await sandbox.advanceClock(60)).offset_seconds, before.offset_seconds + 60);
});

test('faults are added, listed and cleared; a delivery is waited for by URL', async () => {
  const receiver = await webhookReceiver();
  const { uuid } = await sandbox.createTransaction({ webhook: receiver.url });
  const duplicate = await sandbox.faults.duplicate(2, { uuid });
  const drop = await sandbox.faults.drop({ every: true });
  assert.deepEqual(await sandbox.faults.list(), [duplicate, drop]);
  await sandbox.expire(uuid);
  const deliveries = await sandbox.waitForDelivery({ url: receiver.url, count: 2 });
  assert.deepEqual(
    deliveries.map((delivery) => [delivery.uuid, delivery.state, delivery.fault?.fault]),
    [
      [uuid, 'delivered', 'duplicate'],
      [uuid, 'delivered', 'duplicate'],
    ],
  );
  await sandbox.faults.clear();
  assert.deepEqual(await sandbox.faults.list(), []);
});

test('waiting for more deliveries than come fails in time, saying what it saw', async () => {
  const receiver = await webhookReceiver();
  const { uuid } = await sandbox.createTransaction({ webhook: receiver.url });
  await sandbox.faults.drop({ uuid });
  await sandbox.fail(uuid);
  await assert.rejects(sandbox.waitForDelivery({ uuid, count: 2, timeoutMs: 200 }), /not seen in 200 ms \(seen: \d+ dropped\)/);
});

test('connectSandbox reaches the same sandbox by URL', async () => {
  const byUrl = connectSandbox(`${sandbox.url}/`);
  assert.equal(byUrl.url, sandbox.url);
  assert.equal((await byUrl.clock()).offset_seconds, (await sandbox.clock()).offset_seconds);
});
