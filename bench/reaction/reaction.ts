/**
 * Reaction time: from the sandbox's `outcome` call that ends a transaction to the page's
 * `kyc-successful`, through the real chain (page → the kit's status handler → sandbox).
 * Transactions run in parallel in one page, their elements mounted over one interval so they do
 * not poll in lockstep; each ends at a random phase of its element's polling.
 */
import type { Figure } from '../lib/figure.js';
import { openPage } from '../lib/browser.js';
import { createTransactions, kitRoutes } from '../lib/kit-host.js';
import { startPageServer } from '../lib/page-server.js';
import { startSandboxProcess } from '../lib/sandbox-process.js';
import { sampled } from '../lib/stats.js';

const POLL_INTERVALS = [1000, 1500, 2000];
const TRANSACTIONS_PER_INTERVAL = 100;

async function applyOutcome(sandboxUrl: string, uuid: string, code: string): Promise<void> {
  const answer = await fetch(`${sandboxUrl}/sandbox/transactions/${uuid}/outcome`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  if (answer.status !== 200) throw new Error(`outcome ${code} for ${uuid}: ${answer.status} ${await answer.text()}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function measureReaction(): Promise<Figure[]> {
  const sandbox = await startSandboxProcess();
  try {
    const server = await startPageServer(kitRoutes(sandbox.url).listener);
    try {
      const { page, close } = await openPage(server.url);
      try {
        const figures: Figure[] = [];
        for (const interval of POLL_INTERVALS) {
          const uuids = await createTransactions(server.url, TRANSACTIONS_PER_INTERVAL);
          // From Session_start a success takes the document first (002); the selfie's 013 then ends it.
          await Promise.all(uuids.map((uuid) => applyOutcome(sandbox.url, uuid, '002')));
          await page.evaluate(`benchProbes.watch(${JSON.stringify(uuids)}, ${interval})`);

          const outcomeAt = new Map<string, number>();
          await Promise.all(
            uuids.map(async (uuid) => {
              // One interval to settle into the polling rhythm, then a random phase within the next.
              await sleep(interval + Math.random() * interval);
              await applyOutcome(sandbox.url, uuid, '013');
              outcomeAt.set(uuid, Date.now());
            }),
          );
          // Bounded: the slowest possible reaction is a cached read (≤ 1 s old) plus one interval.
          await page.waitForFunction(`${JSON.stringify(uuids)}.every((uuid) => uuid in benchProbes.successAt)`, undefined, {
            timeout: 3 * interval + 5000,
          });
          const successAt = await page.evaluate<Record<string, number>>('benchProbes.successAt');
          await page.evaluate('benchProbes.unwatchAll()');
          figures.push(
            sampled(
              `Reaction: outcome → kyc-successful, poll-interval ${interval} ms`,
              'ms',
              uuids.map((uuid) => successAt[uuid]! - outcomeAt.get(uuid)!),
            ),
          );
        }
        return figures;
      } finally {
        await close();
      }
    } finally {
      await server.close();
    }
  } finally {
    await sandbox.close();
  }
}
