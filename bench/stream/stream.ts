/**
 * Status streams: 1,000 streams held open for 20 s over 200 pending transactions on one host
 * instance (memory store), with the provider's reads counted per uuid; then as many streams as
 * the machine's file limit lets one instance hold (100,000 at most), and what each costs in memory;
 * then one status change fanned out to 10,000 streams of one transaction.
 */
import { createInterface } from 'node:readline';
import { startChildServer, type ChildServer } from '../lib/child-server.js';
import type { Figure } from '../lib/figure.js';
import { createTransactions } from '../lib/kit-host.js';
import { applyOutcome, startSandboxProcess } from '../lib/sandbox-process.js';
import { raisedFileLimit, spawnTsx } from '../lib/repo.js';
import { percentile } from '../lib/stats.js';
import type { InstanceCounts, InstanceOptions } from '../fleet/instance.js';
import { readBudget } from '../fleet/read-budget.js';
import type { ClientsOptions } from './clients.js';

const HELD_STREAMS = 1000;
const HELD_TRANSACTIONS = 200;
const HELD_SECONDS = 20;
const STREAMS_PER_TRANSACTION = 10;
/** The most streams asked of one instance; fewer when the file limit a process can be given is lower, as each is a socket at both ends. */
const MOST_STREAMS = 100_000;
const STREAMS_PER_TRANSACTION_MANY = 20;
/** Files each process keeps for itself besides the streams' sockets. */
const FILES_SPARED = 500;
const FANNED_OUT_STREAMS = 10_000;

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

/** A host instance in its own process, its file limit raised, with `STREAMS_PER_TRANSACTION` streams per transaction unless told. */
async function startInstance(kycUrl: string, tuning: Omit<InstanceOptions, 'kycUrl'> = {}): Promise<ChildServer> {
  const options: InstanceOptions = { kycUrl, maxStreamsPerTransaction: STREAMS_PER_TRANSACTION, ...tuning };
  return startChildServer('bench/fleet/instance.ts', [JSON.stringify(options)], { raiseFileLimit: true });
}

async function heldStreams(kycUrl: string, telemetry = false): Promise<{ figures: Figure[]; cpuPerStreamSecond: number }> {
  const instance = await startInstance(kycUrl, { telemetry });
  try {
    const uuids = await createTransactions(instance.url, HELD_TRANSACTIONS);
    const streams = await openStreams(instance.url, uuids, HELD_STREAMS);
    console.error(`bench: stream: ${HELD_STREAMS} streams open; holding them ${HELD_SECONDS} s (telemetry ${telemetry ? 'on' : 'off'})`);
    const from = Date.now();
    const cpuFrom = (await countsOf(instance)).cpuMicros;
    await new Promise((resolve) => setTimeout(resolve, HELD_SECONDS * 1000));
    const to = Date.now();
    const counts = await countsOf(instance);
    streams.close();
    const budget = readBudget(new Map(Object.entries(counts.readTimes)), uuids.length, from, to);
    // What holding a stream costs the instance each second: its follower's reads, the heartbeat, the fan-out.
    const cpuPerStreamSecond = (counts.cpuMicros - cpuFrom) / HELD_STREAMS / ((to - from) / 1000);
    const prefix = `Streams, ${HELD_STREAMS} held ${HELD_SECONDS} s over ${HELD_TRANSACTIONS} transactions${telemetry ? ', telemetry on' : ''}:`;
    if (telemetry)
      return {
        cpuPerStreamSecond,
        figures: [{ figure: `${prefix} CPU per stream per second`, unit: 'µs', median: cpuPerStreamSecond, runs: 1 }],
      };
    const figures: Figure[] = [
      { figure: `${prefix} provider reads per uuid per second`, unit: 'reads/uuid/s', median: budget.perUuidPerSecond, runs: 1 },
      { figure: `${prefix} most reads of one uuid in any second`, unit: 'reads', median: budget.mostInOneSecond, runs: 1 },
      { figure: `${prefix} streams open at the end`, unit: 'streams', median: counts.openStreams, runs: 1 },
      { figure: `${prefix} CPU per stream per second`, unit: 'µs', median: cpuPerStreamSecond, runs: 1 },
    ];
    return { cpuPerStreamSecond, figures };
  } finally {
    await instance.close();
  }
}

/** The stream clients in their own process (clients.ts), its file limit raised; resolves once every stream is open. */
async function startClients(options: ClientsOptions) {
  const child = spawnTsx('bench/stream/clients.ts', [JSON.stringify(options)], { raiseFileLimit: true });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async (word: string) => {
    const line = await lines.next();
    if (line.done || !line.value.startsWith(`${word} `)) throw new Error(`the stream clients said ${line.value ?? 'nothing'}, not ${word}`);
    return line.value.slice(word.length + 1);
  };
  const openedMs = Number(await next('open'));
  return {
    openedMs,
    /** When each stream got its next status event (epoch ms). */
    received: async () => JSON.parse(await next('received')) as number[],
    close: () => void child.kill(),
  };
}

/** Connections one port of the instance takes, with room to spare: one address has some 28,000 ephemeral ports to connect from. */
const STREAMS_PER_PORT = 25_000;

/**
 * Memory per stream of `instance` (its `/bench/counts`), opening `count` streams over `paths` in two
 * halves: heap in use and resident memory, on average from none open, and at the margin (what the
 * second half added: each stream alone, without its transaction's state or the process's fixed costs).
 */
