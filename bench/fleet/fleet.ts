/**
 * Fleet: 1,000 simulated widgets poll 200 pending transactions through a round-robin balancer,
 * first in front of 3 host instances (own processes) sharing one Redis, then in front of one
 * instance on the memory store; the provider's reads counted per uuid across the fleet.
 */
import { startRedisServer } from '../../test/support/redis-server.js';
import { roundRobin } from '../../demo/balancer.js';
import { startChildServer, type ChildServer } from '../lib/child-server.js';
import type { Figure } from '../lib/figure.js';
import { listen } from '../lib/http.js';
import { createTransactions } from '../lib/kit-host.js';
import { failures, generateLoad, reportFailures, type LoadResult } from '../lib/load.js';
import { startSandboxProcess } from '../lib/sandbox-process.js';
import type { InstanceCounts, InstanceOptions } from './instance.js';
import { readBudget } from './read-budget.js';
import { redisWork } from './redis-commands.js';

const WIDGETS = 1000;
const TRANSACTIONS = 200;
const SECONDS = 20;

interface Setup {
  name: string;
  instances: number;
  redisUrl?: string;
}

/** What the instances and Redis had counted at one moment. */
interface Counts {
  readTimes: Map<string, number[]>;
  /** Sent by the instances: one round-trip each. */
  redisRoundTrips: number;
  /** Run by Redis, the commands of its Lua scripts included. */
  redisCommands: number;
  /** The instances' CPU time and Redis's, in µs. */
  cpuMicros: number;
  /** Redis's alone, in µs. */
  redisCpuMicros: number;
}

async function countsOf(instances: readonly ChildServer[], redisUrl: string | undefined): Promise<Counts> {
  const each = await Promise.all(instances.map(async ({ url }) => (await (await fetch(`${url}/bench/counts`)).json()) as InstanceCounts));
  const readTimes = new Map<string, number[]>();
  for (const [uuid, times] of each.flatMap((counts) => Object.entries(counts.readTimes)))
    readTimes.set(uuid, [...(readTimes.get(uuid) ?? []), ...times]);
  const redis = redisUrl ? await redisWork(redisUrl) : { commands: 0, cpuMicros: 0 };
  return {
    readTimes,
    redisRoundTrips: each.reduce((sum, counts) => sum + counts.redisCommands, 0),
    redisCommands: redis.commands,
    cpuMicros: each.reduce((sum, counts) => sum + counts.cpuMicros, redis.cpuMicros),
    redisCpuMicros: redis.cpuMicros,
  };
}

interface FleetRun {
  load: LoadResult;
  /** CPU time per poll answered, in µs: the instances' and Redis's. */
  cpuPerPoll: number;
  figures: Figure[];
}

async function runFleet(kycUrl: string, setup: Setup): Promise<FleetRun> {
  const options: InstanceOptions = { kycUrl, redisUrl: setup.redisUrl };
  const instances = await Promise.all(
    Array.from({ length: setup.instances }, () => startChildServer('bench/fleet/instance.ts', [JSON.stringify(options)])),
  );
  const balancerErrors = new Map<string, number>();
  const countError = ({ code, message }: NodeJS.ErrnoException) =>
    void balancerErrors.set(code ?? message, (balancerErrors.get(code ?? message) ?? 0) + 1);
  const balancer = await listen(roundRobin(() => instances.map(({ url }) => url), countError));
  try {
    const uuids = await createTransactions(balancer.url, TRANSACTIONS);
    const paths = uuids.map((uuid) => `/kyc/status/${uuid}`);
    let from = 0;
    let before: Promise<Counts> | undefined;
    const load = await generateLoad({ url: balancer.url, connections: WIDGETS, durationSeconds: SECONDS, paths }, () => {
      from = Date.now();
      before = countsOf(instances, setup.redisUrl);
    });
    const to = Date.now();
    const [start, end] = [await before!, await countsOf(instances, setup.redisUrl)];
    reportFailures(`fleet (${setup.name})`, load);
    if (balancerErrors.size > 0)
      console.error(`bench: fleet (${setup.name}): the balancer's 502s by cause ${JSON.stringify(Object.fromEntries(balancerErrors))}`);
    const budget = readBudget(end.readTimes, uuids.length, from, to);
    const answered = load.ok + failures(load);
    const prefix = `Fleet, ${setup.name}:`;
    const cpuPerPoll = (end.cpuMicros - start.cpuMicros) / answered;
    return {
      load,
      cpuPerPoll,
      figures: [
        { figure: `${prefix} polls answered/s`, unit: 'req/s', median: load.okPerSecond, runs: load.ok },
        {
          figure: `${prefix} CPU time per poll answered (instances${setup.redisUrl ? ' and Redis' : ''})`,
          unit: 'µs',
          median: cpuPerPoll,
          runs: answered,
        },
        { figure: `${prefix} latency`, unit: 'ms', median: load.latency.p50, p95: load.latency.p95, runs: answered },
        { figure: `${prefix} polls failed (error, timeout, non-2xx)`, unit: 'polls', median: failures(load), runs: answered },
        { figure: `${prefix} provider reads per uuid per second`, unit: 'reads/uuid/s', median: budget.perUuidPerSecond, runs: 1 },
        { figure: `${prefix} most reads of one uuid in any second`, unit: 'reads', median: budget.mostInOneSecond, runs: 1 },
        { figure: `${prefix} shortest gap between reads of one uuid`, unit: 'ms', median: budget.shortestGapMs, runs: 1 },
        {
          figure: `${prefix} reads sent < 1 s after the uuid's previous read`,
          unit: 'reads',
          median: budget.soonerThanOneSecond,
          runs: budget.reads,
        },
        ...(setup.redisUrl
          ? [
              {
                figure: `${prefix} Redis round-trips per poll`,
                unit: 'commands',
                median: (end.redisRoundTrips - start.redisRoundTrips) / answered,
                runs: answered,
              },
              {
                figure: `${prefix} Redis's CPU time per poll answered`,
                unit: 'µs',
                median: (end.redisCpuMicros - start.redisCpuMicros) / answered,
                runs: answered,
              },
              {
                figure: `${prefix} Redis commands run per poll (Lua's included)`,
                unit: 'commands',
                median: (end.redisCommands - start.redisCommands) / answered,
                runs: answered,
              },
            ]
          : []),
      ],
    };
  } finally {
    await balancer.close();
    await Promise.all(instances.map((instance) => instance.close()));
  }
}

export async function measureFleet(): Promise<Figure[]> {
  const [sandbox, redis] = await Promise.all([startSandboxProcess(), startRedisServer()]);
  try {
    const fleet = await runFleet(sandbox.url, { name: '3 instances on Redis', instances: 3, redisUrl: redis.url });
    const single = await runFleet(sandbox.url, { name: '1 instance on memory', instances: 1 });
    return [
      ...fleet.figures,
      ...single.figures,
      {
        figure: 'Fleet: polls answered/s, 3 on Redis ÷ 1 on memory',
        unit: '×',
        median: fleet.load.okPerSecond / single.load.okPerSecond,
        runs: 1,
      },
      {
        figure: 'Fleet: CPU time per poll answered, 3 on Redis (Redis included) ÷ 1 on memory',
        unit: '×',
        median: fleet.cpuPerPoll / single.cpuPerPoll,
        runs: 1,
      },
    ];
  } finally {
    await Promise.all([sandbox.close(), redis.stop()]);
  }
}
