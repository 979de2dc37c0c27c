// One height from the first paint to the end: the demo's script-tag page (demo/script-tag.html, the
// standalone bundle from a script tag, with the rule docs/element.md gives for the element not yet
// defined) does not move while the element is defined, gets its link (with the typed code and the
// send buttons), the browser refuses a copy, a phone opens the link, a try fails with the longest of
// the reasons, the document passes, the verification succeeds and Continue becomes ready: the
// cumulative layout shift over the whole flow stays ≤ 0.01 (a `layout-shift` PerformanceObserver,
// test/e2e/page/layout-shift.js), and the element keeps its height, on a computer (the QR code) and a
// phone (the button). The bundle is answered late, as on a slow network, so that the page paints first.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sandboxControl, startWorld, type World } from './harness.js';
import { REFUSED_COPY, walkWholeFlow } from './whole-flow.js';

const TEST = { timeout: 90_000 };
const OBSERVER = resolve(import.meta.dirname, 'page/layout-shift.js');
const BUNDLE_DELAY_MS = 400;
const CLS_GOAL = 0.01;

/** The CSS block of docs/element.md's paragraph on the element's place on the page, as written there. */
async function documentedRule(): Promise<string> {
  const doc = await readFile('docs/element.md', 'utf8');
  const after = doc.split('**Its place on the page, from the first paint.**')[1]!;
  return /```css\n([\s\S]*?)```/.exec(after)![1]!;
}

const DEVICES = {
  'a computer, the QR code (the page as it is)': { viewport: { width: 1280, height: 800 }, mode: 'qr', phone: false },
  'a phone, the button (auto mode)': { viewport: { width: 390, height: 844 }, mode: 'auto', phone: true },
} as const;

describe('end to end: one height through the whole flow, on the demo script-tag page', () => {
  let world: World;

  before(async () => {
    world = await startWorld({ shortLinks: true });
  });
  after(() => world.close());

  it("holds, before the element is defined, the rule docs/element.md gives for the element's place", async () => {
    const page = await readFile('demo/script-tag.html', 'utf8');
    const normalise = (css: string) => css.replace(/\s+/g, ' ').trim();
    assert.ok(normalise(page).includes(normalise(await documentedRule())), 'demo/script-tag.html holds the documented rule');
  });

  for (const [name, { viewport, mode, phone }] of Object.entries(DEVICES)) {
    it(`moves nothing on ${name}: cumulative layout shift ≤ ${CLS_GOAL} from the first paint to Continue`, TEST, async () => {
      const context = await world.browser.newContext({ viewport, isMobile: phone, hasTouch: phone });
      const page = await context.newPage();
      await page.addInitScript({ path: OBSERVER });
      await page.addInitScript(REFUSED_COPY);
      await page.route('**/kyc-verify.bundle.js', async (route) => {
        const response = await route.fetch();
        await new Promise((done) => setTimeout(done, BUNDLE_DELAY_MS));
        await route.fulfill({ response });
      });
      const url = new URL('/script-tag.html', world.demo.url).href;
      await page.route(url, async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, body: (await response.text()).replace(' mode="qr"', mode === 'qr' ? ' mode="qr"' : '') });
      });
      await page.goto(url);
      const heights = await walkWholeFlow(page, (path, body) => sandboxControl(world, path, body), { typedCode: !phone });
      const { total, moved } = (await page.evaluate('window.layoutShift')) as { total: number; moved: string[] };
      await context.close();
      assert.ok(total <= CLS_GOAL, `cumulative layout shift ${total.toFixed(4)}: ${moved.join('; ')}`);
      assert.deepEqual(new Set(heights).size, 1, `the element's heights along the flow: ${heights.join(', ')}`);
    });
  }
});
