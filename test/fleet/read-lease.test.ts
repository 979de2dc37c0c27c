/**
 * The read lease held until its read's answer: on three instances, one whose store answers 150 ms
 * late each way, against a service that holds every read 1.2 s, no transaction is read twice
 * within a second, as the service sees the reads arrive.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';
import { openStream } from '../server/sse-client.js';
import { delay, mostReadsInWindow, startCountedSandbox, useFleet } from './harness.js';

let redis: RedisServer;
let service: Awaited<ReturnType<typeof startCountedSandbox>>;
before(async () => {
  [redis, service] = await Promise.all([startRedisServer(), startCountedSandbox({ holdReadsMs: 1200 })]);
});
after(async () => {
  await service?.close();
  await redis?.stop();
});

describe('a store 150 ms slow on one of three instances, and reads held 1.2 s by the service', () => {
  const fleet = useFleet(() => ({ redisUrl: redis.url, kycUrl: service.kycUrl }), {
    count: 3,
    env: (index) => (index === 0 ? { STORE_LATENCY_MS: '150' } : {}),
  });

  test('never gives two reads of a transaction under a second apart (4 transactions, streams on every instance, 8 rounds of polls)', async (t) => {
    const users = Array.from({ length: 4 }, (_, index) => `held-read-${index}`);
    const uuids = await Promise.all(users.map((user) => fleet().startSession(user)));
    const streams = await Promise.all(
      uuids.flatMap((uuid, index) =>
        fleet().instances.map((instance) => openStream(`${instance.url}/kyc/status/${uuid}`, { 'x-user': users[index]! })),
      ),
    );
    try {
      for (let round = 0; round < 8; round++) {
        const instance = fleet().instances[round % 3]!;
        await Promise.all(
          uuids.map((uuid, index) => fetch(`${instance.url}/kyc/status/${uuid}`, { headers: { 'x-user': users[index]! } })),
        );
        await delay(200);
      }
    } finally {
      for (const stream of streams) stream.close();
    }
    const reads = service.reads.filter((read) => uuids.includes(read.uuid));
    const gaps = uuids.flatMap((uuid) => {
      const times = reads.filter((read) => read.uuid === uuid).map((read) => read.at);
      return times.slice(1).map((time, index) => Math.round(time - times[index]!));
    });
    t.diagnostic(
      `shortest gaps between two reads of a transaction: ${[...gaps]
        .sort((a, b) => a - b)
        .slice(0, 5)
        .join(', ')} ms`,
    );
    assert.ok(reads.length >= 4 * 3, `the fleet read each transaction again and again (${reads.length} reads)`);
    assert.equal(
      mostReadsInWindow(reads),
      1,
      `gaps between reads of a transaction, ms: ${gaps
        .sort((a, b) => a - b)
        .slice(0, 8)
        .join(', ')}…`,
    );
  });
});
