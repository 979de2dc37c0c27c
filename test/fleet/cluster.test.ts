/**
 * The kit on a real 3-node Redis Cluster (started by the test, redis-cli joining it): instances as
 * real processes with RedisStore on an ioredis Cluster under a hash-tagged prefix, behind the
 * round-robin balancer, with the sandbox as the service.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Cluster } from 'ioredis';
import { RedisStore } from '../../src/server/redis/index.js';
import { startRedisCluster, type RedisCluster } from '../support/redis-cluster.js';
import { openStream } from '../server/sse-client.js';
import { delay, eventually, startCountedSandbox, startFleet, type Fleet } from './harness.js';

let cluster: RedisCluster;
let service: Awaited<ReturnType<typeof startCountedSandbox>>;
let fleet: Fleet;
before(async () => {
  [cluster, service] = await Promise.all([startRedisCluster(3), startCountedSandbox()]);
  assert.equal(await primariesHoldingSlots(cluster), 3, 'a cluster of three primaries, each holding slots');
  fleet = await startFleet({
    count: 3,
    redisUrl: '',
    kycUrl: service.kycUrl,
    env: () => ({ REDIS_CLUSTER: cluster.nodes.join(','), RECONCILE_MS: '2000', STREAM_FOLLOW_MS: '60000' }),
  });
});
after(async () => {
  await fleet?.close();
  await service?.close();
  await cluster?.stop();
});

async function primariesHoldingSlots({ nodes }: RedisCluster): Promise<number> {
  const client = new Cluster(nodes.map((node) => ({ host: '127.0.0.1', port: Number(node.split(':')[1]) })));
  try {
    const slots = (await client.cluster('SLOTS')) as unknown[][];
    return new Set(slots.map((range) => JSON.stringify(range[2]))).size;
  } finally {
    client.disconnect();
  }
}

/** A RedisStore of the test's own on the cluster, under a hash-tagged prefix of its own. */
async function withClusterStore(body: (store: RedisStore) => Promise<void>): Promise<void> {
  const client = new Cluster(cluster.nodes.map((node) => ({ host: '127.0.0.1', port: Number(node.split(':')[1]) })));
  try {
    await body(new RedisStore({ client, prefix: '{cluster-test}:' }));
  } finally {
    client.disconnect();
  }
}

const stateOf = async (answer: Response) => ((await answer.json()) as { state: string }).state;
const resultsFor = (uuid: string) => fleet.results().filter((result) => result.uuid === uuid);

describe('three instances on a 3-node Redis Cluster', () => {
  test('session, polls, webhook and onResult: the whole flow, exactly one result, no error', async () => {
    const uuid = await fleet.startSession('alice');
    for (let poll = 0; poll < 3; poll++) assert.equal((await fleet.poll(uuid, 'alice')).status, 200);
    await service.succeed(uuid);
    await service.sandbox.webhooksSettled();
    assert.ok(
      service.sandbox.webhookDeliveries(uuid).some((delivery) => delivery.attempts.some((attempt) => attempt.status === 204)),
      'a webhook was taken (204)',
    );
    await eventually(() => resultsFor(uuid).length > 0, 10_000, 'onResult');
    assert.equal(await stateOf(await fleet.poll(uuid, 'alice')), 'successful');
    // Time for a second call, from a webhook, the poll or the reconciliation, to show up.
    await delay(2500);
    assert.equal(resultsFor(uuid).length, 1);
    assert.deepEqual(fleet.errors(), []);
  });

  test('a step announced by a webhook on one instance reaches a stream held by another, through the cluster’s pub/sub', async () => {
    const [streaming, receiving] = fleet.instances;
    const session = await fetch(`${receiving!.url}/kyc/session`, {
      method: 'POST',
      headers: { 'x-user': 'bob', 'kyc-verify-session': 'resume', 'x-webhook-url': `${receiving!.url}/kyc/webhook` },
    });
    const { uuid } = (await session.json()) as { uuid: string };
    const events = await openStream(`${streaming!.url}/kyc/status/${uuid}`, { 'x-user': 'bob' });
    try {
      assert.equal(JSON.parse((await events.next('status')).data).step, 'Session_start');
      await service.outcome(uuid, '002');
      assert.equal(JSON.parse((await events.next('status')).data).step, 'Capture_credential_Ok');
    } finally {
      events.close();
    }
  });

  test('the limiter primitive counts one window for concurrent callers, on the cluster', async () => {
    await withClusterStore(async (store) => {
      const hits = await Promise.all(Array.from({ length: 12 }, () => store.hit('budget', 5, 60_000)));
      assert.equal(hits.filter((hit) => hit.allowed).length, 5);
      assert.deepEqual(await store.hit('budget', 5, 60_000, -1), { allowed: true, remaining: 1, retryAfterMs: 0 });
    });
  });

  test('a transaction whose webhook is dropped and that nobody polls reaches onResult once, through the reconciliation', async () => {
    const answer = await fleet.postSession('carol', 'resume', fleet.url, { 'x-webhook-url': 'http://127.0.0.1:9/kyc/webhook' });
    const { uuid } = (await answer.json()) as { uuid: string };
    await service.succeed(uuid);
    await eventually(() => resultsFor(uuid).length > 0, 20_000, 'onResult');
    await delay(2500);
    assert.equal(resultsFor(uuid).length, 1);
  });
});
