// Every state the person can see, reached as it is in real life (the sandbox's outcomes and clock, the host stopped,
// the host's answers), its words checked and kept as a screenshot of the widget in
// test-results/e2e/states-<lang>-<state>.png (and -dark.png). Each state is walked once, in Spanish, English and
// Portuguese (Brazil) in turn: the matrix (matrix.test.ts) lays out every state in every language.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { en } from '../../src/element/locales/en.js';
import { es } from '../../src/element/locales/es.js';
import { ptBR } from '../../src/element/locales/pt-BR.js';
import {
  desktop,
  phone,
  pressStart,
  said,
  sandboxControl,
  scanQr,
  SCREENSHOTS,
  startVerification,
  startWorld,
  waitForLogged,
  type VerificationOptions,
  type World,
} from './harness.js';

const TEST = { timeout: 60_000 };

/** The status line the person reads holds these words. */
const assertShows = (shown: string, words: string) => assert.ok(shown.includes(words), `"${shown}" does not say "${words}"`);

const LANGUAGES = ['es', 'en', 'pt-BR'] as const;
const WORDS = { es, en, 'pt-BR': ptBR };
type Lang = (typeof LANGUAGES)[number];

/** The words of a string with `{time}`, before the time. */
const wordsBeforeTime = (template: string) => template.split('{time}')[0]!;

