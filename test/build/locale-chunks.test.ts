// The standalone bundle's chunks, from a plain <script type="module"> in Chromium: Spanish is in
// the bundle, the other languages load from the files beside it, and so does sending the link once
// an answer offers it, and the QR encoder once a QR code is drawn; a page that copied only the
// bundle still works, in Spanish, without a send button and with the button for a QR code, with one
// warning naming the file it missed.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { en } from '../../src/element/locales/en.js';
import { es } from '../../src/element/locales/es.js';
import { SEND_STRINGS } from '../../src/element/locales/send-strings.js';

const UUID = '3f2c1e0a-8b7d-4c6e-9f10-2a3b4c5d6e7f';

/**
 * A page of two elements following a pending transaction, in `lang`; `statusPath` says whether its
 * answers offer sending, `mode` how the link shows (the button, as on a phone, unless asked).
 */
const pageIn = (lang: string, statusPath = 'status', mode = 'button') => `<!doctype html><html lang="${lang}"><body>
  <script type="module" src="/kyc-verify.bundle.js"></script>
  ${`<kyc-verify mode="${mode}" transaction="${UUID}" status-url="/${statusPath}/{uuid}" verification-url="https://verify.example.cl"></kyc-verify>`.repeat(2)}
</body></html>`;

const pendingStatus = (offers: object = {}) =>
  JSON.stringify({
    uuid: UUID,
    state: 'pending',
    step: null,
    code: null,
    expires_at: new Date(Date.now() + 600_000).toISOString(),
    ...offers,
  });

