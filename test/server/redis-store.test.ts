import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { Cluster, Redis } from 'ioredis';
import { RedisStore } from '../../src/server/redis/index.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';
import { cached, storeContract } from './store-contract.js';
import type { CachedStatus } from '../../src/server/state/store.js';

let server: RedisServer;
let client: Redis;
let stores = 0;
/** A store of its own for each test: same Redis, its own prefix. */
const freshStore = (): RedisStore => new RedisStore({ client, prefix: `test-${++stores}:` });

before(async () => {
  server = await startRedisServer();
  client = new Redis(server.url);
});

after(async () => {
  await client.quit();
  await server.stop();
});

storeContract(freshStore);

test('gives every key it writes a TTL, under its prefix', async () => {
  const store = freshStore();
  await store.saveCreated({ uuid: 'u', transactionId: 't', owner: null }, 60_000);
  await store.writeStatus('u', cached('pending', 1), 60_000);
  await store.acquire('read:u', 'p1', 60_000);
  await store.setShared('token', 'abc', 60_000);
  await store.setMark('watched', 'u', 60_000);
  await store.enqueueJob('j', 60_000);
  await store.takeJob('j', 'p1', 1_000);
  await store.enqueueJob('k', 60_000);
  await store.takeJob('k', 'p1', 1_000);
  await store.finishJob('k', 'p1', 60_000);
  await store.reserveSession('alice', 'place', 3, 60_000);
  await store.confirmSession('alice', 'place', { uuid: 'u', key: '', link: 'l' }, 60_000, 60_000);
  await store.follow('u', 0, 60_000);
  await store.hit('budget', 5, 60_000);
  const keys = await client.keys(`test-${stores}:*`);
  assert.equal(keys.length, 12, keys.join(', '));
  for (const key of keys) assert.ok((await client.pttl(key)) > 0, `${key} has a TTL`);
});

test('keeps in its due index only the jobs that may run again', async () => {
  const store = freshStore();
  for (const key of ['done', 'dropped', 'expiring', 'kept']) await store.enqueueJob(key, key === 'expiring' ? 100 : 60_000);
  for (const key of ['done', 'dropped']) await store.takeJob(key, 'p1', 60_000);
  await store.finishJob('done', 'p1', 60_000);
  await store.dropJob('dropped', 'p1');
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.deepEqual(await store.dueJobs(10), ['kept']);
  assert.deepEqual(await client.zrange(`test-${stores}:jobs:due`, '0', '-1'), ['kept']);
});

test('by default, keeps its keys under the hash-tagged prefix {kyc-verify}:, one Cluster slot', async () => {
  await new RedisStore({ client }).saveCreated({ uuid: 'default-prefix', transactionId: 't', owner: null }, 60_000);
  assert.deepEqual(await client.keys('*default-prefix'), ['{kyc-verify}:created:default-prefix']);
});

test('refuses a Cluster client with a prefix that is not hash-tagged: its scripts would fail with CROSSSLOT', () => {
  const cluster = new Cluster([{ host: '127.0.0.1', port: server.port }], { lazyConnect: true });
  assert.throws(() => new RedisStore({ client: cluster, prefix: 'kyc-verify-prod:' }), /hash-tagged, such as '\{kyc-verify-prod\}:'/);
  assert.throws(() => new RedisStore({ client: cluster, prefix: '{}kyc:' }), TypeError);
  assert.ok(new RedisStore({ client: cluster, prefix: '{kyc-verify-prod}:' }));
  cluster.disconnect();
});

test('leaves a client passed in open when closed', async () => {
  await freshStore().close();
  assert.equal(await client.ping(), 'PONG');
});

