/**
 * Layout shift: what the element costs its host's Core Web Vitals, over the whole flow. The demo's
 * script-tag page (demo/script-tag.html, the standalone bundle from a script tag) is opened in
 * Chromium with the bundle answered late, as a slow network would, so that the page paints before
 * the element is defined; then the flow is walked to its end as test/e2e/whole-flow.ts does (the
 * link with the typed code and the send buttons, a refused copy, the phone connected, a try that
 * fails with the longest reason, the document passing, success, Continue ready), while a
 * `layout-shift` PerformanceObserver (test/e2e/page/layout-shift.js) sums every shift (none follows
 * an input here). The cumulative layout shift Lighthouse reports is the same sum over the same
 * entries; "good" is ≤ 0.1, and the element aims at ≤ 0.01 (0.204 on a phone and 0.037 on a
 * computer over the whole flow before issue 39; 0.284 on a phone, to the link only, before the
 * element kept its height).
 */
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import { startDemo, type DemoStack } from '../../demo/stack.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { REFUSED_COPY, walkWholeFlow } from '../../test/e2e/whole-flow.js';
import type { Figure } from '../lib/figure.js';
import { repoRoot } from '../lib/repo.js';
import { sampled } from '../lib/stats.js';

const RUNS = 5;
/** How late the bundle arrives: long enough for the page to paint first. */
const BUNDLE_DELAY_MS = 400;
/** The page as it is (qr) on a computer, and the default mode (auto: the button) on a phone. */
const CASES = [
  ['computer, mode qr', { viewport: { width: 1280, height: 800 }, phone: false, mode: 'qr' }],
  ['phone, mode auto (the button)', { viewport: { width: 390, height: 844 }, phone: true, mode: 'auto' }],
] as const;

/** The page's layout-shift observer, the end-to-end test's (test/e2e/layout-shift.test.ts). */
const OBSERVER = join(repoRoot, 'test/e2e/page/layout-shift.js');

type Case = (typeof CASES)[number][1];

/** The script-tag page walked to its end, its element in the case's mode (the page itself says qr; auto is the attribute's default). */
async function shiftOnce(browser: Browser, demo: DemoStack, { viewport, phone, mode }: Case) {
  const context = await browser.newContext({ viewport, isMobile: phone, hasTouch: phone });
  try {
    const page = await context.newPage();
    await page.addInitScript({ path: OBSERVER });
    await page.addInitScript(REFUSED_COPY);
    const url = new URL('/script-tag.html', demo.url).href;
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
    const control = async (path: string, body: unknown) => {
      await fetch(`${demo.sandbox.url}/sandbox/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    };
    await walkWholeFlow(page, control, { typedCode: !phone });
    return (await page.evaluate('window.layoutShift')) as { total: number; moved: string[] };
  } finally {
    await context.close();
  }
}

export async function measureLayoutShift(): Promise<Figure[]> {
  await build({ root: repoRoot, mode: 'standalone', logLevel: 'silent' });
  const demo = await startDemo({ port: 0, shortLinks: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const figures: Figure[] = [];
    for (const [name, device] of CASES) {
      const shifts: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const { total, moved } = await shiftOnce(browser, demo, device);
        if (run === 0 && moved.length) console.error(`layout-shift, ${name}: ${moved.join(', ')}`);
        shifts.push(total);
      }
      figures.push(sampled(`Layout shift: script-tag page, bundle ${BUNDLE_DELAY_MS} ms late, the whole flow, ${name}`, 'CLS', shifts));
    }
    return figures;
  } finally {
    await browser.close();
    await demo.close();
  }
}
