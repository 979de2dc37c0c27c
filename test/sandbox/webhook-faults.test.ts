/**
 * Webhook faults (docs/sandbox.md, "Webhook faults"): each produced through the HTTP control and
 * observed at a real receiver, and told in the delivery log with what was done and why.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseCommandLine } from '../../src/sandbox/cli-options.js';
import { refusingUrl, sandboxForTests, webhookReceiver, type WebhookReceiver } from './helpers.js';

const sandbox = await sandboxForTests({ webhookRetry: { attempts: 3, baseDelayMs: 5 }, log: () => {} });
const token = await sandbox.token();

const fault = (body: Record<string, unknown>) => sandbox.request('POST', '/sandbox/webhooks/faults', { json: body });
const log = async (uuid: string) => (await sandbox.request('GET', `/sandbox/webhooks?uuid=${uuid}`)).body.deliveries;
const arrived = (receiver: WebhookReceiver) => receiver.received.map(({ body }) => [body.uuid, body.active, body.failed]);

/** A transaction whose every step sends a webhook to `receiver`. */
async function transactionTo(receiver: string) {
  return sandbox.created(token, { webhook: receiver, metadata: { nin: '11.111.111-1', webhook_full_update: true } });
}

test('duplicate: the next delivery arrives `times` times, each copy logged as such', async () => {
  const receiver = await webhookReceiver();
  const { uuid } = await transactionTo(receiver.url);
  const added = await fault({ fault: 'duplicate', times: 3, uuid });
  assert.equal(added.status, 201);
  assert.deepEqual(added.body, { id: added.body.id, fault: 'duplicate', times: 3, uuid, every: false });
  await sandbox.outcomes(uuid, '016');
  await sandbox.handle.webhooksSettled();
  assert.deepEqual(arrived(receiver), Array(3).fill([uuid, false, true]));
  const deliveries = await log(uuid);
  assert.deepEqual(
    deliveries.map((delivery: any) => [delivery.state, delivery.fault, delivery.notes]),
    [1, 2, 3].map((copy) => [
      'delivered',
      { id: added.body.id, fault: 'duplicate' },
      [`copy ${copy} of 3 sent by duplicate fault ${added.body.id} (this transaction)`],
    ]),
  );
});

test('reorder: the next two deliveries arrive in the other order', async () => {
  const receiver = await webhookReceiver();
  const { uuid } = await transactionTo(receiver.url);
  await fault({ fault: 'reorder', uuid });
  await sandbox.outcomes(uuid, '002');
  assert.deepEqual(
    (await log(uuid)).map((delivery: any) => delivery.state),
    ['held'],
  );
  await sandbox.outcomes(uuid, '016');
  await sandbox.handle.webhooksSettled();
  assert.deepEqual(arrived(receiver), [
    [uuid, false, true],
    [uuid, true, false],
  ]);
  const [step, end] = await log(uuid);
  assert.match(step.notes.at(-1), new RegExp(`^sent after delivery ${end.id} had been, by reorder fault \\d+`));
  assert.match(end.notes[0], new RegExp(`^sent before delivery ${step.id}, which reorder fault \\d+`));
});

test('delay: the next delivery is held on the sandbox clock, and sent once the clock passes it', async () => {
  const receiver = await webhookReceiver();
  const { uuid } = await transactionTo(receiver.url);
  await fault({ fault: 'delay', delay_seconds: 3600, uuid });
  await sandbox.outcomes(uuid, '016');
  const [held] = await log(uuid);
  assert.equal(held.state, 'held');
  assert.match(held.notes[0], /^held by delay fault \d+ \(this transaction\) for 3600 s, until .+ on the sandbox clock$/);
  assert.deepEqual(receiver.received, []);
  await sandbox.advanceClock(3600);
  await sandbox.handle.webhooksSettled();
  assert.deepEqual(arrived(receiver), [[uuid, false, true]]);
  assert.equal((await log(uuid))[0].state, 'delivered');
});

test('drop: the next delivery never arrives, and the one after does', async () => {
  const receiver = await webhookReceiver();
  const { uuid } = await transactionTo(receiver.url);
  const { body } = await fault({ fault: 'drop', uuid });
  await sandbox.outcomes(uuid, '002', '016');
  await sandbox.handle.webhooksSettled();
  assert.deepEqual(arrived(receiver), [[uuid, false, true]]);
  const [dropped] = await log(uuid);
  assert.deepEqual(
    [dropped.state, dropped.attempts, dropped.notes],
    ['dropped', [], [`dropped by drop fault ${body.id} (this transaction): never sent`]],
  );
});

test('a fault for every transaction applies to whichever delivers next, and `every` keeps it for each delivery', async () => {
  const receiver = await webhookReceiver();
  const first = await transactionTo(receiver.url);
  const second = await transactionTo(receiver.url);
  const { body } = await fault({ fault: 'duplicate', times: 2, every: true });
  assert.equal(body.uuid, null);
  await sandbox.outcomes(first.uuid, '016');
  await sandbox.outcomes(second.uuid, '016');
  await sandbox.handle.webhooksSettled();
  assert.deepEqual((await sandbox.request('GET', '/sandbox/webhooks/faults')).body.faults, [body]);
  assert.equal((await sandbox.request('DELETE', '/sandbox/webhooks/faults')).status, 200);
  assert.deepEqual((await sandbox.request('GET', '/sandbox/webhooks/faults')).body.faults, []);
  assert.deepEqual(arrived(receiver), [
    [first.uuid, false, true],
    [first.uuid, false, true],
    [second.uuid, false, true],
    [second.uuid, false, true],
  ]);
});

