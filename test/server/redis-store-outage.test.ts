import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { RedisStore } from '../../src/server/redis/index.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';

let server: RedisServer;
let store: RedisStore;

before(async () => {
  server = await startRedisServer();
  store = new RedisStore({ url: server.url, commandTimeoutMs: 1000 });
  await store.setShared('token', 'abc', 60_000);
});

after(async () => {
  await store.close();
  await server.stop();
});

test('fails a command while Redis is down, and works again once it is back', { timeout: 10_000 }, async () => {
  await server.stop();
  await assert.rejects(store.getShared('token'));
  await server.restart();
  assert.equal(await eventually(() => store.setShared('token', 'def', 60_000)), undefined);
  assert.equal(await store.getShared('token'), 'def');
});

test('fails a command within its command timeout when Redis does not answer', { timeout: 5_000 }, async () => {
  process.kill(server.pid, 'SIGSTOP');
  try {
    await assert.rejects(store.getShared('token'), /timed out/);
  } finally {
    process.kill(server.pid, 'SIGCONT');
  }
});

/** The first result of `attempt` that does not reject, trying again while the client reconnects. */
async function eventually<T>(attempt: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await attempt();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
