/**
 * Steps: from a step the person takes on the phone (the sandbox's `outcome` call) to the desktop
 * element showing it, through the real chain (page → the kit's status stream → sandbox), told by
 * step webhooks or found by the kit's periodic reads alone; straight to the host and through
 * Debian's nginx with its default proxy settings. Then the handoff's (handoff.ts): the phone opening
 * the kit's short link → the desktop element saying so.
 */
import type { Figure } from '../lib/figure.js';
import { openPage } from '../lib/browser.js';
import type { Listening } from '../lib/http.js';
import { createTransactions, kitRoutes, type KitRoutes } from '../lib/kit-host.js';
import { startNginx } from '../lib/nginx.js';
import { startPageServer } from '../lib/page-server.js';
import { applyOutcome, startSandboxProcess } from '../lib/sandbox-process.js';
import { percentile, sampled } from '../lib/stats.js';
import { measureHandoff } from './handoff.js';

const CONFIGURATIONS = [
  { webhooks: true, nginx: false, budgetMs: 250 },
  { webhooks: true, nginx: true, budgetMs: 250 },
  { webhooks: false, nginx: false, budgetMs: 1100 },
  { webhooks: false, nginx: true, budgetMs: 1100 },
];
const TRANSACTIONS = 40;
/** A browser keeps 6 HTTP/1.1 connections per origin, and each stream holds one (a real page has one element). */
const STREAMS_AT_ONCE = 5;
/** The document step, the first a person takes on the phone. */
const STEP = { code: '002', name: 'Capture_credential_Ok' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The kit's routes served with the page, and the front the browser and the sandbox's webhooks reach: the host, or nginx before it. */
async function startFront(sandboxUrl: string, webhooks: boolean, nginx: boolean) {
  const front = { url: '' };
  const routes = kitRoutes(sandboxUrl, undefined, {}, webhooks ? () => `${front.url}/kyc/webhook` : undefined);
  const server = await startPageServer(routes.listener);
  const proxy: Listening | undefined = nginx ? await startNginx(server.url) : undefined;
  front.url = (proxy ?? server).url;
  return {
    url: front.url,
    routes,
    close: async () => {
      await proxy?.close();
      await server.close();
    },
  };
}

/** The gaps between a streamed transaction's consecutive reads, over every transaction read more than once. */
function readGaps(routes: KitRoutes, uuids: readonly string[]): number[] {
  return uuids.flatMap((uuid) => {
    const times = routes.readTimes().get(uuid) ?? [];
    return times.slice(1).map((at, index) => at - times[index]!);
  });
}

export async function measureSteps(): Promise<Figure[]> {
  const sandbox = await startSandboxProcess();
  const figures: Figure[] = [];
  try {
    for (const { webhooks, nginx, budgetMs } of CONFIGURATIONS) {
      const front = await startFront(sandbox.url, webhooks, nginx);
      try {
        const { page, close } = await openPage(front.url);
        try {
          // A deployment whose step webhooks reach the kit has seen one lately: one step walked first, not measured.
          if (webhooks) {
            const [warmUp] = await createTransactions(front.url, 1);
            await applyOutcome(sandbox.url, warmUp!, STEP.code);
            await sleep(500);
          }
          const uuids = await createTransactions(front.url, TRANSACTIONS);
          const outcomeAt = new Map<string, number>();
          for (let start = 0; start < uuids.length; start += STREAMS_AT_ONCE) {
            const batch = uuids.slice(start, start + STREAMS_AT_ONCE);
            await page.evaluate(`benchProbes.watch(${JSON.stringify(batch)}, 1000, true)`);
            await Promise.all(
              batch.map(async (uuid) => {
                // Past the stream's first read, at a random phase of the periodic reads.
                await sleep(1000 + Math.random() * 1000);
                await applyOutcome(sandbox.url, uuid, STEP.code);
                outcomeAt.set(uuid, Date.now());
              }),
            );
            const shown = `${JSON.stringify(batch)}.every((uuid) => benchProbes.stepAt[uuid]?.[${JSON.stringify(STEP.name)}])`;
            await page.waitForFunction(shown, undefined, { timeout: 10_000 });
            await page.evaluate('benchProbes.unwatchAll()');
          }
          const stepAt = await page.evaluate<Record<string, Record<string, number>>>('benchProbes.stepAt');
          const how = `${webhooks ? 'step webhooks' : 'reads alone'}, ${nginx ? 'through nginx' : 'direct'}`;
          const figure = sampled(
            `Steps: phone step → desktop change, ${how}`,
            'ms',
            uuids.map((uuid) => stepAt[uuid]![STEP.name]! - outcomeAt.get(uuid)!),
          );
          if (figure.p95! > budgetMs)
            console.error(`bench: steps, ${how}: p95 ${Math.round(figure.p95!)} ms is over its ${budgetMs} ms budget`);
          figures.push(figure);
          if (!webhooks && !nginx) {
            const gaps = readGaps(front.routes, uuids);
            figures.push(sampled('Steps, reads alone: gap between two reads of a streamed transaction', 'ms', gaps));
            figures.push({
              figure: 'Steps, reads alone: gaps over 1.5 s (a read the budget put off a whole tick)',
              unit: 'gaps',
              median: gaps.filter((gap) => gap > 1500).length,
              runs: gaps.length,
            });
            console.error(`bench: steps: read gaps p5 ${Math.round(percentile(gaps, 5))} ms`);
          }
        } finally {
          await close();
        }
      } finally {
        await front.close();
      }
    }
    figures.push(...(await measureHandoff(sandbox.url)));
    return figures;
  } finally {
    await sandbox.close();
  }
}
