/**
 * No result lost, whoever polls: on three real processes sharing a real Redis, transactions end
 * while every webhook fails and nobody polls, and the kit's own reconciliation (every 2 s here)
 * still brings each to onResult exactly once; across a SIGKILL and a Redis restart too.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';
import {
  delay,
  eventually,
  mostReadsInWindow,
  startCountedSandbox,
  UNREACHABLE_WEBHOOK as UNREACHABLE,
  useFleet as useFleetOn,
  type Fleet,
  type InstanceEnv,
} from './harness.js';

type CountedSandbox = Awaited<ReturnType<typeof startCountedSandbox>>;

/** The reconciliation period of these fleets: short, so that a test waits seconds, not minutes. */
const PERIOD_MS = 2000;
/** How long a test waits for every result before it fails: several periods, on a busy machine. */
const RESULTS_LIMIT_MS = 10 * PERIOD_MS;

let redis: RedisServer;
let service: CountedSandbox;
before(async () => {
  // Persistent, as a production Redis is: a restart keeps what was written.
  [redis, service] = await Promise.all([startRedisServer({ persistent: true }), startCountedSandbox()]);
});
after(async () => {
  await service.close();
  await redis.stop();
});

/** A fleet of 3 reconciling every period, with `env`, for one group of tests. */
const useFleet = (env: (index: number) => InstanceEnv) =>
  useFleetOn(() => ({ redisUrl: redis.url, kycUrl: service.kycUrl }), {
    count: 3,
    env: (index) => ({ RECONCILE_MS: String(PERIOD_MS), ...env(index) }),
  });

/** `count` sessions of distinct users, created through the balancer (so on every instance), and never polled. */
const startSessions = (fleet: Fleet, count: number, tag: string) =>
  Promise.all(Array.from({ length: count }, (_, index) => fleet.startSession(`${tag}-${index}`)));

/**
 * Waits for a result of each of `uuids`, then two periods more, in which a second call or a read
 * would show up; returns how many times onResult ran per uuid, and the reads of the quiet time.
 */
async function resultsOf(fleet: Fleet, uuids: string[]) {
  const delivered = () => new Set(fleet.results().map((result) => result.uuid));
  await eventually(
    () => uuids.every((uuid) => delivered().has(uuid)),
    RESULTS_LIMIT_MS,
    `a result for each of ${uuids.length} transactions`,
  );
  const readsBefore = readsOf(uuids).length;
  await delay(2 * PERIOD_MS + 500);
  const calls = uuids.map((uuid) => fleet.results().filter((result) => result.uuid === uuid).length);
  return { calls, readsAfterEnd: readsOf(uuids).length - readsBefore };
}

const readsOf = (uuids: string[]) => service.reads.filter((read) => uuids.includes(read.uuid));

/** Every delivery attempt the sandbox made for `uuids`: a status (an answer) or null (a network failure). */
const webhookAttempts = (uuids: string[]) =>
  uuids.flatMap((uuid) =>
    service.sandbox.webhookDeliveries(uuid).flatMap((delivery) => delivery.attempts.map((attempt) => attempt.status)),
  );

describe('every webhook dropped (connection refused), nobody polling', () => {
  const fleet = useFleet(() => ({ WEBHOOK_URL: UNREACHABLE }));

  test('9 transactions ended: each reaches onResult exactly once, read at most once a second, and never again after its end', async () => {
    const uuids = await startSessions(fleet(), 9, 'dropped');
    await Promise.all(uuids.map(service.succeed));
    await service.sandbox.webhooksSettled();
    assert.ok(webhookAttempts(uuids).length >= 9, 'the service tried to deliver the webhooks');
    assert.deepEqual(new Set(webhookAttempts(uuids)), new Set([null]), 'no webhook reached the fleet');
    const { calls, readsAfterEnd } = await resultsOf(fleet(), uuids);
    assert.deepEqual(calls, Array(9).fill(1));
    assert.equal(readsAfterEnd, 0);
    assert.equal(mostReadsInWindow(readsOf(uuids)), 1);
  });
});

