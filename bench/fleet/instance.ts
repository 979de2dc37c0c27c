/**
 * One host instance of the fleet bench, in its own process: the kit's session and status routes
 * on a store of its own (memory) or the fleet's (Redis), and `GET /bench/counts` for the bench:
 * when it read each uuid from the provider, and how many commands it sent to Redis.
 */
import { Redis } from 'ioredis';
import type { ServerResponse } from 'node:http';
import { MemoryStore } from '../../src/server/index.js';
import { RedisStore } from '../../src/server/redis/index.js';
import { listen } from '../lib/http.js';
import { settledMemory } from '../lib/memory.js';
import { kitRoutes, LOAD_BUDGETS } from '../lib/kit-host.js';
import { startBenchTelemetry } from '../lib/telemetry.js';

export interface InstanceOptions {
  kycUrl: string;
  /** The fleet's Redis; without it, a memory store. */
  redisUrl?: string;
  /** Status streams allowed per transaction (the kit's default is 5) and per caller (20; without an owner, the caller is the transaction). */
  maxStreamsPerTransaction?: number;
  maxStreamsPerCaller?: number;
  /** How often a streamed transaction is read (the kit's default is 1 s). */
  streamFollowIntervalMs?: number;
  /** Ports to listen on (1 unless told): more connections than one port takes from one address. */
  ports?: number;
  /** An OpenTelemetry SDK registered before the kit: its metrics and spans on (bench/lib/telemetry.ts). */
  telemetry?: boolean;
}

export interface InstanceCounts {
  readTimes: Record<string, readonly number[]>;
  /** Commands this instance sent to Redis: one round-trip each (the store sends no pipelines). */
  redisCommands: number;
  /** The process's heap in use and resident memory, in bytes, after a full, compacting garbage collection. */
  heapUsed: number;
  rss: number;
  /** Status streams open in this process. */
  openStreams: number;
  /** The process's CPU time so far, user and system, in µs. */
  cpuMicros: number;
}

const { kycUrl, redisUrl, maxStreamsPerTransaction, maxStreamsPerCaller, streamFollowIntervalMs, ports, telemetry } = JSON.parse(
  process.argv[2]!,
) as InstanceOptions;
if (telemetry) startBenchTelemetry();
let redisCommands = 0;
const redis = redisUrl ? countingRedis(redisUrl, () => redisCommands++) : undefined;
const store = redis ? new RedisStore({ client: redis, prefix: 'kyc-verify-bench:' }) : new MemoryStore();
const kit = kitRoutes(kycUrl, store, {
  budgets: LOAD_BUDGETS,
  tuning: { maxStreamsPerTransaction, maxStreamsPerCaller, streamFollowIntervalMs },
});
const server = await listen(
  (req, res) => {
    if (req.url === '/bench/counts') void answerCounts(res);
    else kit.listener(req, res);
  },
  { ports },
);
async function answerCounts(res: ServerResponse): Promise<void> {
  // The CPU time before the collections that settle the memory, which are the bench's, not the kit's.
  const { user, system } = process.cpuUsage();
  const { heapUsed, rss } = await settledMemory();
  const counts: InstanceCounts = {
    readTimes: Object.fromEntries(kit.readTimes()),
    redisCommands,
    heapUsed,
    rss,
    openStreams: kit.openStreams(),
    cpuMicros: user + system,
  };
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(counts));
}

console.log(`bench instance listening on ${server.urls.join(' ')}`);

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
