/**
 * Guessing the typed code (docs/handoff.md#guessing): one client posts random codes to the go page
 * as fast as it can (10 connections, 10 s), against a kit with 200 live transactions at the default
 * budgets, on the MemoryStore and on Redis: how many guesses the kit looked up (the rest answered
 * 429 before any lookup), how many requests it answered, how many live codes the client found, and
 * on Redis what the run left in memory per guess.
 */
import { Redis } from 'ioredis';
import { MemoryStore, type Store } from '../../src/server/index.js';
import { RedisStore } from '../../src/server/redis/index.js';
import { startRedisServer } from '../../test/support/redis-server.js';
import type { Figure } from '../lib/figure.js';
import { listen } from '../lib/http.js';
import { createTransactions, kitRoutes, LOAD_BUDGETS } from '../lib/kit-host.js';
import { generateLoad } from '../lib/load.js';
import { startSandboxProcess } from '../lib/sandbox-process.js';

const SECONDS = 10;
const CONNECTIONS = 10;
const LIVE = 200;

interface Run {
  looked: number;
  found: number;
  answered: number;
  seconds: number;
}

/** The guesses against a kit on `store`; `beforeGuessing` runs once its live transactions are created. */
async function guess(kycUrl: string, store: Store, beforeGuessing?: () => Promise<unknown>): Promise<Run> {
  // The short link on (a public URL), every budget but the typed code's out of the way.
  const routes = kitRoutes(kycUrl, store, { budgets: LOAD_BUDGETS, publicUrl: 'http://shop.example', onError: () => {} });
  const host = await listen(routes.listener);
  try {
    await createTransactions(host.url, LIVE);
    await beforeGuessing?.();
    const load = await generateLoad({
      url: host.url,
      connections: CONNECTIONS,
      durationSeconds: SECONDS,
      paths: ['/kyc/go'],
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      body: 'code=[<code>]',
    });
    const answered = load.ok + Object.values(load.failed).reduce((sum, count) => sum + count, 0) - (load.failed['0'] ?? 0);
    return { looked: load.failed['400'] ?? 0, found: (load.failed['303'] ?? 0) + load.ok, answered, seconds: load.durationSeconds };
  } finally {
    await host.close();
  }
}

export async function measureHandoffGuess(): Promise<Figure[]> {
  const sandbox = await startSandboxProcess();
  const redis = await startRedisServer();
  const client = new Redis(redis.url);
  try {
    const memory = await guess(sandbox.url, new MemoryStore({ maxEntries: 100_000 }));
    const usedMemory = async () => Number(/used_memory:(\d+)/.exec(await client.info('memory'))![1]);
    const keys = async () => client.dbsize();
    const store = new RedisStore({ client, prefix: '{guess}:' });
    // Measured around the guesses alone: the run's own transactions are written before.
    let before = { bytes: 0, keys: 0 };
    const onRedis = await guess(sandbox.url, store, async () => (before = { bytes: await usedMemory(), keys: await keys() }));
    const after = { bytes: await usedMemory(), keys: await keys() };
    const figures = (name: string, run: Run): Figure[] => [
      {
        figure: `Typed-code guessing, one client ${SECONDS} s, ${name}: requests answered/s`,
        unit: 'req/s',
        median: run.answered / run.seconds,
        runs: run.answered,
      },
      { figure: `Typed-code guessing, one client ${SECONDS} s, ${name}: guesses looked up`, unit: 'guesses', median: run.looked, runs: 1 },
      {
        figure: `Typed-code guessing, one client ${SECONDS} s, ${name}: live codes found (of ${LIVE})`,
        unit: 'codes',
        median: run.found,
        runs: 1,
      },
    ];
    return [
      ...figures('MemoryStore', memory),
      ...figures('Redis', onRedis),
      {
        figure: `Typed-code guessing on Redis: memory held per guess (${onRedis.answered} guesses)`,
        unit: 'bytes',
        median: Math.max(0, after.bytes - before.bytes) / onRedis.answered,
        runs: 1,
      },
      { figure: 'Typed-code guessing on Redis: keys the guesses wrote', unit: 'keys', median: after.keys - before.keys, runs: 1 },
    ];
  } finally {
    await client.quit();
    await redis.stop();
    await sandbox.close();
  }
}
