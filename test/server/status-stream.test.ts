import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TransactionStatus } from '../../src/server/index.js';
import {
  countingFetch,
  createRequestWithoutId,
  ownerFromHeader,
  pastReadBudget,
  pendingPayload,
  postJson,
  sandboxClient,
  useHost,
  type HostOptions,
} from './harness.js';
import { openStream } from './sse-client.js';

const { sandbox, start, closeAfterTest } = useHost();

async function hostWithSession(options: Partial<HostOptions> = {}) {
  const host = await start({ owner: ownerFromHeader, ...options });
  const { body } = await host.startSession();
  const statusUrl = `${host.url}/kyc/status/${body.uuid}`;
  return {
    ...host,
    uuid: body.uuid,
    statusUrl,
    // Every stream a test opens is closed after it whatever happened, so that the host can close.
    stream: async (headers: Record<string, string> = {}) => closeAfterTest(await openStream(statusUrl, { 'x-user': 'alice', ...headers })),
  };
}

const statusOf = (event: { data: string }) => JSON.parse(event.data) as TransactionStatus;

test('answers the current status at once, as a status event whose id is its version (its ETag)', async () => {
  const { stream, poll, uuid } = await hostWithSession();
  const events = await stream();
  const first = await events.next('status');
  assert.equal(statusOf(first).uuid, uuid);
  assert.equal(statusOf(first).state, 'pending');
  assert.equal(`"${first.id}"`, (await poll(uuid)).headers.get('etag'));
  events.close();
});

test('says in each status event that it streams (stream: true), as the session and status answers do', async () => {
  const { stream } = await hostWithSession();
  const events = await stream();
  assert.equal(statusOf(await events.next('status')).stream, true);
  events.close();
});

