// The reference host written without Node (examples/python-host): it passes the check, and the
// real element, in Chromium, follows a transaction through it to its end.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { scanQr, uuidOf, walk } from '../e2e/harness.js';
import { useSandbox } from '../server/harness.js';
import { argsOf, failedLines, runCommand } from './command.js';
import { startPythonHost, type PythonHost } from './python-host.js';

/** The host's page: the standalone bundle and the element, as an integrator's template would have them. */
const PAGE = `<!doctype html>
<script type="module" src="/kyc-verify.bundle.js"></script>
<script>document.addEventListener('kyc-successful', (event) => (window.successful = event.detail));</script>
<kyc-verify session-url="/kyc/session" status-url="/kyc/status/{uuid}" mode="qr"></kyc-verify>`;

describe('the Python reference host', () => {
  const sandbox = useSandbox();
  let host: PythonHost;

  before(async () => {
    host = await startPythonHost(sandbox.url);
  });
  after(() => host?.close());

  /** The requests for the status stream the host received: from its own access log. */
  const streamRequests = () => host.accessLog().filter((line) => line.includes('text/event-stream'));
  const statusRequests = () => host.accessLog().filter((line) => line.startsWith('access GET /kyc/status/'));

  it('passes every rule of kyc-verify-conformance', async () => {
    const { code, stdout } = await runCommand(argsOf(host.target));
    assert.deepEqual(failedLines(stdout), []);
    assert.equal(code, 0);
  });

  it('is never asked for a stream by the check: it does not say "stream": true', async () => {
    const { stdout } = await runCommand(argsOf(host.target));
    assert.match(stdout, /no stream offered/);
    assert.notEqual(statusRequests().length, 0, 'the access log sees the status reads');
    assert.deepEqual(streamRequests(), []);
  });

  describe('with the element in Chromium', () => {
    let browser: Browser;

    before(async () => {
      await build({ mode: 'standalone', logLevel: 'silent' });
      browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    });
    after(() => browser?.close());

    it('follows a transaction to kyc-successful while the phone walks the flow', { timeout: 60_000 }, async () => {
      const page = await browser.newPage();
      const console: string[] = [];
      page.on('console', (message) => console.push(`${message.type()}: ${message.text()}`));
      const polledBefore = statusRequests().length;
      // The page, the bundle and the language files copied beside it (the browser here is in English) come from the
      // host's origin; the element's requests go to the Python host itself.
      await page.route(`${host.url}/`, (route) => route.fulfill({ contentType: 'text/html', body: PAGE }));
      await page.route(`${host.url}/kyc-verify.*.js`, async (route) =>
        route.fulfill({ contentType: 'text/javascript', body: await readFile(`dist${new URL(route.request().url()).pathname}`, 'utf8') }),
      );
      await page.goto(`${host.url}/`);
      await page.locator('kyc-verify [part="qr"] path').waitFor();
      const link = await scanQr(page);
      const phone = await browser.newPage({ locale: 'es-CL', viewport: { width: 390, height: 844 } });
      await phone.goto(link);
      await walk(phone, ['Documento OK', 'Selfie OK']);
      const detail = await page.waitForFunction(() => (window as unknown as { successful?: unknown }).successful, null, {
        timeout: 30_000,
      });
      assert.deepEqual(await detail.jsonValue(), {
        uuid: uuidOf(link),
        state: 'successful',
        step: 'Session_complete_Ok',
        code: '013',
        issueDescription: 'Flow completed successfully',
      });
      // A JSON-only host: the element polled it, never asked it for a stream, and logged nothing.
      assert.notEqual(statusRequests().length, polledBefore, 'the element polled');
      assert.deepEqual(streamRequests(), []);
      assert.deepEqual(console, []);
    });
  });
});
