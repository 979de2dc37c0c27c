// One story on both screens, in the demo's real flow with the host's short link: at every step the
// desktop element and the sandbox's phone page say the same step ("Paso N de 3" and its name), the
// same reason for a failed try (the phone adds the tries left, which the desktop is not told), a
// passed step as passed, and each timer named as whose it is: the step's own on both when the status
// gives it, the link's named as the link's where it cannot (at the start, and during the liveness
// checks, which restart the timer unseen). What a screen reader hears on the desktop over the whole
// flow is listed and compared with the expected list; each change is let be heard before the next is
// made, as a person's pace does (a change within half a second of another replaces it, by design).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { es } from '../../src/element/locales/es.js';
import { stepLine } from '../../src/shared/story/story.js';
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

/** Records, from its first render, every text the element's live region says (its emptying aside), in `window.heard`. */
const HEARING = `window.heard = [];
const attachShadow = Element.prototype.attachShadow;
Element.prototype.attachShadow = function (init) {
  const root = attachShadow.call(this, init);
  if (this.localName === 'kyc-verify') {
    let last = '';
    new MutationObserver(() => {
      const said = root.querySelector('.sr')?.textContent ?? '';
      if (said && said !== last) window.heard.push(said);
      last = said;
    }).observe(root, { subtree: true, childList: true, characterData: true });
  }
  return root;
};`;

/** Waits until the live region has said `words` (its m:ss as such) last: a change said before the next one starts, as a person would hear it. */
async function hears(page: Page, words: string) {
  await page.waitForFunction(
    (wanted) => (window as unknown as { heard: string[] }).heard.at(-1)?.replace(/\d+:\d\d/g, 'm:ss') === wanted,
    words,
  );
}

const desktopText = async (page: Page, part: string) => (await page.locator(`kyc-verify [part="${part}"]`).innerText()).trim();
const phoneText = async (mobile: Page) => (await mobile.locator('main').innerText()).replace(/\s+/g, ' ');

/** The words before a timer's m:ss. */
const wordsOf = (timer: string) => /^(.*?):? ?\d+:\d\d$/.exec(timer.trim())?.[1] ?? `(no timer: "${timer}")`;
const named = (template: string) => wordsOf(template.replace('{time}', '2:00'));
/** The phone page's capture timer line. */
const phoneTimer = async (mobile: Page) => (await mobile.locator('p:has(.timer)').innerText()).replace(/\s+/g, ' ').trim();
const tries = (left: number) => es.triesLeft.replace('{tries}', String(left));

/** Both screens at the same step: the desktop's "Paso N de 3 · name" is the phone's, over its heading. */
async function sameStep(page: Page, mobile: Page, index: number) {
  const step = stepLine(es, index, true);
  await page.locator('kyc-verify [part="step-count"]', { hasText: step }).waitFor();
  assert.match(await phoneText(mobile), new RegExp(step.replace(' · ', ' ')));
}

