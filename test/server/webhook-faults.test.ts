/**
 * The kit's webhook handler under each fault the service warns about (docs/service.md §6), produced
 * with the sandbox's public fault controls through `kyc-verify/testing` as an integrator would:
 * whatever arrives twice, out of order, late, or never, `onResult` runs exactly once.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import type { TransactionStatus } from '../../src/server/index.js';
import type { WebhookDelivery } from '../../src/testing/index.js';
import { createRequestWithoutId, NIN, pastReadBudget, useHost } from './harness.js';

const { sandbox, start } = useHost();

/** A host whose sessions send their webhooks to `target(host url)`, and what its onResult saw. */
async function hostWithSession(target: (hostUrl: string) => string = (url) => `${url}/kyc/webhook`, metadata = {}) {
  const results: TransactionStatus[] = [];
  let webhook = '';
  const host = await start({
    buildRequest: () => createRequestWithoutId({ webhook, metadata: { nin: NIN, ...metadata } }),
    onResult: (status) => void results.push(status),
  });
  webhook = target(host.url);
  const { body } = await host.startSession();
  const settle = async () => {
    await host.kit.idle();
    return results.map((status) => [status.uuid, status.state]);
  };
  return { ...host, uuid: body.uuid, results, settle };
}

const statuses = (deliveries: WebhookDelivery[]) => deliveries.map((delivery) => delivery.attempts.map((attempt) => attempt.status));

/** A server on `port` (0: any) that passes POSTs on to `target`, answering `first` to the first instead. */
async function front(target: () => string, { port = 0, first }: { port?: number; first?: number } = {}): Promise<string> {
  let seen = 0;
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (seen++ === 0 && first) return void response.writeHead(first).end();
    const answer = await fetch(target(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) });
    response.writeHead(answer.status).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

test('an end delivered three times (duplicate): all three reach the kit, onResult runs once', async () => {
  const { uuid, settle } = await hostWithSession();
  await sandbox.testing.faults.duplicate(3, { uuid });
  await sandbox.testing.fail(uuid, '016');
  assert.deepEqual(statuses(await sandbox.testing.waitForDelivery({ uuid, count: 3 })), [[204], [204], [204]]);
  assert.deepEqual(await settle(), [[uuid, 'failed']]);
});

test('a step delivered after the end (reorder): onResult runs once, and the late pending changes nothing', async () => {
  const { uuid, settle, poll } = await hostWithSession(undefined, { webhook_full_update: true });
  await sandbox.testing.faults.reorder({ uuid });
  await sandbox.applyOutcome(uuid, '002');
  await sandbox.applyOutcome(uuid, '016');
  const [step, end] = await sandbox.testing.waitForDelivery({ uuid, count: 2 });
  assert.match(step!.notes.at(-1)!, new RegExp(`^sent after delivery ${end!.id} had been`));
  assert.deepEqual(statuses([step!, end!]), [[204], [204]]);
  assert.deepEqual(await settle(), [[uuid, 'failed']]);
  assert.equal(((await (await poll(uuid)).json()) as TransactionStatus).state, 'failed');
});

test('an end held back 5 minutes (delay): onResult runs once it arrives', async () => {
  const { uuid, settle } = await hostWithSession();
  await sandbox.testing.faults.delay(300, { uuid });
  await sandbox.testing.succeed(uuid);
  assert.equal((await sandbox.testing.deliveries({ uuid }))[0]!.state, 'held');
  await sandbox.advanceClock(300);
  assert.deepEqual(statuses(await sandbox.testing.waitForDelivery({ uuid })), [[204]]);
  assert.deepEqual(await settle(), [[uuid, 'successful']]);
});

test('an end never delivered (drop): a poll finds it, and onResult runs once', async () => {
  const { uuid, settle, poll } = await hostWithSession();
  await sandbox.testing.faults.drop({ uuid });
  await sandbox.testing.expire(uuid);
  assert.deepEqual(statuses(await sandbox.testing.waitForDelivery({ uuid })), [[]]);
  await pastReadBudget();
  assert.equal(((await (await poll(uuid)).json()) as TransactionStatus).state, 'expired');
  assert.deepEqual(await settle(), [[uuid, 'expired']]);
});

test('an end answered 503 once is not delivered again (the service rule): a poll finds it, and onResult runs once', async () => {
  let hostUrl = '';
  const frontUrl = await front(() => `${hostUrl}/kyc/webhook`, { first: 503 });
  const { uuid, settle, poll, url } = await hostWithSession(() => frontUrl);
  hostUrl = url;
  await sandbox.testing.fail(uuid, '016');
  const [delivery] = await sandbox.testing.waitForDelivery({ uuid });
  assert.deepEqual(statuses([delivery!]), [[503]]);
  assert.deepEqual(delivery!.notes, ['attempt 1 answered 503: not retried, as an answer never is']);
  await pastReadBudget();
  assert.equal(((await (await poll(uuid)).json()) as TransactionStatus).state, 'failed');
  assert.deepEqual(await settle(), [[uuid, 'failed']]);
});

test('an end whose connection is refused is retried (the service rule) until the kit is reachable: onResult runs once', async () => {
  // A port free a moment ago: nothing listens there until the first attempt has been refused.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const { uuid, settle, url } = await hostWithSession(() => `http://127.0.0.1:${port}/hook`);
  await sandbox.testing.succeed(uuid);
  for (let refused = false; !refused;) {
    refused = ((await sandbox.testing.deliveries({ uuid }))[0]?.attempts.length ?? 0) > 0;
    if (!refused) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await front(() => `${url}/kyc/webhook`, { port });
  const [delivery] = await sandbox.testing.waitForDelivery({ uuid, timeoutMs: 30_000 });
  assert.equal(delivery!.attempts[0]!.error, 'ECONNREFUSED');
  assert.equal(delivery!.attempts.at(-1)!.status, 204);
  assert.match(delivery!.notes[0]!, /^attempt 1: ECONNREFUSED, the connection failed: retried in \d+ ms$/);
  assert.deepEqual(await settle(), [[uuid, 'successful']]);
});
