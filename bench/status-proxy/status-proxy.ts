/**
 * Status proxy: 1,000 simulated widgets poll 200 pending transactions, first through the kit's
 * status handler, then through a naive pass-through proxy, on the same sandbox. Beside polls/s and
 * latency, the CPU time each poll answered costs the proxy's process (this one: the load and the
 * sandbox run in processes of their own), which the other processes on the cores move far less.
 * Then what the kit's telemetry costs a poll (telemetry-cost.ts).
 */
import type { Figure } from '../lib/figure.js';
import { listen } from '../lib/http.js';
import { createTransactions, kitRoutes, LOAD_BUDGETS } from '../lib/kit-host.js';
import { failures, generateLoad, reportFailures } from '../lib/load.js';
import { profiled } from '../lib/profile.js';
import { naiveRoutes } from './naive-proxy.js';
import type { ProxyRoutes } from '../lib/provider.js';
import { startSandboxProcess } from '../lib/sandbox-process.js';
import { measureTelemetryCost } from './telemetry-cost.js';

const WIDGETS = 1000;
const TRANSACTIONS = 200;
const SECONDS = 20;

interface ProxyRun {
  figures: Figure[];
  providerReads: number;
  /** The proxy process's CPU time (user and system) per poll answered, in µs. */
  cpuPerPoll: number;
}

async function runProxy(name: string, routes: ProxyRoutes, uuids: string[]): Promise<ProxyRun> {
  const proxy = await listen(routes.listener);
  try {
    let readsBefore = 0;
    let cpuBefore = process.cpuUsage();
    const paths = uuids.map((uuid) => `/kyc/status/${uuid}`);
    const load = await profiled(`status-proxy-${name}`, () =>
      generateLoad({ url: proxy.url, connections: WIDGETS, durationSeconds: SECONDS, paths }, () => {
        readsBefore = routes.providerReads();
        cpuBefore = process.cpuUsage();
      }),
    );
    const cpu = process.cpuUsage(cpuBefore);
    const providerReads = routes.providerReads() - readsBefore;
    reportFailures(`status proxy (${name})`, load);
    const prefix = `Status proxy, ${name}:`;
    const answered = load.ok + failures(load);
    const cpuPerPoll = (cpu.user + cpu.system) / answered;
    return {
      providerReads,
      cpuPerPoll,
      figures: [
        { figure: `${prefix} polls answered/s`, unit: 'req/s', median: load.okPerSecond, runs: load.ok },
        { figure: `${prefix} latency`, unit: 'ms', median: load.latency.p50, p95: load.latency.p95, runs: answered },
        { figure: `${prefix} latency p99`, unit: 'ms', median: load.latency.p99, runs: answered },
        { figure: `${prefix} polls failed (error, timeout, non-2xx)`, unit: 'polls', median: failures(load), runs: answered },
        { figure: `${prefix} CPU per poll answered (its process)`, unit: 'µs', median: cpuPerPoll, runs: answered },
        { figure: `${prefix} provider reads`, unit: 'reads', median: providerReads, runs: 1 },
        {
          figure: `${prefix} provider reads per uuid per second`,
          unit: 'reads/uuid/s',
          median: providerReads / uuids.length / load.durationSeconds,
          runs: 1,
        },
      ],
    };
  } finally {
    await proxy.close();
  }
}

export async function measureStatusProxy(): Promise<Figure[]> {
  const sandbox = await startSandboxProcess();
  try {
    const kit = kitRoutes(sandbox.url, undefined, { budgets: LOAD_BUDGETS });
    const kitHost = await listen(kit.listener);
    const uuids = await createTransactions(kitHost.url, TRANSACTIONS).finally(() => kitHost.close());
    const withKit = await runProxy('kit', kit, uuids);
    const naive = await runProxy('naive', naiveRoutes(sandbox.url), uuids);
    const telemetry = await measureTelemetryCost(sandbox.url);
    return [
      ...telemetry,
      ...withKit.figures,
      ...naive.figures,
      { figure: 'Status proxy: provider reads, naive ÷ kit', unit: '×', median: naive.providerReads / withKit.providerReads, runs: 1 },
      {
        figure: 'Status proxy: polls answered/s, kit ÷ naive',
        unit: '×',
        median: withKit.figures[0]!.median / naive.figures[0]!.median,
        runs: 1,
      },
      { figure: 'Status proxy: CPU per poll, kit ÷ naive', unit: '×', median: withKit.cpuPerPoll / naive.cpuPerPoll, runs: 1 },
    ];
  } finally {
    await sandbox.close();
  }
}
