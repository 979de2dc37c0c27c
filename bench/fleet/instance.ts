/**
 * One host instance of the fleet bench, in its own process: the kit's session and status routes
 * on a store of its own (memory) or the fleet's (Redis), and `GET /bench/counts` for the bench:
 * when it read each uuid from the provider, and how many commands it sent to Redis.
 */
import { Redis } from 'ioredis';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { MemoryStore } from '../../src/server/index.js';
import { RedisStore } from '../../src/server/redis/index.js';
import { listen } from '../lib/http.js';
import { kitRoutes, LOAD_BUDGETS } from '../lib/kit-host.js';

export interface InstanceOptions {
  kycUrl: string;
  /** The fleet's Redis; without it, a memory store. */
  redisUrl?: string;
  /** Status streams allowed per transaction (the kit's default is 5) and per caller (20; without an owner, the caller is the transaction). */
  maxStreamsPerTransaction?: number;
  maxStreamsPerCaller?: number;
  /** How often a streamed transaction is read (the kit's default is 1 s). */
  streamFollowIntervalMs?: number;
}

export interface InstanceCounts {
  readTimes: Record<string, readonly number[]>;
  /** Commands this instance sent to Redis: one round-trip each (the store sends no pipelines). */
  redisCommands: number;
  /** The process's heap in use and resident memory, in bytes, after a full garbage collection. */
  heapUsed: number;
  rss: number;
  /** Status streams open in this process. */
  openStreams: number;
  /** The process's CPU time so far, user and system, in µs. */
  cpuMicros: number;
}

const { kycUrl, redisUrl, maxStreamsPerTransaction, maxStreamsPerCaller, streamFollowIntervalMs } = JSON.parse(
  process.argv[2]!,
) as InstanceOptions;
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
let redisCommands = 0;
const redis = redisUrl ? countingRedis(redisUrl, () => redisCommands++) : undefined;
const store = redis ? new RedisStore({ client: redis, prefix: 'kyc-verify-bench:' }) : new MemoryStore();
const kit = kitRoutes(kycUrl, store, {
  budgets: LOAD_BUDGETS,
  tuning: { maxStreamsPerTransaction, maxStreamsPerCaller, streamFollowIntervalMs },
});
const server = await listen((req, res) => {
  if (req.url !== '/bench/counts') return kit.listener(req, res);
  const { user, system } = process.cpuUsage();
  collectGarbage();
  const { heapUsed, rss } = process.memoryUsage();
  const counts: InstanceCounts = {
    readTimes: Object.fromEntries(kit.readTimes()),
    redisCommands,
    heapUsed,
    rss,
    openStreams: kit.openStreams(),
    cpuMicros: user + system,
  };
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(counts));
});
console.log(`bench instance listening on ${server.url}`);

process.once('SIGTERM', () => {
  void server.close().then(async () => {
    await redis?.quit();
    process.exit(0);
  });
});

/** A Redis client that calls `onCommand` for each command it sends, scripts included. */
function countingRedis(url: string, onCommand: () => void): Redis {
  const client = new Redis(url);
  const send = client.sendCommand.bind(client);
  client.sendCommand = (command, stream) => {
    onCommand();
    return send(command, stream);
  };
  return client;
}
