// node:test — `node --test`: the sandbox in process, the integrator's webhook endpoint under the faults.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestSandbox } from 'kyc-verify/testing';
import { startWebhookReceiver } from './webhook-receiver.mjs';

let sandbox;
let receiver;
before(async () => {
  sandbox = await startTestSandbox();
  receiver = await startWebhookReceiver();
});
after(async () => {
  await sandbox.close();
  await receiver.close();
});

test('a successful verification reaches my webhook', async () => {
  const { uuid } = await sandbox.createSuccessful({ webhook: receiver.url });
  await sandbox.waitForDelivery({ uuid, url: receiver.url });
  assert.deepEqual(
    receiver.processed.filter((entry) => entry.uuid === uuid),
    [{ uuid, state: 'successful' }],
  );
});

test('my webhook processes an end delivered three times once', async () => {
  const { uuid } = await sandbox.createTransaction({ webhook: receiver.url });
  await sandbox.faults.duplicate(3, { uuid });
  await sandbox.fail(uuid, '016');
  const deliveries = await sandbox.waitForDelivery({ uuid, count: 3 });
  assert.deepEqual(
    deliveries.map((delivery) => delivery.state),
    ['delivered', 'delivered', 'delivered'],
  );
  assert.deepEqual(
    receiver.processed.filter((entry) => entry.uuid === uuid),
    [{ uuid, state: 'failed' }],
  );
});

test('a dropped webhook never arrives: my backend must read the transaction itself', async () => {
  const { uuid } = await sandbox.createTransaction({ webhook: receiver.url });
  await sandbox.faults.drop({ uuid });
  await sandbox.expire(uuid);
  const [delivery] = await sandbox.waitForDelivery({ uuid });
  assert.equal(delivery.state, 'dropped');
  assert.deepEqual(
    receiver.processed.filter((entry) => entry.uuid === uuid),
    [],
  );
});