describe("the standalone bundle's languages in Chromium", () => {
  let dir: string;
  let server: Server;
  let origin: string;
  let browser: Browser;
  /** The files the server has: the bundle always, each locale chunk while it is copied. */
  const served = new Map<string, string>();
  const requested: string[] = [];

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kyc-verify-locales-'));
    await build({ mode: 'standalone', logLevel: 'silent', build: { outDir: dir, emptyOutDir: true } });
    for (const name of ['kyc-verify.bundle.js', 'kyc-verify.en.js', 'kyc-verify.send.js', 'kyc-verify.qr.js'])
      served.set(`/${name}`, await readFile(join(dir, name), 'utf8'));
    server = createServer((request, response) => {
      const path = request.url!.split('?')[0]!;
      requested.push(path);
      const lang = /^\/page\/([\w-]+)$/.exec(path)?.[1];
      if (lang) response.writeHead(200, { 'content-type': 'text/html' }).end(pageIn(lang));
      else if (path === '/page-sending') response.writeHead(200, { 'content-type': 'text/html' }).end(pageIn('es', 'sending'));
      else if (path === '/page-qr') response.writeHead(200, { 'content-type': 'text/html' }).end(pageIn('es', 'status', 'qr'));
      else if (path === `/status/${UUID}`) response.writeHead(200, { 'content-type': 'application/json' }).end(pendingStatus());
      else if (path === `/sending/${UUID}`) {
        response.writeHead(200, { 'content-type': 'application/json' }).end(pendingStatus({ send: ['email'] }));
      } else if (served.has(path)) response.writeHead(200, { 'content-type': 'text/javascript' }).end(served.get(path));
      else response.writeHead(404).end();
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  });
  after(async () => {
    await browser?.close();
    server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Opens `path`, collecting the console's warnings, and gives what `look` found on it. */
  async function onPage<T>(path: string, look: (page: Page, warnings: string[]) => Promise<T>): Promise<T> {
    const page = await browser.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    try {
      await page.goto(`${origin}${path}`);
      return await look(page, warnings);
    } finally {
      await page.close();
    }
  }

  /** Opens `path` and gives what both elements' `part` buttons say once visible, and the console's warnings. */
  const open = (path: string, part = 'copy-button') =>
    onPage(path, async (page, warnings) => {
      const buttons = page.locator(`kyc-verify [part~="${part}"]`);
      await buttons.first().waitFor({ state: 'visible' });
      await buttons.last().waitFor({ state: 'visible' });
      return { labels: await buttons.allTextContents(), warnings };
    });

  it('speaks Spanish from the bundle alone, loading no other file: a phone shown the button never fetches the QR encoder', async () => {
    requested.length = 0;
    const { labels, warnings } = await open('/page/es');
    assert.deepEqual(labels, [es.copyLink, es.copyLink]);
    assert.deepEqual(warnings, []);
    assert.deepEqual(
      requested.filter((path) => path.endsWith('.js')),
      ['/kyc-verify.bundle.js'],
    );
  });

  it('speaks English on an English page, from kyc-verify.en.js beside the bundle', async () => {
    const { labels, warnings } = await open('/page/en');
    assert.deepEqual(labels, [en.copyLink, en.copyLink]);
    assert.deepEqual(warnings, []);
  });

  it('falls back to Spanish when only the bundle was copied, with one warning that names the missing file', async () => {
    served.delete('/kyc-verify.en.js');
    const { labels, warnings } = await open('/page/en');
    assert.deepEqual(labels, [es.copyLink, es.copyLink]);
    assert.equal(warnings.length, 1, warnings.join('\n'));
    assert.match(warnings[0]!, /kyc-verify\.en\.js/);
  });

  it('sends the link with kyc-verify.send.js beside the bundle, loaded once an answer offers sending', async () => {
    requested.length = 0;
    const { labels, warnings } = await open('/page-sending', 'send-button');
    assert.deepEqual(
      labels.map((label) => label.trim()),
      [SEND_STRINGS.es!.sendEmail, SEND_STRINGS.es!.sendEmail],
    );
    assert.deepEqual(warnings, []);
    assert.deepEqual(
      requested.filter((path) => path.endsWith('.js')),
      ['/kyc-verify.bundle.js', '/kyc-verify.send.js'],
    );
  });

  it('offers no send button when only the bundle was copied, with one warning that names the missing file', async () => {
    served.delete('/kyc-verify.send.js');
    const { sendButtons, warnings } = await onPage('/page-sending', async (page, warnings) => {
      await page.locator('kyc-verify [part~="copy-button"]').last().waitFor({ state: 'visible' });
      // Waits for the warning, for 5 s at most.
      for (let tries = 0; tries < 100 && warnings.length === 0; tries++) await page.waitForTimeout(50);
      return { sendButtons: await page.locator('kyc-verify [part~="send-button"]').count(), warnings };
    });
    assert.equal(sendButtons, 0);
    assert.equal(warnings.length, 1, warnings.join('\n'));
    assert.match(warnings[0]!, /kyc-verify\.send\.js/);
  });

  it('draws the QR code with kyc-verify.qr.js beside the bundle, fetched once for both elements', async () => {
    requested.length = 0;
    const { drawn, warnings } = await onPage('/page-qr', async (page, warnings) => {
      await page.locator('kyc-verify [part="qr"] path').last().waitFor();
      return { drawn: await page.locator('kyc-verify [part="qr"] path').count(), warnings };
    });
    assert.equal(drawn, 2);
    assert.deepEqual(warnings, []);
    assert.deepEqual(
      requested.filter((path) => path.endsWith('.js')),
      ['/kyc-verify.bundle.js', '/kyc-verify.qr.js'],
    );
  });

  it('shows the button instead of a QR code when only the bundle was copied, with one warning that names the missing file', async () => {
    served.delete('/kyc-verify.qr.js');
    const { labels, warnings } = await open('/page-qr', 'button');
    assert.deepEqual(
      labels.map((label) => label.trim()),
      [es.openButton, es.openButton],
    );
    assert.equal(warnings.length, 1, warnings.join('\n'));
    assert.match(warnings[0]!, /kyc-verify\.qr\.js/);
  });
});
