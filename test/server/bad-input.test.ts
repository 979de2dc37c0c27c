/**
 * The kit under hostile or broken input: what a stranger, a confused neighbour on the same Redis,
 * or a failing service can send it. Each test names the input and what the kit does with it.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { inspect } from 'node:util';
import { Redis } from 'ioredis';
import { KycConfigurationError, MemoryStore, signWebhookBody, type Store } from '../../src/server/index.js';
import { RedisStore } from '../../src/server/redis/index.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';
import { countingFetch, ownerFromHeader, pendingPayload, postJson, sandboxClient, useHost } from './harness.js';
import { openStream } from './sse-client.js';

const { sandbox, start, closeAfterTest } = useHost();

let redis: RedisServer;
let publisher: Redis;
before(async () => {
  redis = await startRedisServer();
  publisher = new Redis(redis.url);
});
after(async () => {
  await publisher.quit();
  await redis.stop();
});

/** What onError received: each error with the context the kit gave it. */
function errorLog() {
  const entries: { error: unknown; context: { handler?: string; uuid?: string } | undefined }[] = [];
  // The kit's note on its setup (a loopback host: the handoff's short link off) is not a failure of the input.
  const onError = (error: unknown, context?: { handler?: string; uuid?: string }) => {
    if (!(error instanceof KycConfigurationError)) entries.push({ error, context });
  };
  /** How many failures the entries stand for: one each, and a summary the count it gives. */
  const failures = () => entries.reduce((sum, { error }) => sum + ((error as { count?: number }).count ?? 1), 0);
  return { entries, onError, failures };
}

