/**
 * Status streams: 1,000 streams held open for 20 s over 200 pending transactions on one host
 * instance (memory store), with the provider's reads counted per uuid; then 10,000 streams open at
 * once on one instance, and what each costs in memory.
 */
import { startChildServer, type ChildServer } from '../lib/child-server.js';
import type { Figure } from '../lib/figure.js';
import { createTransactions } from '../lib/kit-host.js';
import { startSandboxProcess } from '../lib/sandbox-process.js';
import type { InstanceCounts, InstanceOptions } from '../fleet/instance.js';
import { readBudget } from '../fleet/read-budget.js';

const HELD_STREAMS = 1000;
const HELD_TRANSACTIONS = 200;
const HELD_SECONDS = 20;
const MANY_STREAMS = 10_000;
const STREAMS_PER_TRANSACTION = 10;

/** Streams opened at once, at most: more would overflow the listen backlog, as a real crowd arrives over time. */
const OPENING_AT_ONCE = 200;

/** Streams opened with fetch, a batch at a time, read until `close()`; resolves once each has its first event. */
async function openStreams(hostUrl: string, uuids: readonly string[], count: number) {
  const controllers: AbortController[] = [];
  const open = async (index: number) => {
    const controller = new AbortController();
    controllers.push(controller);
    const answer = await fetch(`${hostUrl}/kyc/status/${uuids[index % uuids.length]}`, {
      headers: { accept: 'text/event-stream' },
      signal: controller.signal,
    });
    if (answer.status !== 200 || !answer.body) throw new Error(`stream answered ${answer.status}`);
    const reader = answer.body.getReader();
    // Its first status event (the current status) says the stream is open; the rest is read and dropped.
    const decoder = new TextDecoder();
    let received = '';
    while (!received.includes('event: status')) {
      const chunk = await reader.read();
      if (chunk.done) throw new Error('the stream closed before its first status');
      received += decoder.decode(chunk.value, { stream: true });
    }
    void (async () => {
      while (!(await reader.read()).done);
    })().catch(() => {});
  };
  for (let batch = 0; batch < count; batch += OPENING_AT_ONCE) {
    await Promise.all(Array.from({ length: Math.min(OPENING_AT_ONCE, count - batch) }, (_, index) => open(batch + index)));
  }
  return { close: () => controllers.forEach((controller) => controller.abort()) };
}

const countsOf = async (instance: ChildServer) => (await (await fetch(`${instance.url}/bench/counts`)).json()) as InstanceCounts;

async function startInstance(kycUrl: string, streamFollowIntervalMs?: number): Promise<ChildServer> {
  const options: InstanceOptions = { kycUrl, maxStreamsPerTransaction: STREAMS_PER_TRANSACTION, streamFollowIntervalMs };
  return startChildServer('bench/fleet/instance.ts', [JSON.stringify(options)]);
}

async function heldStreams(kycUrl: string): Promise<Figure[]> {
  const instance = await startInstance(kycUrl);
  try {
    const uuids = await createTransactions(instance.url, HELD_TRANSACTIONS);
    const streams = await openStreams(instance.url, uuids, HELD_STREAMS);
    console.error(`bench: stream: ${HELD_STREAMS} streams open; holding them ${HELD_SECONDS} s`);
    const from = Date.now();
    await new Promise((resolve) => setTimeout(resolve, HELD_SECONDS * 1000));
    const to = Date.now();
    const counts = await countsOf(instance);
    streams.close();
    const budget = readBudget(new Map(Object.entries(counts.readTimes)), uuids.length, from, to);
    const prefix = `Streams, ${HELD_STREAMS} held ${HELD_SECONDS} s over ${HELD_TRANSACTIONS} transactions:`;
    return [
      { figure: `${prefix} provider reads per uuid per second`, unit: 'reads/uuid/s', median: budget.perUuidPerSecond, runs: 1 },
      { figure: `${prefix} most reads of one uuid in any second`, unit: 'reads', median: budget.mostInOneSecond, runs: 1 },
      { figure: `${prefix} streams open at the end`, unit: 'streams', median: counts.openStreams, runs: 1 },
    ];
  } finally {
    await instance.close();
  }
}

async function manyStreams(kycUrl: string): Promise<Figure[]> {
  // What a stream holds, not what its follower reads: followers read once a minute here.
  const instance = await startInstance(kycUrl, 60_000);
  try {
    const uuids = await createTransactions(instance.url, MANY_STREAMS / STREAMS_PER_TRANSACTION);
    console.error(`bench: stream: ${uuids.length} transactions created; opening ${MANY_STREAMS} streams`);
    const before = await countsOf(instance);
    const started = performance.now();
    const streams = await openStreams(instance.url, uuids, MANY_STREAMS);
    const openedMs = performance.now() - started;
    const during = await countsOf(instance);
    streams.close();
    return [
      {
        figure: `Streams: ${MANY_STREAMS.toLocaleString('en')} open on one instance`,
        unit: 'streams',
        median: during.openStreams,
        runs: 1,
      },
      {
        figure: `Streams: time to open ${MANY_STREAMS.toLocaleString('en')} (each to its first event)`,
        unit: 'ms',
        median: openedMs,
        runs: 1,
      },
      { figure: 'Streams: heap per open stream', unit: 'bytes', median: (during.heapUsed - before.heapUsed) / during.openStreams, runs: 1 },
      {
        figure: 'Streams: resident memory per open stream',
        unit: 'bytes',
        median: (during.rss - before.rss) / during.openStreams,
        runs: 1,
      },
    ];
  } finally {
    await instance.close();
  }
}

export async function measureStreams(): Promise<Figure[]> {
  const sandbox = await startSandboxProcess();
  try {
    return [...(await heldStreams(sandbox.url)), ...(await manyStreams(sandbox.url))];
  } finally {
    await sandbox.close();
  }
}
