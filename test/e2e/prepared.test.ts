// The element prepared by the server (docs/element.md, "Prepared by the server"): the demo's
// /prepared.html, whose route prepares the visitor's session (kit.prepare) and renders the element
// into the HTML (kyc-verify/ssr). Without JavaScript the page still shows the link and a QR code
// that decodes, and the person verifies on the phone and sees the result by reloading; with the
// bundle held back, the link shows at once and the element follows the status once it comes, with
// no session request and nothing moved or redrawn; a page of another site, or a prefetch, creates nothing.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page, Route } from 'playwright-core';
import { sandboxControl, scanQr, SCREENSHOTS, startWorld, uuidOf, walk, type World } from './harness.js';

const TEST = { timeout: 90_000 };
const OBSERVER = resolve(import.meta.dirname, 'page/layout-shift.js');
/** How long the bundle is held back: the page must be whole without it meanwhile. */
const BUNDLE_HELD_MS = 5_000;

/** The parts of the server's render that must look the same once the element has taken over. */
const DRAWN_PARTS = ['preparation', 'qr', 'link', 'status'];

const shadow = (page: Page, selector: string) => page.locator(`kyc-verify ${selector}`);

/** Holds every request for the bundle until `release()`; `requested` resolves when the first comes. */
function holdBundle(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested!: () => void;
  const asked = new Promise<void>((resolve) => (requested = resolve));
  void page.route('**/kyc-verify.bundle.js', async (route: Route) => {
    requested();
    await released;
    await route.continue();
  });
  return { release, requested: asked };
}