test('offers the stream with the headers that keep proxies from buffering it and every cache from keeping it', async () => {
  const { stream } = await hostWithSession();
  const events = await stream();
  assert.equal(events.response.status, 200);
  assert.equal(events.response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
  assert.equal(events.response.headers.get('cache-control'), 'private, no-store, no-transform');
  assert.equal(events.response.headers.get('x-accel-buffering'), 'no');
  events.close();
});

test('sends each change of step, then the end, then closes the stream', async () => {
  const { stream, uuid } = await hostWithSession();
  const events = await stream();
  await events.next('status');
  await sandbox.applyOutcome(uuid, '002');
  assert.equal(statusOf(await events.next('status')).step, 'Capture_credential_Ok');
  await sandbox.applyOutcome(uuid, '012');
  const steps: TransactionStatus[] = [];
  for (let status = statusOf(await events.next('status')); ; status = statusOf(await events.next('status'))) {
    steps.push(status);
    if (status.state !== 'pending') break;
  }
  assert.equal(steps.at(-1)!.state, 'successful');
  await events.ended;
});

test('sends a heartbeat event while nothing changes', async () => {
  const { stream } = await hostWithSession({ tuning: { streamHeartbeatMs: 100 } });
  const events = await stream();
  await events.next('status');
  await events.next('ping');
  await events.next('ping');
  events.close();
});

test("one stream's heartbeat goes on when another stream of the process closes (one timer beats for all)", async () => {
  const { stream } = await hostWithSession({ tuning: { streamHeartbeatMs: 100 } });
  const [staying, leaving] = [await stream(), await stream()];
  await leaving.next('ping');
  leaving.close();
  await leaving.ended;
  const pingsBefore = staying.seen('ping').length;
  await staying.next('ping');
  while (staying.seen('ping').length < pingsBefore + 3) await staying.next('ping');
  staying.close();
});

test('a stream hears its first ping a whole heartbeat after it opened, whatever other streams the process holds', async () => {
  const heartbeatMs = 800;
  const { stream } = await hostWithSession({ tuning: { streamHeartbeatMs: heartbeatMs } });
  const earlier = await stream();
  await earlier.next('ping');
  // One sixteenth of the interval later: the process's timer is mid-interval when the next stream opens.
  await new Promise((resolve) => setTimeout(resolve, heartbeatMs / 16));
  const opening = performance.now();
  const later = await stream();
  await later.next('status');
  await later.next('ping');
  // The heartbeat's slices may put the first ping up to one sixteenth of the interval early, never sooner.
  assert.ok(performance.now() - opening >= heartbeatMs - heartbeatMs / 16);
  earlier.close();
  later.close();
});

test('a reconnection naming the current version gets no repeat, and the next change', async () => {
  const { stream, uuid } = await hostWithSession({ tuning: { streamHeartbeatMs: 100 } });
  const first = await stream();
  const current = await first.next('status');
  first.close();
  const resumed = await stream({ 'last-event-id': current.id! });
  // Two heartbeats and no status between them: nothing was repeated.
  await resumed.next('ping');
  await resumed.next('ping');
  assert.deepEqual(resumed.seen('status'), []);
  await sandbox.applyOutcome(uuid, '002');
  assert.equal(statusOf(await resumed.next('status')).step, 'Capture_credential_Ok');
  resumed.close();
});

test("another caller's stream is 404, as its poll is", async () => {
  const { statusUrl } = await hostWithSession();
  const answer = await fetch(statusUrl, { headers: { accept: 'text/event-stream', 'x-user': 'mallory' } });
  assert.equal(answer.status, 404);
});

test('more streams of one transaction than the limit answer 429', async () => {
  const { stream } = await hostWithSession({ tuning: { maxStreamsPerTransaction: 2 } });
  const open = [await stream(), await stream()];
  const third = await stream();
  assert.equal(third.response.status, 429);
  for (const events of open) events.close();
});

/** A `clientAddress` that holds the first stream it is asked about until `release()`: that answer is still being made. */
function heldAddress() {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = () => {};
  const firstAsked = new Promise<void>((resolve) => (asked = resolve));
  let streams = 0;
  const clientAddress = async (request: Request) => {
    if (request.headers.get('accept') === 'text/event-stream' && streams++ === 0) {
      asked();
      await held;
    }
    return '203.0.113.7';
  };
  return { clientAddress, firstAsked, release };
}

test('a client that leaves while its stream is being answered frees it: on the Node adapter', async () => {
  const { clientAddress, firstAsked, release } = heldAddress();
  const { statusUrl, stream, kit } = await hostWithSession({ clientAddress, tuning: { maxStreamsPerTransaction: 1 } });
  const leaving = new AbortController();
  const gone = fetch(statusUrl, { headers: { accept: 'text/event-stream', 'x-user': 'alice' }, signal: leaving.signal }).catch(() => null);
  await firstAsked;
  leaving.abort();
  await gone;
  // The server has seen the connection close before it answers.
  await new Promise((resolve) => setTimeout(resolve, 100));
  release();
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal(kit.openStreams, 0);
  const next = await stream();
  assert.equal(next.response.status, 200);
  next.close();
});

test('a client that leaves while its stream is being answered frees it: on the Fetch handler', async () => {
  const { clientAddress, firstAsked, release } = heldAddress();
  const { statusUrl, kit } = await hostWithSession({ clientAddress, tuning: { maxStreamsPerTransaction: 1 } });
  const leaving = new AbortController();
  const answering = kit.status(
    new Request(statusUrl, { headers: { accept: 'text/event-stream', 'x-user': 'alice' }, signal: leaving.signal }),
  );
  await firstAsked;
  leaving.abort();
  release();
  assert.equal((await answering).status, 200);
  assert.equal(kit.openStreams, 0);
});

test('a client that goes away frees its stream and its slot under the limit', async () => {
  const { stream, kit } = await hostWithSession();
  const events = await stream();
  await events.next('status');
  assert.equal(kit.openStreams, 1);
  events.close();
  for (let wait = 0; wait < 100 && kit.openStreams; wait++) await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(kit.openStreams, 0);
  // A slot freed: the limit counts only open streams.
  const again = await stream();
  assert.equal(again.response.status, 200);
  again.close();
});

test('an ended transaction streams its end and closes at once', async () => {
  const { stream, uuid } = await hostWithSession();
  await sandbox.succeed(uuid);
  await pastReadBudget();
  const events = await stream();
  assert.equal(statusOf(await events.next('status')).state, 'successful');
  await events.ended;
});

test("once every step's webhook reaches the kit, a stream no longer reads its transaction every second", async () => {
  const counter = countingFetch();
  const { stream, uuid, url } = await hostWithSession({ client: sandboxClient(sandbox.url, { fetch: counter.fetch }) });
  const events = await stream();
  await events.next('status');
  // A pending delivery: the service sends those only with every step's webhook.
  assert.equal((await postJson(`${url}/kyc/webhook`, pendingPayload(uuid))).status, 204);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const before = counter.transactionReads();
  // Three follower ticks: without webhooks, each would read.
  await new Promise((resolve) => setTimeout(resolve, 3_300));
  events.close();
  assert.equal(counter.transactionReads() - before, 0);
});

test("once another transaction's step webhook has reached the kit, a stream that asked for them is not read every second: its first step comes by its webhook's one read", async () => {
  const counter = countingFetch();
  const host = { url: '' };
  const started = await start({
    owner: ownerFromHeader,
    client: sandboxClient(sandbox.url, { fetch: counter.fetch }),
    buildRequest: () => createRequestWithoutId({ webhook: `${host.url}/kyc/webhook` }),
  });
  host.url = started.url;
  const first = (await started.startSession('alice')).body.uuid;
  await sandbox.applyOutcome(first, '002');
  await sandbox.deliveredPayloads(first);
  const { uuid } = (await started.startSession('bob')).body;
  const events = closeAfterTest(await openStream(`${host.url}/kyc/status/${uuid}`, { 'x-user': 'bob' }));
  assert.equal(statusOf(await events.next('status')).step, 'Session_start');
  const before = counter.transactionReads();
  // Two follower ticks: without webhooks, each would read.
  await new Promise((resolve) => setTimeout(resolve, 2_200));
  assert.equal(counter.transactionReads(), before);
  await sandbox.applyOutcome(uuid, '002');
  assert.equal(statusOf(await events.next('status')).step, 'Capture_credential_Ok');
  assert.equal(counter.transactionReads(), before + 1);
});