describe('end to end: every state of the widget, in every language', () => {
  let world: World;

  before(async () => {
    world = await startWorld();
    console.log(`screenshots of every state: ${SCREENSHOTS}/states-*.png`);
  });
  after(() => world.close());

  const control = (path: string, body: unknown) => sandboxControl(world, path, body);

  /** Applies the outcomes to the verification the page shows, as the phone's captures would. */
  async function outcomes(page: Page, codes: string[]): Promise<void> {
    const { uuid } = await waitForLogged(page, 'kyc-state-change');
    for (const code of codes) await control(`transactions/${uuid}/outcome`, { code });
  }

  /** Keeps a screenshot of the widget in light and in dark, and gives its status line. */
  async function keep(page: Page, name: string): Promise<string> {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.locator('#widget').screenshot({ path: `${SCREENSHOTS}/states-${name}${colorScheme === 'dark' ? '-dark' : ''}.png` });
    }
    await page.emulateMedia({ colorScheme: null });
    return said(page);
  }

  async function started(lang: Lang, options: VerificationOptions = {}, device = desktop): Promise<Page> {
    const page = await device(world);
    await startVerification(page, world.demo.url, { lang, ...options });
    return page;
  }

  /** The widget's text of `part`. */
  const textOf = async (page: Page, part: string) => (await page.locator(`kyc-verify [part~="${part}"]`).textContent()) ?? '';

  /** Records the console's warnings of `page`. */
  function warningsOf(page: Page): string[] {
    const warnings: string[] = [];
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    return warnings;
  }

  /** Registers a walk in the next language in turn: each state once, every language met. */
  let turn = 0;
  function each(name: string, walk: (lang: Lang, words: (typeof WORDS)[Lang]) => Promise<void>): void {
    const lang = LANGUAGES[turn++ % LANGUAGES.length]!;
    it(`${name} (${lang})`, TEST, () => walk(lang, WORDS[lang]));
  }

  each('waiting for the phone: the QR code on a desktop', async (lang, words) => {
    const page = await started(lang);
    assert.equal(await keep(page, `${lang}-waiting-qr`), words.waiting);
  });

  each('waiting on the phone itself: the button, with no word about another device', async (lang, words) => {
    const page = await phone(world);
    await pressStart(page, world.demo.url, { lang, mode: 'button' });
    await page.locator('kyc-verify [part~="button"]').first().waitFor();
    assert.equal(await keep(page, `${lang}-waiting-button`), words.waitingHere);
  });

  each('successful: the confirmation, then Continue', async (lang, words) => {
    const page = await started(lang);
    await outcomes(page, ['002', '013']);
    await waitForLogged(page, 'kyc-successful');
    assertShows(await keep(page, `${lang}-successful`), words.successful);
    await page.locator('kyc-verify [part="continue-button"]:not([disabled])').waitFor();
    await keep(page, `${lang}-successful-continue`);
  });

  for (const [reason, codes, why] of [
    ['document-invalid', ['006'], 'reasonDocument'],
    ['rut-sides', ['003'], 'reasonRutSides'],
    ['face-mismatch', ['002', '014'], 'reasonFace'],
    ['low-score', ['002', '015'], 'reasonScore'],
  ] as const) {
    each(`failed, ${reason}: why, and what to do next`, async (lang, words) => {
      const page = await started(lang, { tries: '1' });
      await outcomes(page, [...codes]);
      const failed = await waitForLogged(page, 'kyc-failed');
      assert.equal(failed.code, codes.at(-1));
      assert.equal(await keep(page, `${lang}-failed-${reason}`), `${words.failed} ${words[why]}`);
    });
  }

  each('a problem it retries (the host backend down): calm, the QR code still there', async (lang, words) => {
    const page = await started(lang);
    await world.demo.stopHost();
    try {
      const error = await waitForLogged(page, 'kyc-error');
      assert.equal(error.retrying, true);
      assert.ok(await page.locator('kyc-verify [part="qr"]').isVisible());
      // Said once reads have kept failing for 5 s (RECONNECTING_AFTER_MS), not at the first failure.
      await page.locator('kyc-verify [part~="status"].retrying').waitFor({ timeout: 20_000 });
      assertShows(await keep(page, `${lang}-error-retrying`), words.reconnecting);
    } finally {
      await world.demo.startHost();
    }
    await page.locator('kyc-verify').evaluate((element) => element.remove());
  });

  each("the document captured: the selfie's own time, and the selfie step without liveness", async (lang, words) => {
    const page = await started(lang);
    await outcomes(page, ['002']);
    await page.locator('kyc-verify [part~="step-current"]').waitFor();
    await page.waitForFunction(
      (words) => document.querySelector('kyc-verify')?.shadowRoot?.querySelector('[part~="timer"]')?.textContent?.startsWith(words),
      wordsBeforeTime(words.timeSelfie),
    );
    assertShows(await keep(page, `${lang}-selfie-timer`), words.documentCaptured);
    assertShows(await textOf(page, 'step-current'), words.stepSelfieOnly);
  });

  each('the document captured, with liveness challenges: the selfie step says so', async (lang, words) => {
    const page = await started(lang, { challenges: '1' });
    await outcomes(page, ['002']);
    await page.locator('kyc-verify [part~="step-current"]').waitFor();
    assert.equal((await textOf(page, 'step-current')).trim(), words.stepSelfie);
    await keep(page, `${lang}-selfie-liveness`);
  });

  each('a configuration error (the status URL answers 404): neutral words, and the URL in a console warning', async (lang, words) => {
    const page = await desktop(world);
    const warnings = warningsOf(page);
    await page.route('**/kyc/status/**', (route) => route.fulfill({ status: 404, body: 'Not Found' }));
    // Not startVerification: the 404 may come before the QR encoder's chunk, and the error then hides the code.
    await pressStart(page, world.demo.url, { lang });
    const error = await waitForLogged(page, 'kyc-error');
    assert.deepEqual([error.httpStatus, error.retrying], [404, false]);
    assert.equal(await keep(page, `${lang}-error-setup`), `${words.errorSetup} ${words.reasonSetup}`);
    assert.equal(await page.locator('kyc-verify [part="retry-button"]').count(), 0, 'no Try again: it cannot mend a configuration');
    assert.equal(warnings.length, 1, warnings.join('\n'));
    assert.match(warnings[0]!, /^<kyc-verify> status-url: http:\/\/[^ ]+\/kyc\/status\/[\w-]+: 404$/);
  });

  each('the status lost once the phone has started: finish on the phone', async (lang, words) => {
    const page = await started(lang);
    await outcomes(page, ['002']);
    await page.locator('kyc-verify [part~="step-current"]').waitFor();
    await page.route('**/kyc/status/**', (route) => route.fulfill({ status: 410, body: 'Gone' }));
    await page.locator('kyc-verify').evaluate((element) => ((element as HTMLElement & { noStream: boolean }).noStream = true));
    await waitForLogged(page, 'kyc-error');
    assert.equal(await keep(page, `${lang}-error-lost`), `${words.errorStopped} ${words.errorLost}`);
    assert.equal(await page.locator('kyc-verify [part="retry-button"]').innerText(), words.startOver, 'or a new verification');
  });

  for (const [state, shot, refused, why, next] of [
    ['logged out (the session URL answers 401): log in again, then try again', 'error-login', 401, 'errorLogin', 'reasonLogin'],
    ['the session cannot be created (502)', 'error-session', 502, 'errorStart', 'reasonStart'],
  ] as const) {
    each(state, async (lang, words) => {
      const page = await desktop(world);
      await page.route('**/kyc/session**', (route) => route.fulfill({ status: refused, body: String(refused) }));
      await pressStart(page, world.demo.url, { lang });
      const error = await waitForLogged(page, 'kyc-error');
      assert.equal(error.httpStatus, refused);
      assert.equal(await keep(page, `${lang}-${shot}`), `${words[why]} ${words[next]}`);
      assert.equal(await page.locator('kyc-verify [part="retry-button"]').innerText(), words.tryAgain, 'a way forward');
    });
  }

  // Last: the sandbox's clock only moves forward, and expires whatever is still under way.
  each('expired by inactivity: a capture step left idle past its timer', async (lang, words) => {
    const page = await started(lang);
    const mobile = await phone(world);
    await mobile.goto(await scanQr(page));
    await control('clock', { advance_seconds: 121 });
    const expired = await waitForLogged(page, 'kyc-expired');
    assert.equal(expired.step, 'time_out');
    assert.equal(await keep(page, `${lang}-expired`), `${words.expired} ${words.reasonIdle}`);
  });
});
