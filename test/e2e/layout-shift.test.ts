// No layout shift: a page that loads the standalone bundle from a script tag, with the rule
// docs/element.md gives for the element not yet defined, does not move when the element is defined,
// gets its link, then its send buttons: the cumulative layout shift stays ≤ 0.01 on a desktop and a
// phone, in the QR code's mode and the button's. The bundle is answered late, as on a slow network,
// so that the page paints before the element exists.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startWorld, type World } from './harness.js';

const TEST = { timeout: 60_000 };
const OBSERVER = resolve(import.meta.dirname, 'page/layout-shift.js');
const BUNDLE_DELAY_MS = 400;
const CLS_GOAL = 0.01;

/** The CSS block of docs/element.md's paragraph on the element's place on the page, as written there. */
async function documentedRule(): Promise<string> {
  const doc = await readFile('docs/element.md', 'utf8');
  const after = doc.split('**Its place on the page, from the first paint.**')[1]!;
  return /```css\n([\s\S]*?)```/.exec(after)![1]!;
}

const shopPage = (rule: string, attributes: string) => `<!doctype html>
<html lang="es">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Tienda</title>
    <style>body { font-family: system-ui, sans-serif; } ${rule}</style>
    <script type="module" src="/kyc-verify.bundle.js"></script>
  </head>
  <body>
    <h1>Verifica tu identidad</h1>
    <kyc-verify session-url="/kyc/session" status-url="/kyc/status/{uuid}" ${attributes}></kyc-verify>
    <p>Lo que sigue en la página: no debe moverse.</p>
    <footer>Tienda de ejemplo</footer>
  </body>
</html>`;

describe('end to end: no layout shift from the element', () => {
  let world: World;
  let rule: string;

  before(async () => {
    world = await startWorld();
    rule = await documentedRule();
  });
  after(() => world.close());

  for (const [name, viewport, attributes] of [
    ['a desktop, the QR code', { width: 1280, height: 800 }, 'mode="qr"'],
    ['a desktop, auto mode', { width: 1280, height: 800 }, ''],
    ['a phone, auto mode (the button)', { width: 390, height: 844 }, ''],
    ['a phone, the QR code', { width: 390, height: 844 }, 'mode="qr"'],
  ] as const) {
    it(`moves nothing on ${name}: cumulative layout shift ≤ ${CLS_GOAL}`, TEST, async () => {
      const context = await world.browser.newContext({ viewport });
      const page = await context.newPage();
      await page.addInitScript({ path: OBSERVER });
      await page.route('**/kyc-verify.bundle.js', async (route) => {
        const response = await route.fetch();
        await new Promise((done) => setTimeout(done, BUNDLE_DELAY_MS));
        await route.fulfill({ response });
      });
      const url = new URL('/shop.html', world.demo.url).href;
      await page.route(url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: shopPage(rule, attributes) }));
      await page.goto(url);
      // Everything that arrives late has arrived: the link, the send buttons and the time left.
      await page.locator('kyc-verify [part="send-button"]').first().waitFor();
      await page.waitForFunction("document.querySelector('kyc-verify').shadowRoot.querySelector('[part=timer]').textContent");
      await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
      const { total, moved } = (await page.evaluate('window.layoutShift')) as { total: number; moved: string[] };
      await context.close();
      assert.ok(total <= CLS_GOAL, `cumulative layout shift ${total.toFixed(4)}: ${moved.join('; ')}`);
    });
  }
});
