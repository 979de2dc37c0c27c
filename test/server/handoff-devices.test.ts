/** Devices opening a link at the same instant are each counted, on every store: memory, Redis, a Redis Cluster. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Cluster, Redis } from 'ioredis';
// The harness first: it imports the sandbox, whose schemas need @hono/zod-openapi loaded before the kit's zod.
import { useHost } from './harness.js';
import { MemoryStore, type Store } from '../../src/server/index.js';
import { RedisStore } from '../../src/server/redis/index.js';
import { hostWithShortLink } from './handoff-host.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';
import { startRedisCluster, type RedisCluster } from '../support/redis-cluster.js';

const { start } = useHost();

let server: RedisServer;
let cluster: RedisCluster;
const clients: (Redis | Cluster)[] = [];
before(async () => {
  [server, cluster] = await Promise.all([startRedisServer(), startRedisCluster()]);
});
after(async () => {
  await Promise.all(clients.map((client) => client.quit()));
  await Promise.all([server.stop(), cluster.stop()]);
});

let prefixes = 0;
const STORES: [string, () => Store][] = [
  ['a MemoryStore', () => new MemoryStore()],
  [
    'a RedisStore',
    () => {
      const client = new Redis(server.url);
      clients.push(client);
      return new RedisStore({ client, prefix: `devices-${++prefixes}:` });
    },
  ],
  [
    'a RedisStore on a Redis Cluster',
    () => {
      const client = new Cluster(cluster.nodes.map((node) => ({ host: node.split(':')[0], port: Number(node.split(':')[1]) })));
      clients.push(client);
      return new RedisStore({ client, prefix: `{devices-${++prefixes}}:` });
    },
  ],
];

describe('devices at the same instant', () => {
  for (const [name, storeOf] of STORES) {
    test(`on ${name}: 4 devices opening at once are counted as 4, each told once`, async () => {
      const { body, phone, status, heard, kit } = await hostWithShortLink(start, { store: storeOf() });
      // Browsers that kept a device cookie of the kit's: each is counted on this very request.
      const devices = Array.from({ length: 4 }, () => Object.assign(phone(), { cookie: `kyc_device=${crypto.randomUUID()}` }));
      const answers = await Promise.all(devices.map((device) => device.open(body.link)));
      assert.deepEqual(
        answers.map((answer) => answer.status),
        [303, 303, 303, 303],
      );
      assert.equal((await status()).handoff?.devices, 4);
      await kit.idle();
      assert.deepEqual(heard.map(({ kind }) => kind).sort(), ['opened', 'other_device', 'other_device', 'other_device']);
    });
  }
});
