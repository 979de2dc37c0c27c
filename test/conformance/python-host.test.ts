// The reference host written without Node (examples/python-host): it passes the check behind its
// login, and the README's page, served by the host as it is written there, follows a transaction
// through it to its end in Chromium, and the host records the result. The page the host serves is prepared: the
// element's link in its HTML, followed by the element without a session request.
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

/** The README's script-tag page, as it is written there. */
const README_PAGE = /```html\n([\s\S]*?)\n```/.exec(
  (await readFile('README.md', 'utf8')).split('### In the page: a script tag')[1] ?? '',
)?.[1];

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

  it('says the address it listens on', () => {
    assert.match(host.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('passes every rule of kyc-verify-conformance, logged in with --cookie, and is never asked for a stream', async () => {
    const { code, stdout } = await runCommand(argsOf(host.targetFor(await host.logIn('checker'))));
    assert.deepEqual(failedLines(stdout), [], stdout);
    assert.equal(code, 0);
    assert.match(stdout, /no stream offered/);
    assert.match(stdout, /the session answer's status_url/);
    assert.notEqual(statusRequests().length, 0, 'the access log sees the status reads');
    assert.deepEqual(streamRequests(), []);
  });

  it("serves the README's page as it is written there", async () => {
    assert.ok(README_PAGE, 'README.md has an html block under "### In the page: a script tag"');
    const page = await readFile('examples/python-host/page.html', 'utf8');
    assert.ok(page.includes(README_PAGE), 'examples/python-host/page.html holds the README block');
  });

  describe('with the element in Chromium', () => {
    let browser: Browser;

    before(async () => {
      await build({ mode: 'standalone', logLevel: 'silent' });
      browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    });
    after(() => browser?.close());

    it(
      'logs in, follows a transaction to kyc-successful while the phone walks the flow, and records the result',
      { timeout: 90_000 },
      async () => {
        const page = await browser.newPage({ locale: 'es-CL' });
        const console: string[] = [];
        page.on('console', (message) => console.push(`${message.type()}: ${message.text()}`));
        await page.addInitScript(() =>
          document.addEventListener(
            'kyc-successful',
            (event) => ((window as unknown as { successful: unknown }).successful = (event as CustomEvent).detail),
          ),
        );
        const polledBefore = statusRequests().length;
        await page.goto(`${host.url}/`);
        // The fake login's form: any name.
        const sessionPosts: string[] = [];
        page.on(
          'request',
          (request) => void (request.method() === 'POST' && request.url().endsWith('/kyc/session') && sessionPosts.push(request.url())),
        );
        const html = page.waitForResponse((response) => response.request().isNavigationRequest() && response.request().method() === 'GET');
        await page.getByLabel('Name').fill('ana');
        await page.getByRole('button', { name: 'Log in' }).click();
        await page.locator('kyc-verify [part="qr"] path').waitFor();
        assert.equal(await page.locator('#record').textContent(), 'not verified yet');
        const link = await scanQr(page);
        // The page the login leads to prepared the session: its link is in the HTML, and the element followed it unasked.
        assert.ok((await (await html).text()).includes(`<a href="${link}"`), "the link in the page's HTML");
        assert.deepEqual(sessionPosts, [], 'no session POST');
        const phone = await browser.newPage({ locale: 'es-CL', viewport: { width: 390, height: 844 } });
        await phone.goto(link);
        await walk(phone, ['Documento OK', 'Selfie OK']);
        const detail = await page.waitForFunction(() => (window as unknown as { successful?: unknown }).successful, null, {
          timeout: 30_000,
        });
        const uuid = uuidOf(link);
        assert.deepEqual(await detail.jsonValue(), {
          uuid,
          state: 'successful',
          step: 'Session_complete_Ok',
          code: '013',
          issueDescription: 'Flow completed successfully',
        });
        // A JSON-only host: the element followed the answer's status_url by polling, never asked for a stream.
        assert.notEqual(statusRequests().length, polledBefore, 'the element polled');
        assert.deepEqual(streamRequests(), []);
        // Continue goes back to the page, which shows the user's record: the result the host recorded once.
        await page.locator('kyc-verify [part="continue-button"]').click();
        await page.locator('#record', { hasText: 'successful' }).waitFor();
        assert.equal(await page.locator('#record').textContent(), `successful (${uuid})`);
        assert.deepEqual(
          host.lines().filter((line) => line.startsWith(`result ${uuid}`)),
          [`result ${uuid} successful for ana`],
        );
        assert.deepEqual(console, [`log: verified ${uuid}`]);
      },
    );
  });
});