describe('end to end: one story on the desktop and the phone', () => {
  let world: World;

  before(async () => {
    world = await startWorld({ shortLinks: true });
  });
  after(() => world.close());

  it('says the same step, reason and timer on both screens at every step, and a screen reader hears each change once', TEST, async () => {
    const page = await desktop(world);
    await page.addInitScript(HEARING);
    await startVerification(page, world.demo.url, { challenges: '1', tries: '3', lang: 'es', fullUpdate: true });
    assert.equal(await desktopText(page, 'title'), es.scanTitle);
    assert.equal(wordsOf(await desktopText(page, 'timer')), named(es.timeLeft));
    await hears(page, es.waiting);

    // The phone opens the short link: connected, at the document, before any capture.
    const mobile = await phone(world);
    await mobile.goto(await scanQr(page));
    await sameStep(page, mobile, 0);
    assert.equal(await desktopText(page, 'status'), es.phoneConnected);
    assert.equal(await desktopText(page, 'title'), es.continueOnPhone);
    assert.match(await desktopText(page, 'progress'), new RegExp(es.keepOpen));
    assert.equal(await page.locator('kyc-verify [part="send-button"], kyc-verify [part="preparation"]').count(), 0, 'stepped aside');
    // The document's timer starts as the page opens, which the status does not tell: the link's time, named as the link's.
    assert.equal(wordsOf(await desktopText(page, 'timer')), named(es.timeLeft));
    assert.equal(wordsOf(await phoneTimer(mobile)), named(es.timeDocument));
    await hears(page, es.phoneConnected);

    await capture(mobile, ['004']);
    await expectMarks(page, ['problem', 'todo', 'todo']);
    await sameStep(page, mobile, 0);
    assert.equal(await desktopText(page, 'status'), es.reasonDocument);
    assert.match(await phoneText(mobile), new RegExp(`${es.reasonDocument} ${tries(2)}`));
    await page.locator('kyc-verify [part="timer"]', { hasText: named(es.timeDocument) }).waitFor();
    assert.equal(wordsOf(await phoneTimer(mobile)), named(es.timeDocument), 'the same clock, named alike');
    await screenshot(page, 'one-story-1-document-problem-desktop');
    await screenshot(mobile, 'one-story-1-document-problem-phone');
    await hears(page, `${es.reasonDocument} ${es.timeDocument.replace('{time}', 'm:ss')}`);

    await capture(mobile, ['002']);
    await expectMarks(page, ['done', 'current', 'todo']);
    await sameStep(page, mobile, 1);
    assert.equal(await desktopText(page, 'status'), es.documentCapturedLiveness);
    assert.doesNotMatch(await phoneText(mobile), new RegExp(es.reasonDocument));
    // Two clocks, each named: the link's on the desktop (the selfie's timer restarts with each liveness check, unseen), the selfie's on the phone.
    assert.equal(wordsOf(await desktopText(page, 'timer')), named(es.timeLeft));
    assert.equal(wordsOf(await phoneTimer(mobile)), named(es.timeSelfie));
    await hears(page, es.documentCapturedLiveness);

    await capture(mobile, ['014']);
    await expectMarks(page, ['done', 'problem', 'todo']);
    await sameStep(page, mobile, 1);
    assert.equal(await desktopText(page, 'status'), es.reasonFace);
    assert.match(await phoneText(mobile), new RegExp(`${es.reasonFace} ${tries(1)}`));
    await screenshot(page, 'one-story-2-selfie-problem-desktop');
    await hears(page, es.reasonFace);

    await capture(mobile, ['selfie_ok']);
    await expectMarks(page, ['done', 'current', 'todo']);
    await sameStep(page, mobile, 1);
    assert.match(await phoneText(mobile), /Prueba de vida 1 de 1/);
    assert.doesNotMatch(await phoneText(mobile), new RegExp(es.reasonFace), "no stale problem on the phone's liveness step");
    assert.equal(
      await desktopText(page, 'status'),
      es.documentCapturedLiveness,
      'no stale problem on the desktop, and no selfie asked for again',
    );
    await screenshot(page, 'one-story-3-liveness-desktop');
    await screenshot(mobile, 'one-story-3-liveness-phone');
    await hears(page, es.documentCapturedLiveness);

    await capture(mobile, ['challenge_ok']);
    await waitForLogged(page, 'kyc-successful');
    assert.equal(await desktopText(page, 'title'), es.successful);
    assert.match(await phoneText(mobile), new RegExp(es.successful));
    await page.locator('kyc-verify [part="continue-button"]:not([disabled])').waitFor();
    await screenshot(page, 'one-story-4-successful-desktop');

    await hears(page, es.readyToContinue);
    await page.waitForTimeout(1500);
    const heard = ((await page.evaluate('window.heard')) as string[]).map((said) => said.replace(/\d+:\d\d/g, 'm:ss'));
    // "Preparing" is said only when the session's answer takes longer than a change takes to settle (a busy machine): either is right.
    if (heard[0] === es.preparing) heard.shift();
    assert.deepEqual(heard, [
      es.waiting,
      es.phoneConnected,
      `${es.reasonDocument} ${es.timeDocument.replace('{time}', 'm:ss')}`,
      es.documentCapturedLiveness,
      es.reasonFace,
      es.documentCapturedLiveness,
      es.successful,
      es.readyToContinue,
    ]);
  });
});
