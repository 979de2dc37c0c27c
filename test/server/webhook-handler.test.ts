import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createKycKit, signWebhookBody, type KycKitOptions, type TransactionStatus } from '../../src/server/index.js';
import {
  countingFetch,
  createRequestWithoutId,
  NIN,
  pastReadBudget,
  pendingPayload,
  postJson,
  sandboxClient,
  useHost,
  uuidsOf,
} from './harness.js';
import { openStream } from './sse-client.js';

const { sandbox, start, closeAfterTest } = useHost();

const JSON_TYPE = { 'content-type': 'application/json' };

/**
 * A host whose sessions ask the sandbox to send every step's webhook to `target`: the webhook
 * handler itself, or a sink that only acknowledges, so the test can replay the payloads as it likes.
 */
async function hostSendingWebhooksTo(
  target: '/kyc/webhook' | '/sink',
  options: Partial<KycKitOptions> & { tries?: number; now?: () => number } = {},
) {
  const results: TransactionStatus[] = [];
  const errors: unknown[] = [];
  const counter = countingFetch();
  let url = '';
  const { tries = 3, now, ...kitOptions } = options;
  const host = await start({
    client: sandboxClient(sandbox.url, { fetch: counter.fetch, ...(now && { now }) }),
    buildRequest: () => createRequestWithoutId({ tries, webhook: `${url}${target}`, metadata: { nin: NIN, webhook_full_update: true } }),
    onResult: (status) => void results.push(status),
    onError: (error) => void errors.push(error),
    // No short link: these kits are about webhooks (and the kit's line saying it is off on loopback is not among their errors).
    handoff: false,
    ...kitOptions,
  });
  url = host.url;
  const { body } = await host.startSession();
  const deliver = (payload: unknown, headers: Record<string, string> = {}) => postJson(`${url}/kyc/webhook`, payload, headers);
  return { ...host, uuid: body.uuid, results, errors, counter, deliver };
}

/** A deterministic shuffle that puts the end first and repeats every payload three times. */
function duplicatedAndShuffled<T>(payloads: T[]): T[] {
  const reversed = [...payloads].reverse();
  return [...reversed, ...payloads, ...reversed.filter((_, index) => index % 2 === 0), ...reversed.filter((_, index) => index % 2 === 1)];
}

test('a real delivery from the sandbox ends in one onResult with the confirmed state', async () => {
  const { uuid, results, kit } = await hostSendingWebhooksTo('/kyc/webhook');
  await sandbox.succeed(uuid);
  await sandbox.deliveredPayloads(uuid);
  await kit.idle();
  assert.deepEqual(
    results.map((status) => [status.uuid, status.state, status.code]),
    [[uuid, 'successful', '013']],
  );
});

test('a confirmed end reaches pollers at once, with no further provider read', async () => {
  const { uuid, kit, counter, poll } = await hostSendingWebhooksTo('/kyc/webhook');
  await sandbox.succeed(uuid);
  await sandbox.deliveredPayloads(uuid);
  await kit.idle();
  const readsBefore = counter.transactionReads();
  assert.equal(((await (await poll(uuid)).json()) as TransactionStatus).state, 'successful');
  assert.equal(counter.transactionReads(), readsBefore);
});

test('duplicated and shuffled deliveries, sent at once, give one onResult and one authoritative read', async () => {
  const { uuid, results, kit, deliver, counter } = await hostSendingWebhooksTo('/sink');
  await sandbox.succeed(uuid);
  const payloads = await sandbox.deliveredPayloads(uuid);
  assert.ok(payloads.length >= 3, 'pending steps and the end were all sent');
  const answers = await Promise.all(duplicatedAndShuffled(payloads).map((payload) => deliver(payload)));
  assert.ok(answers.every((answer) => answer.status === 204));
  await kit.idle();
  assert.deepEqual(
    results.map((status) => status.state),
    ['successful'],
  );
  assert.equal(counter.transactionReads(), 1);
});

test('a late pending never overwrites an end (the sandbox delivers the last step after the end)', async () => {
  const { uuid, kit, poll } = await hostSendingWebhooksTo('/kyc/webhook');
  await sandbox.applyOutcome(uuid, '002');
  await sandbox.testing.faults.reorder({ uuid });
  await sandbox.applyOutcome(uuid, '013'); // the selfie step (012), then the end (013): delivered end first
  const [, step, end] = await sandbox.testing.waitForDelivery({ uuid, count: 3 });
  assert.deepEqual(
    [step!.payload.active, step!.notes.at(-1)],
    [true, `sent after delivery ${end!.id} had been, by reorder fault ${end!.fault!.id} (this transaction)`],
  );
  await kit.idle();
  assert.equal(((await (await poll(uuid)).json()) as TransactionStatus).state, 'successful');
});

