/**
 * The element in Chromium: time from setting `transaction` to the QR painted, and the JS heap
 * after 1,000 create/poll/remove cycles compared with before. The first thousand include warm-up
 * (the heap grows by a few hundred KB over some 1,500 cycles, then stays flat), so the growth over
 * a third thousand is reported too: a leak shows there as well. The status route answers pending at once,
 * so the element's own work is what is timed.
 */
import type { CDPSession } from 'playwright-core';
import { openPage } from '../lib/browser.js';
import type { Figure } from '../lib/figure.js';
import { startPageServer } from '../lib/page-server.js';
import { answerPending } from '../lib/pending-status.js';
import { sampled } from '../lib/stats.js';

const PAINT_RUNS = 50;
const CYCLES = 1000;
/** Cycles per page.evaluate, so one slow stretch cannot hold the whole run past Playwright's timeout. */
const CYCLES_PER_CALL = 100;

/** Used JS heap in bytes after two full collections (the second catches what the first's finalizers freed). */
async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
}

export async function measureElement(): Promise<Figure[]> {
  const server = await startPageServer(answerPending);
  try {
    const { page, close } = await openPage(server.url);
    try {
      const paintTimes: number[] = [];
      for (let run = 0; run < PAINT_RUNS; run++) paintTimes.push(await page.evaluate<number>('benchProbes.qrPaintTime()'));

      const cdp = await page.context().newCDPSession(page);
      const heaps = [await heapAfterGc(cdp)];
      for (let thousand = 1; thousand <= 3; thousand++) {
        for (let done = 0; done < CYCLES; done += CYCLES_PER_CALL) await page.evaluate(`benchProbes.pollCycles(${CYCLES_PER_CALL})`);
        heaps.push(await heapAfterGc(cdp));
      }
      const growth = (from: number) => (heaps[from + 1]! - heaps[from]!) / 1024;
      return [
        sampled('Element: setting `transaction` → QR painted', 'ms', paintTimes),
        { figure: 'Element: JS heap before the cycles', unit: 'KB', median: heaps[0]! / 1024, runs: 1 },
        { figure: 'Element: JS heap growth, cycles 1–1,000 (create/poll/remove)', unit: 'KB', median: growth(0), runs: CYCLES },
        { figure: 'Element: JS heap growth, cycles 2,001–3,000', unit: 'KB', median: growth(2), runs: CYCLES },
      ];
    } finally {
      await close();
    }
  } finally {
    await server.close();
  }
}
