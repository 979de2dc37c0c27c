/**
 * Layout shift: what the element costs its host's Core Web Vitals. The demo's script-tag page
 * (demo/script-tag.html, the standalone bundle from a script tag) is opened in Chromium with the
 * bundle answered late, as a slow network would, so that the page paints before the element is
 * defined; a `layout-shift` PerformanceObserver (test/e2e/page/layout-shift.js) sums every shift
 * (none follows an input here) until the link shows and the element has settled. The cumulative
 * layout shift Lighthouse reports is the same sum over the same entries; "good" is ≤ 0.1, and the
 * element aims at ≤ 0.01 (0.284 on a phone before the element kept its height).
 */
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import { startDemo } from '../../demo/stack.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import type { Figure } from '../lib/figure.js';
import { repoRoot } from '../lib/repo.js';
import { sampled } from '../lib/stats.js';

const RUNS = 10;
/** How late the bundle arrives: long enough for the page to paint first. */
const BUNDLE_DELAY_MS = 400;
/** After the link shows: time for anything late (the send chunk, the status) to land. */
const SETTLE_MS = 1500;
const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
/** The page's own mode (qr) on both, and the default mode (auto: the button on a phone). */
const CASES = [
  ['desktop, mode qr', 'desktop', 'qr'],
  ['phone, mode qr', 'phone', 'qr'],
  ['phone, mode auto (the button)', 'phone', 'auto'],
] as const;

/** The page's layout-shift observer, the end-to-end test's (test/e2e/layout-shift.test.ts). */
const OBSERVER = join(repoRoot, 'test/e2e/page/layout-shift.js');

/** The script-tag page with its element in `mode` (the page itself says qr; auto is the attribute's default). */
async function shiftOnce(browser: Browser, url: string, viewport: { width: number; height: number }, mode: 'qr' | 'auto') {
  const context = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    await page.addInitScript({ path: OBSERVER });
    await page.route(url, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace(' mode="qr"', mode === 'qr' ? ' mode="qr"' : '') });
    });
    await page.route('**/kyc-verify.bundle.js', async (route) => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, BUNDLE_DELAY_MS));
      await route.fulfill({ response });
    });
    await page.goto(url);
    await page.locator('kyc-verify [part="copy-button"]').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(SETTLE_MS);
    return (await page.evaluate('window.layoutShift')) as { total: number; moved: string[] };
  } finally {
    await context.close();
  }
}

export async function measureLayoutShift(): Promise<Figure[]> {
  await build({ root: repoRoot, mode: 'standalone', logLevel: 'silent' });
  const demo = await startDemo({ port: 0 });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const url = new URL('/script-tag.html', demo.url).href;
    const figures: Figure[] = [];
    for (const [name, viewport, mode] of CASES) {
      const shifts: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const { total, moved } = await shiftOnce(browser, url, VIEWPORTS[viewport], mode);
        if (run === 0 && moved.length) console.error(`layout-shift, ${name}: ${moved.join(', ')}`);
        shifts.push(total);
      }
      figures.push(sampled(`Layout shift: script-tag page, bundle ${BUNDLE_DELAY_MS} ms late, ${name}`, 'CLS', shifts));
    }
    return figures;
  } finally {
    await browser.close();
    await demo.close();
  }
}
