// Vitest — `npx vitest run`: the sandbox in process; a step and the end delivered in the other order.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestSandbox, type TestSandbox } from 'kyc-verify/testing';
import { startWebhookReceiver } from './webhook-receiver.mjs';

let sandbox: TestSandbox & { close(): Promise<void> };
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  sandbox = await startTestSandbox();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

test('a late "pending" after the end does not reopen the verification', async () => {
  const { uuid } = await sandbox.createTransaction({ webhook: receiver.url, metadata: { webhook_full_update: true } });
  await sandbox.faults.reorder({ uuid });
  await sandbox.outcome(uuid, '002'); // the document: a "pending" webhook, held
  await sandbox.outcome(uuid, '016'); // the end: sent first, then the held "pending"
  await sandbox.waitForDelivery({ uuid, count: 2 });
  expect(receiver.received.filter((entry) => entry.uuid === uuid).map((entry) => entry.state)).toEqual(['failed', 'pending']);
  expect(receiver.processed.filter((entry) => entry.uuid === uuid)).toEqual([{ uuid, state: 'failed' }]);
});

test('a delayed end is processed once it arrives', async () => {
  const { uuid } = await sandbox.createTransaction({ webhook: receiver.url });
  await sandbox.faults.delay(300, { uuid }); // as a provider that holds a webhook back 5 minutes
  await sandbox.succeed(uuid);
  expect(receiver.processed.filter((entry) => entry.uuid === uuid)).toEqual([]);
  await sandbox.advanceClock(300);
  await sandbox.waitForDelivery({ uuid });
  expect(receiver.processed.filter((entry) => entry.uuid === uuid)).toEqual([{ uuid, state: 'successful' }]);
});

test('the link expires on the sandbox clock', async () => {
  const { uuid } = await sandbox.createTransaction({ expiration: 600 });
  await sandbox.advanceClock(600);
  expect((await sandbox.outcome(uuid, '002').catch((error) => error)).status).toBe(409);
});
