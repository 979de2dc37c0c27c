import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  desktop,
  logged,
  phone,
  scanQr,
  screenshot,
  SCREENSHOTS,
  startVerification,
  startWorld,
  uuidOf,
  waitForLogged,
  walk,
  type World,
  said,
} from './harness.js';

const TEST = { timeout: 90_000 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('end to end: desktop page, phone, sandbox and host backend', () => {
  let world: World;

  before(async () => {
    world = await startWorld();
    console.log(`screenshots of each final state: ${SCREENSHOTS}`);
  });
  after(() => world.close());

  it('scans the QR code, walks the flow on the phone, and the desktop gets kyc-successful', TEST, async () => {
    const page = await desktop(world);
    await startVerification(page, world.demo.url, { challenges: '1' });
    const link = await scanQr(page);
    const mobile = await phone(world);
    await mobile.goto(link);
    await walk(mobile, ['Documento OK', 'Selfie OK', 'Prueba superada']);
    const detail = await waitForLogged(page, 'kyc-successful');
    assert.deepEqual(detail, {
      uuid: uuidOf(link),
      state: 'successful',
      step: 'Session_complete_Ok',
      code: '013',
      issueDescription: 'Flow completed successfully',
    });
    await page.locator('#webhooks li[data-name="result"]').waitFor();
    await screenshot(page, 'successful-desktop');
    await screenshot(mobile, 'successful-phone');
  });

  it('ends failed when the document problem uses up the only try', TEST, async () => {
    const page = await desktop(world);
    await startVerification(page, world.demo.url, { tries: '1', lang: 'en' });
    const mobile = await phone(world);
    await mobile.goto(await scanQr(page));
    await walk(mobile, ['El documento está bloqueado o no es válido']);
    const detail = await waitForLogged(page, 'kyc-failed');
    assert.equal(detail.state, 'failed');
    assert.equal(detail.code, '006');
    assert.equal(
      await said(page),
      'We could not verify your identity. We could not validate your ID card. Try again with the original card, in good light and fully in view.',
    );
    await screenshot(page, 'failed-desktop');
  });

  it('ends expired when the sandbox clock passes the expiration', TEST, async () => {
    const page = await desktop(world);
    await startVerification(page, world.demo.url, { expiration: '60' });
    const clock = await fetch(`${world.demo.sandbox.url}/sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_seconds: 61 }),
    });
    assert.equal(clock.status, 200);
    const detail = await waitForLogged(page, 'kyc-expired');
    assert.deepEqual([detail.state, detail.step], ['expired', 'time_out']);
    await screenshot(page, 'expired-desktop');
  });

  it("counts down a new verification's ten minutes after the sandbox's clock moved, on the service's clock", TEST, async () => {
    const clock = await fetch(`${world.demo.sandbox.url}/sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_seconds: 726 }),
    });
    assert.equal(clock.status, 200);
    const page = await desktop(world);
    await startVerification(page, world.demo.url, { expiration: '600' });
    const timer = (await page.locator('kyc-verify [part="timer"]').textContent()) ?? '';
    const [, minutes, seconds] = /(\d+):(\d\d)/.exec(timer) ?? [];
    const left = Number(minutes) * 60 + Number(seconds);
    assert.ok(left > 540 && left <= 600, `"${timer}" for a ten-minute link`);
  });

  it('recovers when the host backend stops and restarts mid-flow, with exactly one terminal event', TEST, async () => {
    const page = await desktop(world);
    await startVerification(page, world.demo.url);
    const mobile = await phone(world);
    await mobile.goto(await scanQr(page));
    await walk(mobile, ['Documento OK']);
    await world.demo.stopHost();
    await walk(mobile, ['Selfie OK']);
    await page.locator('#events li[data-name="kyc-error"]').first().waitFor();
    await world.demo.startHost();
    await waitForLogged(page, 'kyc-successful', 60_000);
    await sleep(3_000);
    assert.equal((await logged(page, 'kyc-successful')).length, 1);
    assert.ok((await logged(page, 'kyc-error')).every((error) => error.retrying === true));
    await screenshot(page, 'restart-desktop');
  });

  it(
    'works from the plain script-tag page with only the built bundle, its QR encoder chunk, and its send chunk since the demo backend sends the link',
    TEST,
    async () => {
      const page = await desktop(world);
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await page.goto(`${world.demo.url}script-tag.html`);
      await page.locator('kyc-verify [part="qr"] path').waitFor();
      const link = await scanQr(page);
      for (const code of ['002', '013']) {
        const outcome = await fetch(`${world.demo.sandbox.url}/sandbox/transactions/${uuidOf(link)}/outcome`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ code }),
        });
        assert.equal(outcome.status, 200);
      }
      const detail = await waitForLogged(page, 'kyc-successful');
      assert.equal(detail.uuid, uuidOf(link));
      const scripts = requested.filter((path) => path.endsWith('.js') || path.endsWith('.ts'));
      assert.deepEqual(scripts.sort(), ['/kyc-verify.bundle.js', '/kyc-verify.qr.js', '/kyc-verify.send.js', '/log.js', '/script-tag.js']);
      await screenshot(page, 'script-tag-desktop');
    },
  );
});
