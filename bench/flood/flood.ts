/**
 * Flood: a script rotates owners (a new visitor id on every session POST, as a client that drops its
 * cookie does) for 20 s on the session handler, and sends each transaction's link and polls it on
 * the send and status handlers: what that costs the integrator in transactions billed, links sent
 * and provider reads, with the kit's budgets off (the limits as they were: per owner only) and at
 * their defaults (docs/budgets.md). 20 s rather than 60 to keep `npm run bench` short: the budgets
 * are per minute, so a 60-s flood costs at most three times the "on" figures' creations and sends.
 */
import { MemoryStore, type BudgetOptions } from '../../src/server/index.js';
import type { Figure } from '../lib/figure.js';
import { listen } from '../lib/http.js';
import { kitRoutes } from '../lib/kit-host.js';
import { generateLoad } from '../lib/load.js';
import { startSandboxProcess } from '../lib/sandbox-process.js';

const SECONDS = 20;
/** Concurrent connections of the script, on each handler. */
const CONNECTIONS = 10;
const OFF: BudgetOptions = {
  createdPerMinute: false,
  createdPerAddressPerMinute: false,
  sendsPerMinute: false,
  sendsPerDestinationPerHour: false,
  readsPerSecond: false,
  streamsPerProcess: false,
  streamsPerAddress: false,
};

interface Run {
  created: number;
  sent: number;
  reads: number;
}

async function flood(kycUrl: string, budgets: 'default' | 'off'): Promise<Run> {
  const store = new MemoryStore({ maxEntries: 100_000 });
  let sent = 0;
  const routes = kitRoutes(kycUrl, store, {
    owner: (request) => request.headers.get('x-user'),
    ...(budgets === 'off' && { budgets: OFF }),
    // Each forged visitor maps to a number of its own, as in the demo: every send a text to a new number.
    sendLink: async () => (sent++, { to: '+56 9 •••• ••00' }),
    sendDestination: ({ owner }) => `number-of-${owner}`,
    sendChannels: ['sms'],
  });
  let owners = 0;
  let next = 0;
  // The script's own bookkeeping: a new owner per session POST; each poll and send on the next transaction it got, as its owner.
  const host = await listen(async (req, res) => {
    // The kit's Node adapter reads the raw headers.
    const claim = (owner: string) => req.rawHeaders.push('x-user', owner);
    if (req.url === '/kyc/session') claim(`forged-${owners++}`);
    const created = routes.created();
    const mine = /^\/kyc\/status\/mine(\/send)?$/.exec(req.url ?? '');
    if (mine && created.length) {
      const uuid = created[next++ % created.length]!;
      req.url = `/kyc/status/${uuid}${mine[1] ?? ''}`;
      claim((await store.getCreated(uuid))?.owner ?? '');
    }
    routes.listener(req, res);
  });
  try {
    const load = (paths: string[], method: 'GET' | 'POST' = 'POST', headers: Record<string, string> = {}, body?: string) =>
      generateLoad({ url: host.url, connections: CONNECTIONS, durationSeconds: SECONDS, paths, method, headers, ...(body && { body }) });
    await Promise.all([
      load(['/kyc/session'], 'POST', { 'kyc-verify-session': 'new' }),
      load(['/kyc/status/mine/send'], 'POST', { 'kyc-verify-session': 'send', 'content-type': 'application/json' }, '{"channel":"sms"}'),
      load(['/kyc/status/mine'], 'GET'),
    ]);
    return { created: routes.created().length, sent, reads: routes.providerReads() };
  } finally {
    await host.close();
  }
}

export async function measureFlood(): Promise<Figure[]> {
  const sandbox = await startSandboxProcess();
  try {
    const off = await flood(sandbox.url, 'off');
    const on = await flood(sandbox.url, 'default');
    const figures = (name: string, run: Run): Figure[] => [
      {
        figure: `Flood of rotating owners, ${SECONDS} s, ${name}: transactions billed`,
        unit: 'transactions',
        median: run.created,
        runs: 1,
      },
      { figure: `Flood of rotating owners, ${SECONDS} s, ${name}: links sent (SMS)`, unit: 'messages', median: run.sent, runs: 1 },
      { figure: `Flood of rotating owners, ${SECONDS} s, ${name}: provider reads`, unit: 'reads', median: run.reads, runs: 1 },
    ];
    return [...figures('budgets off (per-owner limits only)', off), ...figures('default budgets', on)];
  } finally {
    await sandbox.close();
  }
}
