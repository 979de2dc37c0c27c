/**
 * A real kit process under hostile input from its neighbours on Redis (the in-process suite is
 * test/server/bad-input.test.ts): what reaches it through the store, not through HTTP.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Redis } from 'ioredis';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';
import { openStream } from '../server/sse-client.js';
import { delay, eventually, startCountedSandbox, startFleet, type Fleet } from './harness.js';

let redis: RedisServer;
let service: Awaited<ReturnType<typeof startCountedSandbox>>;
let fleet: Fleet;
before(async () => {
  [redis, service] = await Promise.all([startRedisServer(), startCountedSandbox()]);
  fleet = await startFleet({ count: 1, redisUrl: redis.url, kycUrl: service.kycUrl });
});
after(async () => {
  await fleet?.close();
  await service?.close();
  await redis?.stop();
});

test('garbage PUBLISHed on the store’s status channel: the process keeps serving and tells onError once', async () => {
  const [instance] = fleet.instances;
  const uuid = await fleet.startSession('alice');
  // A stream makes the process subscribe to the channel.
  const events = await openStream(`${instance!.url}/kyc/status/${uuid}`, { 'x-user': 'alice' });
  const publisher = new Redis(redis.url);
  try {
    await events.next('status');
    // PUBLISH answers how many subscribers got the message: sent again until the subscription has started, so it arrives once.
    while ((await publisher.publish(`${fleet.prefix}statuses`, '{"uuid": not json')) === 0) await delay(20);
    await eventually(() => fleet.errors().length > 0, 5000, 'a report to onError');
    assert.equal((await fetch(`${instance!.url}/kyc/status/${uuid}`, { headers: { 'x-user': 'alice' } })).status, 200);
    // Past the reporter's window, in which a second line would come.
    await delay(1500);
    assert.equal(instance!.process.exitCode, null, 'the process runs');
    assert.equal(instance!.process.signalCode, null);
    const errors = fleet.errors();
    assert.equal(errors.length, 1, JSON.stringify(errors));
    assert.equal(errors[0]!.handler, 'store');
    assert.match(errors[0]!.message!, /statuses.*not a kit's status/);
  } finally {
    events.close();
    await publisher.quit();
  }
});