async function memoryPerStream(instance: ChildServer, paths: string[], count: number) {
  const open = (streams: number) => startClients({ urls: instance.urls, paths, count: streams, watchChange: false, changeTimeoutMs: 0 });
  const none = await countsOf(instance);
  const firstHalf = await open(Math.floor(count / 2));
  const half = await countsOf(instance);
  const secondHalf = await open(count - Math.floor(count / 2));
  const all = await countsOf(instance);
  firstHalf.close();
  secondHalf.close();
  const per = (from: InstanceCounts, measure: 'heapUsed' | 'rss') => (all[measure] - from[measure]) / (all.openStreams - from.openStreams);
  return {
    open: all.openStreams,
    openedMs: firstHalf.openedMs + secondHalf.openedMs,
    heap: per(none, 'heapUsed'),
    rss: per(none, 'rss'),
    marginalHeap: per(half, 'heapUsed'),
    marginalRss: per(half, 'rss'),
  };
}

async function manyStreams(kycUrl: string): Promise<Figure[]> {
  const fileLimit = raisedFileLimit();
  const count = Math.min(MOST_STREAMS, fileLimit - FILES_SPARED);
  const ports = Math.ceil(count / STREAMS_PER_PORT);
  // What a stream holds, not what its follower reads: followers read once a minute here.
  const instance = await startInstance(kycUrl, {
    streamFollowIntervalMs: 60_000,
    maxStreamsPerTransaction: STREAMS_PER_TRANSACTION_MANY,
    ports,
  });
  const kit = await (async () => {
    const uuids = await createTransactions(instance.url, Math.ceil(count / STREAMS_PER_TRANSACTION_MANY));
    console.error(
      `bench: stream: ${uuids.length} transactions created; opening ${count} streams (file limit ${fileLimit}, ${ports} ports)`,
    );
    return memoryPerStream(
      instance,
      uuids.map((uuid) => `/kyc/status/${uuid}`),
      count,
    );
  })().finally(() => instance.close());
  // The same connections held by node:http alone: what a stream costs before the kit adds anything.
  const bare = await startChildServer('bench/stream/bare-server.ts', [String(ports)], { raiseFileLimit: true });
  const floor = await memoryPerStream(bare, ['/'], count).finally(() => bare.close());
  const many = count.toLocaleString('en');
  const secondHalf = `the second ${(count - Math.floor(count / 2)).toLocaleString('en')}`;
  return [
    {
      figure: 'Streams: most open on one instance (100,000, or what the file limit allows)',
      unit: 'streams',
      median: kit.open,
      runs: 1,
    },
    { figure: `Streams: time to open ${many} (each to its first event)`, unit: 'ms', median: kit.openedMs, runs: 1 },
    { figure: `Streams: heap per open stream, ${many} open`, unit: 'bytes', median: kit.heap, runs: 1 },
    { figure: `Streams: resident memory per open stream, ${many} open`, unit: 'bytes', median: kit.rss, runs: 1 },
    { figure: `Streams: heap per open stream, ${secondHalf} alone`, unit: 'bytes', median: kit.marginalHeap, runs: 1 },
    { figure: `Streams: resident memory per open stream, ${secondHalf} alone`, unit: 'bytes', median: kit.marginalRss, runs: 1 },
    {
      figure: `Streams, bare node:http SSE (the floor): heap per open connection, ${many} open`,
      unit: 'bytes',
      median: floor.heap,
      runs: 1,
    },
    {
      figure: `Streams, bare node:http SSE (the floor): resident memory per open connection, ${many} open`,
      unit: 'bytes',
      median: floor.rss,
      runs: 1,
    },
    {
      figure: `Streams, bare node:http SSE (the floor): resident memory per open connection, ${secondHalf} alone`,
      unit: 'bytes',
      median: floor.marginalRss,
      runs: 1,
    },
  ];
}

/** One change of one transaction (the document captured), read by its follower and fanned out to 10,000 streams of it. */
async function fannedOut(kycUrl: string): Promise<Figure[]> {
  const instance = await startInstance(kycUrl, { maxStreamsPerTransaction: FANNED_OUT_STREAMS, maxStreamsPerCaller: FANNED_OUT_STREAMS });
  try {
    const [uuid] = await createTransactions(instance.url, 1);
    const clients = await startClients({
      urls: instance.urls,
      paths: [`/kyc/status/${uuid}`],
      count: FANNED_OUT_STREAMS,
      watchChange: true,
      changeTimeoutMs: 60_000,
    });
    const changedAt = performance.timeOrigin + performance.now();
    await applyOutcome(kycUrl, uuid!, '002');
    const received = await clients.received();
    clients.close();
    const first = Math.min(...received);
    const spread = received.map((at) => at - first);
    const many = FANNED_OUT_STREAMS.toLocaleString('en');
    return [
      {
        figure: `Streams: one change fanned out to ${many} streams of one transaction, streams that got it`,
        unit: 'streams',
        median: received.length,
        runs: 1,
      },
      {
        figure: `Streams: one change fanned out to ${many} streams, after the first stream got it`,
        unit: 'ms',
        median: percentile(spread, 50),
        p95: percentile(spread, 95),
        runs: received.length,
      },
      {
        figure: 'Streams: the change at the service → the first stream (the follower reads each second)',
        unit: 'ms',
        median: first - changedAt,
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
    const held = await heldStreams(sandbox.url);
    const withTelemetry = await heldStreams(sandbox.url, true);
    const cost: Figure = {
      figure: 'Streams: CPU per stream per second held, telemetry on ÷ off',
      unit: '×',
      median: withTelemetry.cpuPerStreamSecond / held.cpuPerStreamSecond,
      runs: 1,
    };
    return [...held.figures, ...withTelemetry.figures, cost, ...(await manyStreams(sandbox.url)), ...(await fannedOut(sandbox.url))];
  } finally {
    await sandbox.close();
  }
}