for (const [ending, codes, tries, state] of [
  ['a document problem with no try left', ['003'], 1, 'failed'],
  ['a selfie mismatch with no try left', ['002', '014'], 1, 'failed'],
  ['an expiry', ['time_out'], 3, 'expired'],
] as const) {
  test(`${ending}, every webhook delivered three times at once, gives one onResult with state ${state}`, async () => {
    const { uuid, results, kit } = await hostSendingWebhooksTo('/kyc/webhook', { tries });
    await sandbox.testing.faults.duplicate(3, { uuid, every: true });
    for (const code of codes) await sandbox.applyOutcome(uuid, code);
    const deliveries = await sandbox.deliveredPayloads(uuid);
    assert.equal(deliveries.length % 3, 0);
    await kit.idle();
    assert.deepEqual(
      results.map((status) => status.state),
      [state],
    );
  });
}

test('an end that the authoritative read contradicts is not acted on', async () => {
  const { uuid, results, errors, kit, deliver } = await hostSendingWebhooksTo('/sink', { tuning: { retryDelaysMs: [] } });
  const forged = { ...pendingPayload(uuid), active: false, complete: true };
  assert.equal((await deliver(forged)).status, 204);
  await kit.idle();
  assert.deepEqual(results, []);
  assert.match(String(errors[0]), /authoritative reads? say it is pending/);
});

test('a delivery for a uuid this host did not create is acknowledged and dropped, with no provider read', async () => {
  const { results, kit, deliver, counter } = await hostSendingWebhooksTo('/sink');
  const readsBefore = counter.transactionReads();
  assert.equal((await deliver({ ...pendingPayload(crypto.randomUUID()), active: false, complete: true })).status, 204);
  await kit.idle();
  assert.equal(counter.transactionReads(), readsBefore);
  assert.deepEqual(results, []);
});

test('with a secret, a delivery signed with HMAC-SHA256 of its raw body is accepted', async () => {
  const { uuid, results, kit, url } = await hostSendingWebhooksTo('/sink', { secret: 'shared-secret' });
  await sandbox.succeed(uuid);
  const [end] = (await sandbox.deliveredPayloads(uuid)).filter((payload) => !payload.active);
  const body = JSON.stringify(end);
  const signature = await signWebhookBody('shared-secret', body);
  const response = await fetch(`${url}/kyc/webhook`, { method: 'POST', headers: { ...JSON_TYPE, 'x-kyc-signature': signature }, body });
  assert.equal(response.status, 204);
  await kit.idle();
  assert.deepEqual(
    results.map((status) => status.state),
    ['successful'],
  );
});

test('with a replay tolerance, a signed delivery whose updated_at is within it is accepted', async () => {
  const { uuid, url } = await hostSendingWebhooksTo('/sink', { secret: 'shared-secret', replayToleranceMs: 300_000 });
  const body = JSON.stringify({ ...pendingPayload(uuid), updated_at: new Date(Date.now() - 60_000).toISOString() });
  const signature = await signWebhookBody('shared-secret', body);
  const response = await fetch(`${url}/kyc/webhook`, { method: 'POST', headers: { ...JSON_TYPE, 'x-kyc-signature': signature }, body });
  assert.equal(response.status, 204);
});

test('a signed delivery that comes again is answered 204 without a second read; a delivery whose handling failed is not taken for one', async () => {
  const { uuid, url, counter, kit } = await hostSendingWebhooksTo('/sink', { secret: 'shared-secret', replayToleranceMs: 300_000 });
  // Streamed, so that a step's delivery is worth a read at once.
  const events = closeAfterTest(await openStream(`${url}/kyc/status/${uuid}`, {}));
  await events.next('status');
  const body = JSON.stringify({ ...pendingPayload(uuid), updated_at: new Date().toISOString() });
  const headers = { ...JSON_TYPE, 'x-kyc-signature': await signWebhookBody('shared-secret', body) };
  const deliver = () => fetch(`${url}/kyc/webhook`, { method: 'POST', headers, body });
  await pastReadBudget();
  const readsBefore = counter.transactionReads();
  assert.equal((await deliver()).status, 204);
  await kit.idle();
  assert.equal(counter.transactionReads(), readsBefore + 1, 'the step was read');
  await pastReadBudget();
  for (let replay = 0; replay < 3; replay++) assert.equal((await deliver()).status, 204);
  await kit.idle();
  assert.equal(counter.transactionReads(), readsBefore + 1, 'no read for the replays');
});

test("the signature may come in a header of the integrator's choosing, as sha256=<base64>", async () => {
  const { uuid, url } = await hostSendingWebhooksTo('/sink', { secret: 'shared-secret', signatureHeader: 'x-signature' });
  const body = JSON.stringify(pendingPayload(uuid));
  const base64 = Buffer.from(await signWebhookBody('shared-secret', body), 'hex').toString('base64');
  const response = await fetch(`${url}/kyc/webhook`, {
    method: 'POST',
    headers: { ...JSON_TYPE, 'x-signature': `sha256=${base64}` },
    body,
  });
  assert.equal(response.status, 204);
});

