// The desktop follows the phone live: with a webhook at every step, each capture reaches the
// desktop through the status stream and the QR code gives way to the phone's progress.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  capture,
  desktop,
  expectMarks,
  logged,
  phone,
  scanQr,
  screenshot,
  startVerification,
  startWorld,
  waitForLogged,
  type World,
} from './harness.js';

const TEST = { timeout: 90_000 };

/** Waits until the desktop shows these marks, then keeps a screenshot of the view. */
async function expectMarksShot(page: Page, expected: string[], name: string): Promise<void> {
  await expectMarks(page, expected);
  await screenshot(page, name);
}

describe('end to end: the desktop follows the phone step by step', () => {
  let world: World;

  before(async () => {
    world = await startWorld();
  });
  after(() => world.close());

  for (const lang of ['es', 'en'] as const) {
    it(`shows each capture on the desktop as the phone makes it, through the status stream (${lang})`, TEST, async () => {
      const page = await desktop(world);
      const statusRequests: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/kyc/status/')) statusRequests.push(request.headers().accept ?? '');
      });
      await startVerification(page, world.demo.url, { lang, tries: '3', fullUpdate: true });
      await screenshot(page, `progress-${lang}-0-qr`);
      const mobile = await phone(world);
      await mobile.goto(await scanQr(page));

      await capture(mobile, ['003']);
      await expectMarksShot(page, ['problem', 'todo', 'todo'], `progress-${lang}-1-document-problem`);
      assert.equal(await page.locator('kyc-verify [part="qr"]').isVisible(), false, 'the QR code gives way to the progress');
      await capture(mobile, ['002']);
      await expectMarksShot(page, ['done', 'current', 'todo'], `progress-${lang}-2-document-done`);
      await capture(mobile, ['014']);
      await expectMarksShot(page, ['done', 'problem', 'todo'], `progress-${lang}-3-selfie-problem`);
      await capture(mobile, ['selfie_ok']);
      await waitForLogged(page, 'kyc-successful');
      await screenshot(page, `progress-${lang}-4-successful`);

      const codes = (await logged(page, 'kyc-state-change')).map((detail) => detail.code);
      assert.deepEqual(codes, ['001', '003', '002', '014', '013']);
      assert.ok(statusRequests.includes('text/event-stream'), 'the element opened the status stream');
      assert.deepEqual(
        statusRequests.filter((accept) => accept !== 'text/event-stream'),
        [],
        'no poll: every change came through the stream',
      );
    });
  }
});