describe('end to end: the element prepared by the server', () => {
  let world: World;
  let url: string;

  before(async () => {
    world = await startWorld();
    url = new URL('/prepared.html', world.demo.url).href;
  });
  after(() => world.close());

  it(
    'without JavaScript: the link and a QR code that decodes, the service’s page reached, the result seen by reloading',
    TEST,
    async () => {
      const context = await world.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(url);
      const link = await shadow(page, '[part="link"]').getAttribute('href');
      assert.match(link!, /\/transactions\//);
      assert.equal(await scanQr(page), link, 'the QR code is drawn in the HTML, and carries the link');
      assert.match(await shadow(page, 'noscript').innerText(), /recarga esta página/);
      assert.equal(await shadow(page, '[part="timer"]').count(), 1, 'the timer is in the render');
      assert.equal(await shadow(page, '[part="timer"]').isVisible(), false, 'no timer that would never count down');
      // Not laid out at all (with scripts on, its row is kept for the send buttons, unseen: the test below).
      assert.equal(await shadow(page, '[part="copy-button"]').boundingBox(), null, 'no Copy link that would copy nothing');
      // The person's phone, without JavaScript either: the sandbox's page is plain HTML forms.
      const phone = await (await world.browser.newContext({ javaScriptEnabled: false, locale: 'es-CL' })).newPage();
      await phone.goto(link!);
      await walk(phone, ['Documento OK', 'Selfie OK']);
      await page.reload();
      await shadow(page, '[part="status"].successful').waitFor({ timeout: 30_000 });
      // Its end needs no button: the script that would continue or record it does not run.
      assert.equal(await shadow(page, '[part="continue-button"]').count(), 1, 'the button is in the render');
      assert.equal(await shadow(page, '[part="continue-button"]').boundingBox(), null, 'no button that would do nothing');
      await context.close();
      await phone.context().close();
    },
  );

  it(
    'with the bundle held back 5 s: the link at once, then the element takes over with no session request, nothing moved or redrawn, and follows the status',
    TEST,
    async () => {
      const context = await world.browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.addInitScript({ path: OBSERVER });
      const sessionRequests: string[] = [];
      page.on(
        'request',
        (request) => request.url().includes('/kyc/session') && sessionRequests.push(`${request.method()} ${request.url()}`),
      );
      const bundle = holdBundle(page);
      // 598 s (599 at most, by the service's whole seconds): the timer's first width is its width from then on (tabular
      // digits), so that a shift could only be the upgrade's.
      await page.goto(`${url}?expiration=598`, { waitUntil: 'commit' });
      await bundle.requested;
      // Painted from the HTML alone: the element is not defined yet.
      await shadow(page, '[part="qr"] path').waitFor();
      assert.equal(await page.evaluate("customElements.get('kyc-verify') === undefined"), true);
      const link = await shadow(page, '[part="link"]').getAttribute('href');
      assert.equal(await scanQr(page), link);
      // What the server drew, part by part (the timer ticks, the send buttons come with their chunk into the room kept for them):
      // each where it was, drawn the same, animations stopped.
      const drawn = async () => {
        const parts: { part: string; box: unknown; pixels: Buffer }[] = [];
        for (const part of DRAWN_PARTS) {
          const locator = shadow(page, `[part="${part}"]`);
          parts.push({ part, box: await locator.boundingBox(), pixels: await locator.screenshot({ animations: 'disabled' }) });
        }
        return parts;
      };
      const before = await drawn();
      // The demo sends the link: Copy link's row is laid out unseen, as in the element's first render, until the send buttons come.
      const copyButton = shadow(page, '[part="copy-button"]');
      const copyBox = await copyButton.boundingBox();
      assert.ok(copyBox && !(await copyButton.isVisible()), 'Copy link holds its place, unseen, until the send buttons come');
      await new Promise((done) => setTimeout(done, BUNDLE_HELD_MS));
      bundle.release();
      await page.waitForFunction("customElements.get('kyc-verify') && document.querySelector('kyc-verify').hasUpdated");
      await page.waitForFunction("document.querySelector('kyc-verify').getAttribute('state') === 'pending'");
      const after = await drawn();
      await shadow(page, '[part="send-button"]').first().waitFor();
      const shown = await copyButton.boundingBox();
      assert.deepEqual([shown?.y, shown?.height], [copyBox.y, copyBox.height], 'Copy link shows in the row the server kept for it');
      const { total, moved } = (await page.evaluate('window.layoutShift')) as { total: number; moved: string[] };
      assert.equal(total, 0, `layout shift ${total}: ${moved.join('; ')}`);
      for (const [index, { part, box, pixels }] of before.entries()) {
        assert.deepEqual(after[index]!.box, box, `${part} stays where the server drew it`);
        if (!after[index]!.pixels.equals(pixels))
          await writeFile(resolve(SCREENSHOTS, `prepared-${part}-upgraded.png`), after[index]!.pixels);
        assert.ok(after[index]!.pixels.equals(pixels), `${part} is drawn as the server drew it`);
      }
      await sandboxControl(world, `transactions/${uuidOf(link!)}/outcome`, { code: '002' });
      await shadow(page, '[part~="progress"]').waitFor({ timeout: 15_000 });
      assert.deepEqual(sessionRequests, [], 'no session request: the server prepared it');
      await context.close();
    },
  );

  it('a page of another site embedding it as an image, or a prefetch of it, creates no transaction', TEST, async () => {
    const context = await world.browser.newContext();
    const page = await context.newPage();
    const created = world.demo.sandbox.transactionsCreated();
    // A visitor of the demo (its cookie set), then on another site (localhost is not 127.0.0.1's site).
    await page.goto(url.replace('/prepared.html', '/demo.css'));
    const other = createServer((_req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<img src="${url}" onerror="window.image = true"><link rel="prefetch" href="${url}?via=prefetch" onload="window.prefetched = true">`,
        ),
    );
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      await page.goto(`http://localhost:${(other.address() as AddressInfo).port}/`);
      await page.waitForFunction('window.image && window.prefetched');
      // A prefetch from the demo's own origin too.
      await page.goto(url.replace('/prepared.html', '/demo.css'));
      const own = page.waitForResponse(`${url}?via=own-prefetch`);
      await page.evaluate(
        `document.head.append(Object.assign(document.createElement('link'), { rel: 'prefetch', href: '${url}?via=own-prefetch' }))`,
      );
      await own;
      assert.equal(world.demo.sandbox.transactionsCreated(), created);
      // The same page navigated to is prepared: the test counts what it should.
      await page.goto(url);
      assert.equal(world.demo.sandbox.transactionsCreated(), created + 1);
    } finally {
      other.close();
      await context.close();
    }
  });
});