test("a transaction's own fault comes before one for every transaction", async () => {
  const receiver = await webhookReceiver();
  const { uuid } = await transactionTo(receiver.url);
  await fault({ fault: 'duplicate', times: 2 });
  await fault({ fault: 'drop', uuid });
  await sandbox.outcomes(uuid, '002', '016');
  await sandbox.handle.webhooksSettled();
  assert.deepEqual(
    (await log(uuid)).map((delivery: any) => delivery.fault?.fault ?? null),
    ['drop', 'duplicate', 'duplicate'],
  );
  assert.deepEqual(arrived(receiver), Array(2).fill([uuid, false, true]));
});

test('clearing the faults sends a delivery a reorder fault was holding', async () => {
  const receiver = await webhookReceiver();
  const { uuid } = await transactionTo(receiver.url);
  await fault({ fault: 'reorder', uuid });
  await sandbox.outcomes(uuid, '016');
  await sandbox.request('DELETE', '/sandbox/webhooks/faults');
  await sandbox.handle.webhooksSettled();
  assert.deepEqual(arrived(receiver), [[uuid, false, true]]);
  assert.equal((await log(uuid))[0].notes.at(-1), 'released when the faults were cleared');
});

test("the service's own rule: a 5xx answer is not retried, and the log says why", async () => {
  const receiver = await webhookReceiver(503);
  const { uuid } = await transactionTo(receiver.url);
  await sandbox.outcomes(uuid, '016');
  await sandbox.handle.webhooksSettled();
  assert.equal(receiver.received.length, 1);
  assert.deepEqual((await log(uuid))[0].notes, ['attempt 1 answered 503: not retried, as an answer never is']);
});

test("the service's own rule: a refused connection is retried with backoff, and the log says why", async () => {
  const { uuid } = await transactionTo(await refusingUrl());
  await sandbox.outcomes(uuid, '016');
  await sandbox.handle.webhooksSettled();
  assert.deepEqual((await log(uuid))[0].notes, [
    'attempt 1: ECONNREFUSED, the connection failed: retried in 5 ms',
    'attempt 2: ECONNREFUSED, the connection failed: retried in 10 ms',
    'attempt 3: ECONNREFUSED, the connection failed: no attempt left of 3',
  ]);
});

test('a fault for an unknown transaction answers 404, and one out of bounds 422', async () => {
  assert.equal((await fault({ fault: 'drop', uuid: '3b241101-e2bb-4255-8caf-4136c566a962' })).status, 404);
  assert.equal((await fault({ fault: 'duplicate', times: 1 })).status, 422);
  assert.equal((await fault({ fault: 'delay', delay_seconds: -1 })).status, 422);
  assert.equal((await fault({ fault: 'explode' })).status, 422);
  assert.deepEqual((await sandbox.request('GET', '/sandbox/webhooks/faults')).body.faults, []);
});

test('startSandbox installs faults given in its options', async () => {
  const own = await sandboxForTests({ webhookFaults: [{ fault: 'drop', every: true }] });
  const receiver = await webhookReceiver();
  const { uuid } = await own.created(await own.token(), { webhook: receiver.url });
  await own.outcomes(uuid, '016');
  await own.handle.webhooksSettled();
  assert.deepEqual(receiver.received, []);
  assert.deepEqual(
    own.handle.webhookDeliveries(uuid).map((delivery) => delivery.state),
    ['dropped'],
  );
});

test('--webhook-fault gives faults on every delivery, and refuses what it does not know', () => {
  const { options } = parseCommandLine([
    '--webhook-fault',
    'duplicate=3',
    '--webhook-fault',
    'delay=1.5',
    '--webhook-fault',
    'reorder',
  ]) as {
    options: { webhookFaults: unknown };
  };
  assert.deepEqual(options.webhookFaults, [
    { fault: 'duplicate', times: 3, every: true },
    { fault: 'delay', delay_seconds: 1.5, every: true },
    { fault: 'reorder', every: true },
  ]);
  for (const bad of ['duplicate=1', 'duplicate', 'delay=soon', 'drop=2', 'explode']) {
    assert.match((parseCommandLine(['--webhook-fault', bad]) as { error: string }).error, /--webhook-fault/);
  }
});

test('the controls page adds a fault from its form, lists it, shows what each delivery went through, and clears', async () => {
  const receiver = await webhookReceiver();
  const { uuid } = await transactionTo(receiver.url);
  const form = (fields: Record<string, string>) =>
    sandbox.request('POST', '/sandbox', {
      body: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const empty = await sandbox.request('GET', '/sandbox');
  assert.equal(empty.status, 200);
  assert.match(empty.body, /<select name="fault">/);
  const added = await form({ fault: 'duplicate', times: '2', uuid, delay_seconds: '300' });
  assert.deepEqual([added.status, added.headers.get('location')], [303, '/sandbox']);
  const { body: listed } = await sandbox.request('GET', '/sandbox');
  assert.match(listed, new RegExp(`duplicate ×2, transaction ${uuid}, next delivery`));
  await sandbox.outcomes(uuid, '016');
  await sandbox.handle.webhooksSettled();
  assert.match((await sandbox.request('GET', '/sandbox')).body, /copy 2 of 2 sent by duplicate fault \d+ \(this transaction\)/);
  assert.equal((await form({ fault: 'duplicate', times: '1' })).status, 422);
  assert.equal((await form({ fault: 'drop', uuid: crypto.randomUUID() })).status, 404);
  await form({ fault: 'drop', every: 'on' });
  assert.equal((await form({ action: 'clear' })).status, 303);
  assert.deepEqual((await sandbox.request('GET', '/sandbox/webhooks/faults')).body.faults, []);
});
