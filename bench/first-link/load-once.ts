/** One cold load of a first-link page: a new browser context (empty cache) on the slow phone. */
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { repoRoot } from '../lib/repo.js';
import { emulateSlowPhone } from './slow-phone.js';

const PROBE = join(repoRoot, 'bench/lib/page/first-link.js');
const LAYOUT_SHIFT = join(repoRoot, 'test/e2e/page/layout-shift.js');
/** Generous: a loaded machine slows the throttled page further. */
const TIMEOUT_MS = 60_000;

export interface FirstLink {
  /** From navigation start to the frame that first shows the link. */
  ms: number;
  /** Downloaded by then, headers included. */
  bytes: number;
  /** The paths downloaded by then. */
  files: string[];
  /** Cumulative layout shift from navigation until the element shows its first status, its script run. */
  layoutShift: number;
}

/** `measure` run on a new page of a new context on the slow phone, the context closed after. */
async function onSlowPhone<T>(browser: Browser, device: BrowserContextOptions, measure: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext(device);
  try {
    const page = await context.newPage();
    await emulateSlowPhone(await context.newCDPSession(page));
    return await measure(page);
  } finally {
    await context.close();
  }
}

/**
 * The floor under every first link: a page with nothing of ours (one request, its HTML painted),
 * from navigation to its first contentful paint.
 */
export const firstPaintOnce = (browser: Browser, url: string, device: BrowserContextOptions): Promise<number> =>
  onSlowPhone(browser, device, async (page) => {
    await page.goto(url, { timeout: TIMEOUT_MS });
    const painted = await page.waitForFunction("performance.getEntriesByName('first-contentful-paint')[0]?.startTime", undefined, {
      timeout: TIMEOUT_MS,
      polling: 100,
    });
    return (await painted.jsonValue()) as number;
  });

export const loadOnce = (browser: Browser, url: string, device: BrowserContextOptions): Promise<FirstLink> =>
  onSlowPhone(browser, device, async (page) => {
    await page.addInitScript({ path: PROBE });
    await page.addInitScript({ path: LAYOUT_SHIFT });
    await page.goto(url, { timeout: TIMEOUT_MS });
    // A string, not a function: tsx's transpiled functions may call helpers the page does not have.
    const shown = await page.waitForFunction('window.firstLink', undefined, { timeout: TIMEOUT_MS, polling: 100 });
    const firstLink = (await shown.jsonValue()) as Omit<FirstLink, 'layoutShift'>;
    await page.waitForFunction("window.firstLinkElement().getAttribute('state')", undefined, { timeout: TIMEOUT_MS });
    await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
    return { ...firstLink, layoutShift: ((await page.evaluate('window.layoutShift')) as { total: number }).total };
  });
