/**
 * The handoff as it is deployed: the kit behind nginx ending TLS for https://shop.test (nginx's
 * defaults: the kit sees plain http and nginx's own Host), the service's page at https://verify.test,
 * and a phone's Chromium. A mail scanner fetches the sent link first; the phone is then the first
 * device, its cookie Secure; a person types a wrong code, then the right one, and reaches the
 * service's page under the form's own CSP.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { startSandbox } from '../../src/sandbox/index.js';
import { ownerFromHeader, sandboxClient, startHost, type Host } from '../server/harness.js';
import { freePort } from '../support/redis-server.js';
import { startTlsProxy, type TlsProxy } from '../support/tls-nginx.js';

const TEST = { timeout: 60_000 };

describe('end to end: the handoff behind nginx over TLS, on https://shop.test', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let host: Host;
  let proxy: TlsProxy;
  let browser: Browser;

  before(async () => {
    // The service's pages, and the links it gives (validator_url), at https://verify.test.
    const port = await freePort();
    sandbox = await startSandbox({ port, publicUrl: 'https://verify.test' });
    const sandboxUrl = `http://127.0.0.1:${port}`;
    host = await startHost({
      client: sandboxClient(sandboxUrl, { verificationUrl: 'https://verify.test' }),
      owner: ownerFromHeader,
      publicUrl: 'https://shop.test',
      handoff: { otherDevices: 'refuse' },
    });
    proxy = await startTlsProxy({ 'shop.test': host.url, 'verify.test': sandboxUrl });
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS, `--host-resolver-rules=${proxy.resolverRules}`],
    });
  });
  after(async () => {
    await browser?.close();
    await proxy?.close();
    await host?.close();
    await sandbox?.close();
  });

  const phone = () =>
    browser.newContext({ ignoreHTTPSErrors: true, isMobile: true, locale: 'es-CL', viewport: { width: 390, height: 844 } });

  it(
    "a scanner's fetch of the sent link is no device: the phone is the first, with a Secure cookie scoped to the go path",
    TEST,
    async () => {
      const { body } = await host.startSession('alice');
      assert.match(body.link, /^https:\/\/shop\.test\/kyc\/go\/[\w-]{22}$/);
      // A mail scanner: follows redirects, keeps no cookie (through the kit's own port: Node cannot resolve shop.test).
      const scanned = await fetch(body.link.replace('https://shop.test', host.url), { redirect: 'manual' });
      assert.equal(scanned.headers.get('location'), `${body.link}?cookie=1`);

      const context = await phone();
      const page = await context.newPage();
      await page.goto(body.link);
      assert.equal(page.url(), `https://verify.test/transactions/${body.uuid}`);
      const [cookie] = await context.cookies('https://shop.test/kyc/go/x');
      assert.deepEqual(
        { name: cookie?.name, path: cookie?.path, secure: cookie?.secure, httpOnly: cookie?.httpOnly, sameSite: cookie?.sameSite },
        { name: 'kyc_device', path: '/kyc/go', secure: true, httpOnly: true, sameSite: 'Lax' },
      );
      const status = (await (await host.poll(body.uuid)).json()) as { handoff?: { devices: number } };
      assert.equal(status.handoff?.devices, 1);
      await context.close();
    },
  );

  it('a wrong code, then the right one: the phone reaches the service, the error gone with the form', TEST, async () => {
    const { body } = await host.startSession('bob');
    const code = (body.typed_code as { code: string }).code;
    const context = await phone();
    const page = await context.newPage();
    await page.goto('https://shop.test/kyc/go');
    await page.locator('#code').fill('XXXXXXXX');
    await page.locator('#code').press('Enter');
    await page.locator('[role="alert"]').waitFor();
    await page.locator('#code').fill(`${code.slice(0, 4)} ${code.slice(4)}`.toLowerCase());
    await page.locator('#code').press('Enter');
    await page.waitForURL(`https://verify.test/transactions/${body.uuid}`);
    assert.equal(await page.locator('#code-error').count(), 0);
    await context.close();
  });
});
