import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { startSandbox } from '../../src/sandbox/index.js';
import { refusingUrl, SandboxClient, sandboxForTests, webhookReceiver } from './helpers.js';

const logged: string[] = [];
const sandbox = await sandboxForTests({ webhookRetry: { attempts: 3, baseDelayMs: 5 }, log: (line) => logged.push(line) });
const token = await sandbox.token();
const PAYLOAD_FIELDS = [
  'active',
  'authorization_method',
  'company_id',
  'complete',
  'failed',
  'transaction_id',
  'updated_at',
  'uuid',
  'verification_result',
];

async function run(webhook: string, metadata: Record<string, unknown>, ...codes: string[]) {
  const created = await sandbox.created(token, { webhook, metadata: { nin: '11.111.111-1', ...metadata } });
  await sandbox.outcomes(created.uuid, ...codes);
  await sandbox.handle.webhooksSettled();
  return created;
}

test('creating a transaction sends no webhook', async () => {
  const receiver = await webhookReceiver();
  await run(receiver.url, {});
  assert.equal(receiver.received.length, 0);
});

test('a step that keeps the three booleans sends no webhook without webhook_full_update', async () => {
  const receiver = await webhookReceiver();
  await run(receiver.url, {}, '002', '014');
  assert.equal(receiver.received.length, 0);
});

test('the end of the flow sends one webhook with the §2.7 payload', async () => {
  const receiver = await webhookReceiver();
  const created = await run(receiver.url, {}, '002', '013');
  assert.equal(receiver.received.length, 1);
  const { headers, body } = receiver.received[0]!;
  assert.equal(headers['content-type'], 'application/json');
  assert.deepEqual(Object.keys(body).sort(), PAYLOAD_FIELDS);
  const read = (await sandbox.get(token, created.uuid)).body.data;
  assert.deepEqual(body, Object.fromEntries(PAYLOAD_FIELDS.map((field) => [field, read[field]])));
});

test('with webhook_full_update every step sends a webhook', async () => {
  const receiver = await webhookReceiver();
  await run(receiver.url, { webhook_full_update: true }, '003', '002', '012');
  const flags = receiver.received.map(({ body }) => [body.active, body.complete, body.failed]);
  // 003, 002, then success records 012 (scores reached) and 013 (completed).
  assert.deepEqual(flags, [
    [true, false, false],
    [true, false, false],
    [true, false, false],
    [false, true, false],
  ]);
});

test('the delivery log tells step deliveries from state changes', async () => {
  const receiver = await webhookReceiver();
  const created = await run(receiver.url, { webhook_full_update: true }, '002', '016');
  const { body } = await sandbox.request('GET', `/sandbox/webhooks?uuid=${created.uuid}`);
  assert.deepEqual(
    body.deliveries.map((delivery: any) => delivery.reason),
    ['step', 'state_change'],
  );
});

test('a delivery answered 2xx is logged delivered with its status and timing', async () => {
  const receiver = await webhookReceiver(204);
  const created = await run(receiver.url, {}, 'time_out');
  const [delivery] = (await sandbox.request('GET', `/sandbox/webhooks?uuid=${created.uuid}`)).body.deliveries;
  assert.equal(delivery.state, 'delivered');
  assert.equal(delivery.url, receiver.url);
  assert.equal(delivery.attempts.length, 1);
  assert.equal(delivery.attempts[0].status, 204);
  assert.equal(delivery.attempts[0].error, null);
  assert.equal(typeof delivery.attempts[0].duration_ms, 'number');
  assert.ok(Date.parse(delivery.attempts[0].at));
});

test('a 5xx answer is logged as failed and not retried', async () => {
  const receiver = await webhookReceiver(503);
  const created = await run(receiver.url, {}, '002', '013');
  assert.equal(receiver.received.length, 1);
  const [delivery] = sandbox.handle.webhookDeliveries(created.uuid);
  assert.equal(delivery!.state, 'failed');
  assert.deepEqual(
    delivery!.attempts.map((attempt) => attempt.status),
    [503],
  );
});

test('a refused connection is retried with backoff up to the attempt limit', async () => {
  const created = await run(await refusingUrl(), {}, '016');
  const [delivery] = sandbox.handle.webhookDeliveries(created.uuid);
  assert.equal(delivery!.state, 'failed');
  assert.deepEqual(
    delivery!.attempts.map((attempt) => [attempt.status, attempt.error]),
    [
      [null, 'ECONNREFUSED'],
      [null, 'ECONNREFUSED'],
      [null, 'ECONNREFUSED'],
    ],
  );
});

test('a failed delivery is told in one line: its target without credentials or query, and why', async () => {
  const target = new URL(await refusingUrl());
  Object.assign(target, { username: 'integrator', password: 'hunter2', search: '?token=s3cret' });
  await run(target.href, {}, '016');
  assert.deepEqual(
    logged.filter((line) => line.includes(target.host)),
    [`kyc-verify sandbox: webhook delivery to ${target.origin}${target.pathname} failed: ECONNREFUSED (3 attempts)`],
  );
});

test('a delivery answered 5xx is told in one line with the status', async () => {
  const receiver = await webhookReceiver(500);
  await run(receiver.url, {}, '016');
  assert.deepEqual(
    logged.filter((line) => line.includes(receiver.url)),
    [`kyc-verify sandbox: webhook delivery to ${receiver.url} failed: answered 500 (1 attempt)`],
  );
});

test('a delivered webhook is not told on the console', async () => {
  const receiver = await webhookReceiver();
  await run(receiver.url, {}, '016');
  assert.deepEqual(
    logged.filter((line) => line.includes(receiver.url)),
    [],
  );
});

test("the delivery log lists every transaction's deliveries, oldest first", async () => {
  const receiver = await webhookReceiver();
  const first = await run(receiver.url, {}, '016');
  const second = await run(receiver.url, {}, '016');
  const uuids = (await sandbox.request('GET', '/sandbox/webhooks')).body.deliveries.map((delivery: any) => delivery.uuid);
  assert.ok(uuids.indexOf(first.uuid) < uuids.indexOf(second.uuid));
});

test('a transaction without webhook sends nothing', async () => {
  const created = await sandbox.created(token);
  await sandbox.outcomes(created.uuid, '016');
  assert.deepEqual(sandbox.handle.webhookDeliveries(created.uuid), []);
});

test('close() ends a delivery still waiting for its answer', { timeout: 5_000 }, async () => {
  const silent = createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const own = await startSandbox({ port: 0, webhookRetry: { timeoutMs: 60_000 } });
  try {
    const client = new SandboxClient(own);
    const { uuid } = await client.created(await client.token(), {
      webhook: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/hook`,
    });
    await client.outcomes(uuid, '016');
    await own.close();
    await own.webhooksSettled();
    assert.deepEqual(
      own.webhookDeliveries(uuid).map((delivery) => delivery.state),
      ['failed'],
    );
  } finally {
    silent.closeAllConnections();
    silent.close();
  }
});