describe('pending transactions nobody polls, on three instances', () => {
  const fleet = useFleet(() => ({ WEBHOOK_URL: UNREACHABLE }));

  test('each is read once a period by the whole fleet, not once per instance nor at the read budget’s pace', async () => {
    const uuids = await startSessions(fleet(), 6, 'quiet');
    const startedAt = performance.now();
    await delay(5 * PERIOD_MS);
    const periods = (performance.now() - startedAt) / PERIOD_MS;
    for (const uuid of uuids) {
      const reads = readsOf([uuid]).length;
      assert.ok(reads >= 1, `${uuid} was checked`);
      // Its first check comes a period after its creation: at most one read per whole period since.
      assert.ok(reads <= Math.floor(periods), `${uuid} read ${reads} times in ${periods.toFixed(1)} periods`);
    }
  });
});

describe('every webhook answered 503, nobody polling', () => {
  let refusals = 0;
  const refuser = createServer((req, res) => {
    refusals++;
    req.resume();
    res.writeHead(503).end();
  });
  before(() => new Promise<void>((resolve) => refuser.listen(0, '127.0.0.1', resolve)));
  after(() => new Promise<void>((resolve) => refuser.close(() => resolve())));
  const fleet = useFleet(() => ({ WEBHOOK_URL: `http://127.0.0.1:${(refuser.address() as AddressInfo).port}/kyc/webhook` }));

  test('9 transactions ended: each reaches onResult exactly once', async () => {
    const uuids = await startSessions(fleet(), 9, 'refused');
    await Promise.all(uuids.map(service.succeed));
    await service.sandbox.webhooksSettled();
    assert.ok(refusals >= 9, `the service's webhooks were answered 503 (${refusals})`);
    assert.deepEqual(new Set(webhookAttempts(uuids)), new Set([503]));
    const { calls } = await resultsOf(fleet(), uuids);
    assert.deepEqual(calls, Array(9).fill(1));
  });
});

describe('an instance SIGKILLed, every webhook dropped, nobody polling', () => {
  const fleet = useFleet(() => ({ WEBHOOK_URL: UNREACHABLE }));

  test('the transactions it created and claimed are taken up by the others: each reaches onResult exactly once', async () => {
    const uuids = await startSessions(fleet(), 9, 'orphaned');
    // A period and more: each instance has claimed transactions for its next check, the doomed one included.
    await delay(PERIOD_MS + 500);
    const [doomed] = fleet().instances;
    await fleet().kill(doomed!);
    await Promise.all(uuids.map(service.succeed));
    const { calls } = await resultsOf(fleet(), uuids);
    assert.deepEqual(calls, Array(9).fill(1));
    assert.ok(
      fleet()
        .results()
        .every((result) => result.pid !== doomed!.process.pid),
    );
  });
});

describe('Redis stopped and restarted, webhooks answered 503 meanwhile, nobody polling', () => {
  const fleet = useFleet(() => ({}));

  test('the transactions that ended during the outage each reach onResult exactly once after it, and every instance reported it', async () => {
    const uuids = await startSessions(fleet(), 6, 'outage');
    await redis.stop();
    try {
      await Promise.all(uuids.map(service.succeed));
      await service.sandbox.webhooksSettled();
      // The webhooks reached the fleet, whose store was away: each was answered 503, and is never delivered again.
      assert.deepEqual(new Set(webhookAttempts(uuids)), new Set([503]));
      await delay(PERIOD_MS);
    } finally {
      await redis.restart();
    }
    const { calls } = await resultsOf(fleet(), uuids);
    assert.deepEqual(calls, Array(6).fill(1));
    assert.ok(
      fleet().instances.every((instance) => instance.process.exitCode === null),
      'every instance is still running',
    );
    const reporters = new Set(
      fleet()
        .errors()
        .map((report) => report.pid),
    );
    assert.equal(reporters.size, 3, 'each instance told onError of the outage');
  });
});
