// One story on both screens, in the demo's real flow: the desktop element and the sandbox's phone
// page clear a step's problem together once the step succeeds (document 004 → 002, selfie 014 →
// a selfie that passes), and each timer names whose time it counts, in the same words on both.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { es } from '../../src/element/locales/es.js';
import {
  capture,
  desktop,
  expectMarks,
  phone,
  scanQr,
  screenshot,
  startVerification,
  startWorld,
  waitForLogged,
  type World,
} from './harness.js';

const TEST = { timeout: 120_000 };

const desktopText = (page: Page, part: string) => page.locator(`kyc-verify [part="${part}"]`).innerText();
const phoneText = (mobile: Page) => mobile.locator('main').innerText();

/** The words before a timer's m:ss. */
const wordsOf = (timer: string) => /^(.*?):? ?\d+:\d\d$/.exec(timer.trim())?.[1] ?? `(no timer: "${timer}")`;
/** The phone page's capture timer line. */
const phoneTimer = async (mobile: Page) => (await mobile.locator('p:has(.timer)').innerText()).replace(/\s+/g, ' ').trim();

describe('end to end: one story on the desktop and the phone', () => {
  let world: World;

  before(async () => {
    world = await startWorld();
  });
  after(() => world.close());

  it(
    'clears the document problem (004 → 002) and the selfie problem (014 → a selfie that passes) on both screens, and names each clock alike',
    TEST,
    async () => {
      const page = await desktop(world);
      await startVerification(page, world.demo.url, { challenges: '1', tries: '3', lang: 'es', fullUpdate: true });
      const mobile = await phone(world);
      await mobile.goto(await scanQr(page));

      await capture(mobile, ['004']);
      await expectMarks(page, ['problem', 'todo', 'todo']);
      assert.match(await phoneText(mobile), /Intento fallido: No se pudo leer el número de documento\. Intentos restantes: 2\./);
      await page.waitForFunction(() =>
        /^Tiempo para la cédula/.test(document.querySelector('kyc-verify')!.shadowRoot!.querySelector('[part="timer"]')!.textContent!),
      );
      const documentClock = wordsOf(await desktopText(page, 'timer'));
      assert.equal(documentClock, wordsOf(es.timeDocument.replace('{time}', '2:00')));
      assert.equal(wordsOf(await phoneTimer(mobile)), documentClock, 'the same words for the same clock on both screens');
      await screenshot(page, 'one-story-1-document-problem-desktop');
      await screenshot(mobile, 'one-story-1-document-problem-phone');

      await capture(mobile, ['002']);
      await expectMarks(page, ['done', 'current', 'todo']);
      assert.equal(await desktopText(page, 'status'), es.documentCapturedLiveness);
      assert.doesNotMatch(await phoneText(mobile), /Intento fallido/);
      // Two clocks, each named: the link's on the desktop (no selfie timer with liveness), the selfie's on the phone.
      assert.equal(wordsOf(await desktopText(page, 'timer')), wordsOf(es.timeLeft.replace('{time}', '9:00')));
      assert.equal(wordsOf(await phoneTimer(mobile)), wordsOf(es.timeSelfie.replace('{time}', '2:00')));

      await capture(mobile, ['014']);
      await expectMarks(page, ['done', 'problem', 'todo']);
      assert.match(await desktopText(page, 'status'), /^Tu selfie no coincide con la foto de tu cédula/);
      assert.match(await phoneText(mobile), /Intento fallido: La selfie no coincide con la foto del documento\. Intentos restantes: 1\./);
      await screenshot(page, 'one-story-2-selfie-problem-desktop');

      await capture(mobile, ['selfie_ok']);
      assert.match(await phoneText(mobile), /Prueba de vida 1 de 1/);
      assert.doesNotMatch(await phoneText(mobile), /Intento fallido/, "no stale problem on the phone's liveness step");
      assert.equal(wordsOf(await phoneTimer(mobile)), 'Tiempo para la prueba de vida');
      await expectMarks(page, ['done', 'current', 'todo']);
      assert.equal(
        await desktopText(page, 'status'),
        es.documentCapturedLiveness,
        'no stale problem on the desktop, and no selfie asked for again',
      );
      assert.equal(wordsOf(await desktopText(page, 'timer')), wordsOf(es.timeLeft.replace('{time}', '9:00')));
      await screenshot(page, 'one-story-3-liveness-desktop');
      await screenshot(mobile, 'one-story-3-liveness-phone');

      await capture(mobile, ['challenge_ok']);
      await waitForLogged(page, 'kyc-successful');
      await screenshot(page, 'one-story-4-successful-desktop');
    },
  );
});
