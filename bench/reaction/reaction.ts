/**
 * Reaction time: from the sandbox's `outcome` call that ends a transaction to the page's
 * `kyc-successful`, through the real chain (page → the kit's status handler → sandbox), polling at
 * three intervals, then through the status stream, the sandbox's webhooks reaching the kit.
 * Transactions run in parallel in one page, their elements mounted over one interval so they do
 * not poll in lockstep; each ends at a random phase of its element's polling.
 */
import type { Figure } from '../lib/figure.js';
import { openPage } from '../lib/browser.js';
import { createTransactions, kitRoutes } from '../lib/kit-host.js';
import { startPageServer } from '../lib/page-server.js';
import { applyOutcome, startSandboxProcess } from '../lib/sandbox-process.js';
import { sampled } from '../lib/stats.js';

/** Polling at each interval, then the status stream (its elements poll at 1.5 s only if the stream fails). */
const RUNS = [
  { interval: 1000, stream: false },
  { interval: 1500, stream: false },
  { interval: 2000, stream: false },
  { interval: 1500, stream: true },
];
const TRANSACTIONS_PER_INTERVAL = 100;
const STREAMS_AT_ONCE = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function measureReaction(): Promise<Figure[]> {
  const sandbox = await startSandboxProcess();
  try {
    const host = { url: '' };
    const server = await startPageServer(kitRoutes(sandbox.url, undefined, {}, () => `${host.url}/kyc/webhook`).listener);
    host.url = server.url;
    try {
      const { page, close } = await openPage(server.url);
      try {
        const figures: Figure[] = [];
        for (const { interval, stream } of RUNS) {
          const uuids = await createTransactions(server.url, TRANSACTIONS_PER_INTERVAL);
          // From Session_start a success takes the document first (002); the selfie's 013 then ends it.
          await Promise.all(uuids.map((uuid) => applyOutcome(sandbox.url, uuid, '002')));
          // A browser keeps 6 HTTP/1.1 connections per origin, and each stream holds one: streaming
          // elements are watched a few at a time (a real page has one), polling ones all at once.
          const batchSize = stream ? STREAMS_AT_ONCE : uuids.length;
          const outcomeAt = new Map<string, number>();
          for (let start = 0; start < uuids.length; start += batchSize) {
            const batch = uuids.slice(start, start + batchSize);
            await page.evaluate(`benchProbes.watch(${JSON.stringify(batch)}, ${interval}, ${stream})`);
            await Promise.all(
              batch.map(async (uuid) => {
                // One interval to settle into the polling rhythm, then a random phase within the next.
                await sleep(interval + Math.random() * interval);
                await applyOutcome(sandbox.url, uuid, '013');
                outcomeAt.set(uuid, Date.now());
              }),
            );
            // Bounded: the slowest possible reaction is a cached read (≤ 1 s old) plus one interval.
            await page.waitForFunction(`${JSON.stringify(batch)}.every((uuid) => uuid in benchProbes.successAt)`, undefined, {
              timeout: 3 * interval + 5000,
            });
            await page.evaluate('benchProbes.unwatchAll()');
          }
          const successAt = await page.evaluate<Record<string, number>>('benchProbes.successAt');
          figures.push(
            sampled(
              stream
                ? 'Reaction: outcome → kyc-successful, status stream (webhooks)'
                : `Reaction: outcome → kyc-successful, poll-interval ${interval} ms`,
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
