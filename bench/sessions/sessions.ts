/**
 * Sessions: one owner hammers the session handler (`kyc-verify-session: new`) and the status handler
 * (each poll on the next of the transactions it got) for 20 s, with the kit's default per-owner
 * limits and with them off: what that one owner costs the provider, in transactions created and
 * provider reads per second.
 */
import type { Figure } from '../lib/figure.js';
import { listen } from '../lib/http.js';
import { kitRoutes, LOAD_BUDGETS } from '../lib/kit-host.js';
import { generateLoad } from '../lib/load.js';
import { startSandboxProcess } from '../lib/sandbox-process.js';

const SECONDS = 20;
/** Concurrent connections of the owner's script, on each handler. */
const CONNECTIONS = 10;
const OFF = { maxPending: Infinity, maxCreated: Infinity };

interface Run {
  createdPerSecond: number;
  readsPerSecond: number;
  refused: number;
}

async function hammer(kycUrl: string, limits: 'on' | 'off'): Promise<Run> {
  const routes = kitRoutes(kycUrl, undefined, {
    owner: () => 'hammering-owner',
    sessions: limits === 'on' ? {} : OFF,
    budgets: LOAD_BUDGETS,
  });
  let next = 0;
  // `/kyc/status/mine` stands for the owner's script polling each transaction it got, in turn.
  const host = await listen((req, res) => {
    const created = routes.created();
    if (req.url === '/kyc/status/mine' && created.length) req.url = `/kyc/status/${created[next++ % created.length]}`;
    routes.listener(req, res);
  });
  try {
    let createdBefore = 0;
    let readsBefore = 0;
    const [sessions] = await Promise.all([
      generateLoad(
        {
          url: host.url,
          connections: CONNECTIONS,
          durationSeconds: SECONDS,
          paths: ['/kyc/session'],
          method: 'POST',
          headers: { 'kyc-verify-session': 'new' },
        },
        () => {
          createdBefore = routes.created().length;
          readsBefore = routes.providerReads();
        },
      ),
      generateLoad({ url: host.url, connections: CONNECTIONS, durationSeconds: SECONDS, paths: ['/kyc/status/mine'] }),
    ]);
    return {
      createdPerSecond: (routes.created().length - createdBefore) / sessions.durationSeconds,
      readsPerSecond: (routes.providerReads() - readsBefore) / sessions.durationSeconds,
      refused: sessions.failed['429'] ?? 0,
    };
  } finally {
    await host.close();
  }
}

export async function measureSessions(): Promise<Figure[]> {
  const sandbox = await startSandboxProcess();
  try {
    const on = await hammer(sandbox.url, 'on');
    const off = await hammer(sandbox.url, 'off');
    const figures = (name: string, run: Run): Figure[] => [
      { figure: `Sessions, one owner hammering, ${name}: transactions created/s`, unit: '/s', median: run.createdPerSecond, runs: 1 },
      { figure: `Sessions, one owner hammering, ${name}: provider reads/s`, unit: 'reads/s', median: run.readsPerSecond, runs: 1 },
      { figure: `Sessions, one owner hammering, ${name}: session POSTs refused (429)`, unit: 'requests', median: run.refused, runs: 1 },
    ];
    return [
      ...figures('default limits', on),
      ...figures('limits off', off),
      {
        figure: 'Sessions: transactions created, limits off ÷ default limits',
        unit: '×',
        median: off.createdPerSecond / on.createdPerSecond,
        runs: 1,
      },
      {
        figure: 'Sessions: provider reads, limits off ÷ default limits',
        unit: '×',
        median: off.readsPerSecond / on.readsPerSecond,
        runs: 1,
      },
    ];
  } finally {
    await sandbox.close();
  }
}