test('with a secret, a wrong or missing signature answers 401 and nothing is processed', async () => {
  const { uuid, results, kit, deliver, counter } = await hostSendingWebhooksTo('/sink', { secret: 'shared-secret' });
  const readsBefore = counter.transactionReads();
  const payload = { ...pendingPayload(uuid), active: false, complete: true };
  const wrong = await signWebhookBody('another-secret', JSON.stringify(payload));
  assert.equal((await deliver(payload, { 'x-kyc-signature': wrong })).status, 401);
  assert.equal((await deliver(payload, { 'x-kyc-signature': 'not hex at all' })).status, 401);
  assert.equal((await deliver(payload)).status, 401);
  await kit.idle();
  assert.equal(counter.transactionReads(), readsBefore);
  assert.deepEqual(results, []);
});

test('a body over the limit answers 413, whether its length is declared or streamed', async () => {
  const { url, uuid } = await hostSendingWebhooksTo('/sink', { tuning: { maxBodyBytes: 1024 } });
  const oversize = JSON.stringify({ ...pendingPayload(uuid), padding: 'x'.repeat(2000) });
  assert.equal((await fetch(`${url}/kyc/webhook`, { method: 'POST', headers: JSON_TYPE, body: oversize })).status, 413);
  const stream = new ReadableStream({
    start(controller) {
      for (let i = 0; i < 4; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(500)));
      controller.close();
    },
  });
  const streamed = await fetch(`${url}/kyc/webhook`, { method: 'POST', headers: JSON_TYPE, body: stream, duplex: 'half' } as RequestInit);
  assert.equal(streamed.status, 413);
});

test('a body that is not a §2.7 payload answers 400', async () => {
  const { url, uuid, deliver } = await hostSendingWebhooksTo('/sink');
  assert.equal((await fetch(`${url}/kyc/webhook`, { method: 'POST', headers: JSON_TYPE, body: '{not json' })).status, 400);
  const { complete: _, ...withoutComplete } = pendingPayload(uuid);
  assert.equal((await deliver(withoutComplete)).status, 400);
  assert.equal((await deliver({ ...pendingPayload(uuid), uuid: 'not-a-uuid' })).status, 400);
  assert.equal((await deliver({ ...pendingPayload(uuid), complete: true })).status, 400, 'active and complete: no state of §3');
});

test('anything but POST answers 405', async () => {
  const { url } = await hostSendingWebhooksTo('/sink');
  assert.equal((await fetch(`${url}/kyc/webhook`)).status, 405);
});

test('an onResult that throws is retried with backoff until it succeeds, and never called after', async () => {
  let calls = 0;
  const { uuid, kit, deliver } = await hostSendingWebhooksTo('/sink', {
    onResult: () => {
      calls++;
      if (calls === 1) throw new Error('the database is down');
    },
    onError: () => {},
    tuning: { retryDelaysMs: [50] },
  });
  await sandbox.succeed(uuid);
  const end = (await sandbox.deliveredPayloads(uuid)).find((payload) => !payload.active)!;
  await deliver(end);
  await kit.idle();
  assert.equal(calls, 2, 'retried once after the failure');
  await deliver(end);
  await kit.idle();
  assert.equal(calls, 2, 'not called again once it succeeded');
});

/** A host whose provider reads fail while `down` is set; webhooks go to the sink, for the test to replay. */
async function hostWithFlakyProvider(webhookOptions: Partial<KycKitOptions> = {}) {
  const provider = { down: false };
  const counter = countingFetch((input, init) =>
    provider.down && new URL(String(input)).pathname.startsWith('/v1/transactions/') && (init?.method ?? 'GET') === 'GET'
      ? Promise.reject(new TypeError('fetch failed'))
      : fetch(input, init),
  );
  const results: TransactionStatus[] = [];
  let url = '';
  const host = await start({
    client: sandboxClient(sandbox.url, { fetch: counter.fetch }),
    buildRequest: () => createRequestWithoutId({ webhook: `${url}/sink`, metadata: { nin: NIN } }),
    onResult: (status) => void results.push(status),
    onError: () => {},
    ...webhookOptions,
  });
  url = host.url;
  const { body } = await host.startSession();
  await sandbox.succeed(body.uuid);
  const end = (await sandbox.deliveredPayloads(body.uuid)).find((payload) => !payload.active)!;
  return { ...host, uuid: body.uuid, end, provider, results, counter };
}