test('keeps writeStatus atomic across processes: an end stays, and no process sees the status go back', async () => {
  const prefix = `test-${++stores}:`;
  const writers = [writer(prefix, 0, -1), writer(prefix, 1, 900)];
  for (const { ready } of writers) await ready;
  for (const { child } of writers) child.stdin.end('go\n');
  const end = { state: 'successful', fetchedAt: 1 + 2 * 900 };
  for (const { returned } of writers) {
    const seen = await returned;
    seen.forEach((now, i) => {
      const before = seen[i - 1];
      if (!before) return;
      if (before.state !== 'pending') assert.deepEqual(now, end, `write ${i} returned ${JSON.stringify(now)} after the end`);
      else if (now.state === 'pending')
        assert.ok(now.fetchedAt >= before.fetchedAt, `write ${i} went back from ${before.fetchedAt} to ${now.fetchedAt}`);
    });
  }
  const stored = await new RedisStore({ client, prefix }).getStatus('u');
  assert.deepEqual(stored && { state: stored.status.state, fetchedAt: stored.fetchedAt }, end);
});

test('reads a created record and a status once while nothing writes them: a poll then costs no round trip', async () => {
  const prefix = `test-${++stores}:`;
  const counting = new Redis(server.url);
  let sent = 0;
  const send = counting.sendCommand.bind(counting);
  counting.sendCommand = (...args) => (sent++, send(...args));
  const reader = new RedisStore({ client: counting, prefix });
  try {
    const writer = new RedisStore({ client, prefix });
    await writer.saveCreated({ uuid: 'u', transactionId: 't', owner: 'alice' }, 60_000);
    await writer.writeStatus('u', cached('pending', 1), 60_000);
    // Kept once the store hears the fleet's writes (its subscriber is subscribed): the first reads may come before.
    await eventually(async () => {
      const before = sent;
      await Promise.all([reader.getCreated('u'), reader.getStatus('u')]);
      return sent === before;
    }, 'both read from the near cache');
    const before = sent;
    for (let poll = 0; poll < 10; poll++) {
      assert.equal((await reader.getCreated('u'))?.owner, 'alice');
      assert.equal((await reader.getStatus('u'))?.fetchedAt, 1);
    }
    assert.equal(sent, before);
    // Another process's write reaches this one's near cache in its message: no read.
    await writer.writeStatus('u', cached('pending', 2), 60_000);
    await eventually(async () => (await reader.getStatus('u'))?.fetchedAt === 2, "the other store's write");
    assert.equal(sent, before);
    await reader.writeStatus('u', cached('successful', 3), 60_000);
    assert.equal((await reader.getStatus('u'))?.status.state, 'successful', 'its own write read back at once');
  } finally {
    await reader.close();
    await counting.quit();
  }
});

test("tells each status it writes on its written channel, in the same step as the write: every process's near cache takes it", async () => {
  const prefix = `test-${++stores}:`;
  const listener = new Redis(server.url);
  try {
    const heard: string[] = [];
    listener.on('message', (_channel: string, message: string) => {
      const { uuid, cached: written } = JSON.parse(message) as { uuid: string; cached: CachedStatus };
      heard.push(`${uuid}:${written.status.state}:${written.fetchedAt}`);
    });
    await listener.subscribe(`${prefix}written`);
    const store = new RedisStore({ client, prefix });
    await store.writeStatus('u', cached('pending', 2), 60_000);
    await store.writeStatus('u', cached('pending', 1), 60_000); // older: not written, not named
    await store.writeStatus('v', cached('successful', 1), 60_000);
    await eventually(() => heard.length >= 2, 'two writes heard');
    assert.deepEqual(heard, ['u:pending:2', 'v:successful:1']);
  } finally {
    await listener.quit();
  }
});

/** Waits, polling, for `condition`, up to a generous bound. */
async function eventually(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (const started = Date.now(); !(await condition()); await new Promise((resolve) => setTimeout(resolve, 10))) {
    if (Date.now() - started > 10_000) assert.fail(`not within 10 s: ${what}`);
  }
}

/** A status-writer process (test/support/status-writer.ts) doing 1000 writes once told to go. */
function writer(prefix: string, offset: number, endAt: number) {
  const args = ['--import', 'tsx', 'test/support/status-writer.ts', server.url, prefix, String(offset), '1000', String(endAt)];
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const ready = lines.next();
  const returned = ready.then(async () => {
    const { value } = await lines.next();
    return (JSON.parse(value as string) as [string, number][]).map(([state, fetchedAt]) => ({ state, fetchedAt }));
  });
  return { child, ready, returned };
}