/** `store`, with every call recorded by method name and arguments. */
function recording(store: Store) {
  const calls: { method: string; args: unknown[] }[] = [];
  const proxy = new Proxy(store, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push({ method: String(property), args });
        return (value as (...args: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { store: proxy, calls };
}

const waitFor = async (condition: () => boolean, what: string) => {
  for (let attempt = 0; attempt < 200 && !condition(); attempt++) await new Promise((resolve) => setTimeout(resolve, 25));
  assert.ok(condition(), what);
};

test('garbage published on the store status channel is reported once, ignored, and the kit keeps serving', async () => {
  const prefix = `bad-input-${crypto.randomUUID()}:`;
  const store = new RedisStore({ url: redis.url, prefix });
  const log = errorLog();
  const host = await start({ store, owner: ownerFromHeader, onError: log.onError });
  const { body } = await host.startSession();
  const events = closeAfterTest(await openStream(`${host.url}/kyc/status/${body.uuid}`, { 'x-user': 'alice' }));
  await events.next('status');
  const channel = `${prefix}statuses`;
  // PUBLISH answers how many subscribers got the message: the first is sent until the kit's subscription has started.
  let delivered = 0;
  while (!(delivered += await publisher.publish(channel, 'not json'))) await new Promise((resolve) => setTimeout(resolve, 20));
  for (const message of ['null', '{"uuid":42}', JSON.stringify({ uuid: body.uuid, cached: { status: 'x', fetchedAt: 'y' } })])
    delivered += await publisher.publish(channel, message);
  await waitFor(() => log.failures() === delivered, 'every bad message accounted for');
  assert.equal((await host.poll(body.uuid)).status, 200);
  assert.equal(log.entries[0]?.context?.handler, 'store');
  assert.match(String(log.entries[0]?.error), /statuses/);
  assert.equal(log.entries.length, 2, 'the first bad message, then one summary of the others');
  events.close();
  await store.close();
});

test('a webhook delivery that is not application/json answers 415 and is not processed', async () => {
  const { store, calls } = recording(new MemoryStore());
  const host = await start({ store });
  const { body } = await host.startSession();
  const before = calls.length;
  const answer = await fetch(`${host.url}/kyc/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify({ ...pendingPayload(body.uuid), active: false, complete: true }),
  });
  assert.equal(answer.status, 415);
  assert.equal(calls.length, before, 'no store call');
});

test('a signed delivery replayed outside the replay tolerance answers 401', async () => {
  const host = await start({ secret: 'shared-secret', replayToleranceMs: 300_000 });
  const { body } = await host.startSession();
  const captured = JSON.stringify({ ...pendingPayload(body.uuid), updated_at: new Date(Date.now() - 3_600_000).toISOString() });
  const signature = await signWebhookBody('shared-secret', captured);
  const answer = await fetch(`${host.url}/kyc/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-kyc-signature': signature },
    body: captured,
  });
  assert.equal(answer.status, 401);
});

test('a forged pending delivery (no secret set) slows its stream for no longer than the 10 s safety net', async () => {
  const { store, calls } = recording(new MemoryStore());
  const host = await start({ store });
  const { body } = await host.startSession();
  assert.equal((await postJson(`${host.url}/kyc/webhook`, pendingPayload(body.uuid))).status, 204);
  const mark = calls.find(({ args }) => args.some((arg) => typeof arg === 'string' && arg.includes('webhooked')));
  assert.ok(mark, 'the delivery marked the transaction');
  assert.ok((mark.args.at(-1) as number) <= 10_000, `the mark lasts ${String(mark.args.at(-1))} ms`);
});

test('200 forged pending deliveries for a streamed transaction start one confirmation, not 200', async () => {
  const { store, calls } = recording(new MemoryStore());
  const host = await start({ store, owner: ownerFromHeader });
  const { body } = await host.startSession();
  const events = closeAfterTest(await openStream(`${host.url}/kyc/status/${body.uuid}`, { 'x-user': 'alice' }));
  await events.next('status');
  const before = calls.filter(({ method }) => method === 'getStatus').length;
  const answers = await Promise.all(Array.from({ length: 200 }, () => postJson(`${host.url}/kyc/webhook`, pendingPayload(body.uuid))));
  assert.ok(answers.every((answer) => answer.status === 204));
  await host.kit.idle();
  const statusReads = calls.filter(({ method }) => method === 'getStatus').length - before;
  // One confirmation waits for the read lease in steps of 50 ms; 200 would each read the store at least once.
  assert.ok(statusReads < 200, `${statusReads} store reads of the status`);
  events.close();
});

/** A client of the sandbox whose transaction reads answer 503 while `down` is set; it keeps the tokens it was issued. */
function clientWithOutage() {
  const service = { down: false, tokens: [] as string[] };
  const counter = countingFetch(async (input, init) => {
    const url = new URL(String(input));
    if (service.down && url.pathname.startsWith('/v1/transactions'))
      return new Response(JSON.stringify({ code: 503, resource: 'Transaction', message: 'Unavailable', errors: null }), { status: 503 });
    const answer = await fetch(input, init);
    if (url.pathname.includes('/oauth/token/'))
      service.tokens.push(((await answer.clone().json()) as { access_token: string }).access_token);
    return answer;
  });
  return { service, client: sandboxClient(sandbox.url, { fetch: counter.fetch }) };
}

test('a 503 burst from the service reaches onError as a few lines naming the status handler and the uuid, without secret or token', async () => {
  const { service, client } = clientWithOutage();
  const log = errorLog();
  const host = await start({ client, onError: log.onError, tuning: { staleForMs: 0 } });
  const uuids = await Promise.all(Array.from({ length: 5 }, async () => (await host.startSession()).body.uuid));
  service.down = true;
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const answers = await Promise.all(uuids.flatMap((uuid) => Array.from({ length: 20 }, () => host.poll(uuid))));
  assert.deepEqual(new Set(answers.map((answer) => answer.status)), new Set([502]));
  await waitFor(() => log.failures() === 100, 'every failed poll accounted for');
  assert.ok(log.entries.length <= 5, `${log.entries.length} onError calls`);
  assert.ok(log.entries.every(({ context }) => context?.handler === 'status'));
  assert.ok(uuids.includes(log.entries[0]!.context!.uuid!));
  const written = inspect(log.entries, { depth: 10 });
  for (const secret of ['sandbox-secret', ...service.tokens]) assert.ok(!written.includes(secret), 'no secret or token');
});

test('a create refused with 503 reaches onError naming the session handler', async () => {
  const log = errorLog();
  const counter = countingFetch((input, init) =>
    new URL(String(input)).pathname.startsWith('/v1/transactions')
      ? Promise.resolve(new Response('', { status: 503 }))
      : fetch(input, init),
  );
  const host = await start({ client: sandboxClient(sandbox.url, { fetch: counter.fetch }), onError: log.onError });
  assert.equal((await host.startSession()).response.status, 502);
  assert.equal(log.entries[0]?.context?.handler, 'session');
});

test('a store outage that answers polls 503 reaches onError naming the status handler', async () => {
  const memory = new MemoryStore();
  const store = new Proxy(memory, {
    get: (target, property) =>
      property === 'getCreated' ? () => Promise.reject(new Error('redis is down')) : Reflect.get(target, property).bind?.(target),
  });
  const log = errorLog();
  const host = await start({ store, onError: log.onError });
  const uuid = crypto.randomUUID();
  assert.equal((await host.poll(uuid)).status, 503);
  await waitFor(() => log.entries.length > 0, 'reported');
  assert.equal(log.entries[0]?.context?.handler, 'status');
  assert.equal(log.entries[0]?.context?.uuid, uuid);
});