test('a confirmation that fails is tried again on its own: the service delivers only once', async () => {
  const { end, provider, results, kit, url } = await hostWithFlakyProvider({ tuning: { retryDelaysMs: [100, 100] } });
  provider.down = true;
  await postJson(`${url}/kyc/webhook`, end);
  setTimeout(() => (provider.down = false), 50);
  await kit.idle();
  assert.deepEqual(
    results.map((status) => status.state),
    ['successful'],
  );
});

test('a poll that finds the end calls onResult when no webhook came', async () => {
  const { uuid, results, poll, kit } = await hostWithFlakyProvider();
  await pastReadBudget();
  assert.equal(((await (await poll(uuid)).json()) as TransactionStatus).state, 'successful');
  await kit.idle();
  assert.deepEqual(uuidsOf(results), [uuid]);
});

test('forged ends posted in one second make one provider read, however many', async () => {
  // The kit's clock stands still: every delivery lands within the same second of the read budget.
  const frozen = Date.now();
  const { uuid, kit, counter, url } = await hostSendingWebhooksTo('/sink', {
    tuning: { retryDelaysMs: [] },
    onError: () => {},
    now: () => frozen,
  });
  const readsBefore = counter.transactionReads();
  const forged = { ...pendingPayload(uuid), active: false, complete: true };
  await Promise.all(Array.from({ length: 20 }, () => postJson(`${url}/kyc/webhook`, forged)));
  await kit.idle();
  assert.equal(counter.transactionReads() - readsBefore, 1);
});

test('answers 204 before onResult has finished', { timeout: 5_000 }, async () => {
  let finish: (() => void) | undefined;
  const finished: string[] = [];
  const { uuid, deliver, kit } = await hostSendingWebhooksTo('/sink', {
    onResult: (status) => new Promise<void>((resolve) => (finish = resolve)).then(() => void finished.push(status.uuid)),
  });
  await sandbox.succeed(uuid);
  const end = (await sandbox.deliveredPayloads(uuid)).find((payload) => !payload.active)!;
  assert.equal((await deliver(end)).status, 204);
  assert.deepEqual(finished, []);
  await waitFor(() => finish !== undefined);
  finish!();
  await kit.idle();
  assert.deepEqual(finished, [uuid]);
});

test('an onError that throws does not become an unhandled rejection', async () => {
  const unhandled: unknown[] = [];
  const listener = (reason: unknown) => void unhandled.push(reason);
  process.on('unhandledRejection', listener);
  try {
    const { uuid, kit, deliver } = await hostSendingWebhooksTo('/sink', {
      onResult: failOnce(),
      onError: () => {
        throw new Error('the logger is down too');
      },
      tuning: { retryDelaysMs: [10] },
    });
    await sandbox.succeed(uuid);
    await deliver((await sandbox.deliveredPayloads(uuid)).find((payload) => !payload.active)!);
    await kit.idle();
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(unhandled, []);
  } finally {
    process.off('unhandledRejection', listener);
  }
});

const kitOf = (options: Partial<KycKitOptions> = {}) =>
  createKycKit({
    client: sandboxClient(sandbox.url),
    buildRequest: () => createRequestWithoutId(),
    onResult: () => {},
    tuning: { sweepIntervalMs: 0 },
    ...options,
  });

test('a body the client stops sending answers 400', async () => {
  const handler = kitOf().webhook;
  const body = new ReadableStream({ pull: (controller) => controller.error(new Error('client aborted')) });
  const response = await handler(
    new Request('http://host.example/kyc/webhook', { method: 'POST', headers: JSON_TYPE, body, duplex: 'half' } as RequestInit),
  );
  assert.equal(response.status, 400);
});

test('an empty secret is a configuration error, not signature checking turned off', () => {
  assert.throws(() => kitOf({ secret: '' }), /secret is empty/);
});

test("a replay tolerance without a secret is a configuration error: an unsigned updated_at is anyone's to write", () => {
  assert.throws(() => kitOf({ replayToleranceMs: 300_000 }), /needs a secret/);
});

test('an onResult that throws is reported to onError once per attempt, not once per path that found the end', async () => {
  const errors: unknown[] = [];
  const { uuid, kit, deliver, poll } = await hostSendingWebhooksTo('/sink', {
    onResult: failOnce(),
    onError: (error) => void errors.push(error),
    tuning: { retryDelaysMs: [200] },
  });
  await sandbox.succeed(uuid);
  await deliver((await sandbox.deliveredPayloads(uuid)).find((payload) => !payload.active)!);
  await poll(uuid);
  await kit.idle();
  assert.deepEqual(
    errors.map((error) => (error as Error).message),
    ['the database is down'],
  );
});

/** An onResult that throws on its first call only. */
function failOnce() {
  let calls = 0;
  return () => {
    if (calls++ === 0) throw new Error('the database is down');
  };
}

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}
