// The playground of the built site, served under a sub-path with every other origin blocked: the
// element, the kit and the sandbox all run in the page's browser (its Service Worker). Each walk
// starts a verification, opens its link in the playground's phone, chooses on the sandbox's page
// what happens, and ends with the element's terminal DOM event in the event log, once, with the
// webhook and onResult the backend saw. Then the browser stops the worker mid-flow, and the
// playground says it started over and walks a new verification.
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { openSite, type SiteInBrowser } from './support/browser.js';
import { buildSite, type BuiltSite } from './support/site.js';

const LAYOUT_SHIFT = resolve(import.meta.dirname, '../e2e/page/layout-shift.js');

const TEST = { timeout: 120_000 };
const TERMINAL = ['kyc-successful', 'kyc-failed', 'kyc-expired'];

interface Walk {
  name: string;
  /** The backend's options besides one try, no blacklist check. */
  options?: Record<string, string>;
  /** The outcomes chosen on the phone, in turn (the sandbox page's buttons); none leaves the link unopened. */
  phone: string[];
  /** Seconds the sandbox's clock is moved forward once the phone is done. */
  clock?: number;
  ends: (typeof TERMINAL)[number];
}

const WALKS: Walk[] = [
  { name: 'successful', phone: ['002', 'selfie_ok'], ends: 'kyc-successful' },
  { name: "failed: the card's RUT front and back differ (003)", phone: ['003'], ends: 'kyc-failed' },
  { name: 'failed: a document problem (004)', phone: ['004'], ends: 'kyc-failed' },
  { name: "failed: the card's RUT is not the person's (005)", phone: ['005'], ends: 'kyc-failed' },
  { name: 'failed: the selfie does not match the card (014)', phone: ['002', '014'], ends: 'kyc-failed' },
  { name: "failed: the selfie's score is too low (015)", phone: ['002', '015'], ends: 'kyc-failed' },
  { name: 'failed: on the blacklist (016)', options: { fraud_check: 'true' }, phone: ['002', '016'], ends: 'kyc-failed' },
  { name: 'expired: the document step left idle past its timer', phone: [''], clock: 150, ends: 'kyc-expired' },
  { name: 'expired: the link, never opened', phone: [], clock: 660, ends: 'kyc-expired' },
];

const logRows = (page: Page, source: string, name: string) => page.locator(`.log li[data-source="${source}"][data-name="${name}"]`);

/** Starts a verification with `options`: its uuid, and the link that opens it in the playground's phone. */
async function start(page: Page, options: Record<string, string>) {
  for (const [name, value] of Object.entries({ tries: '1', fraud_check: 'false', ...options }))
    await page.locator(`#backend-${name}`).selectOption(value);
  await page.getByRole('button', { name: 'Clear the log' }).click();
  await page.getByRole('button', { name: 'Start a new verification' }).click();
  const answered = logRows(page, 'backend', 'session answered');
  await answered.waitFor();
  const { uuid } = JSON.parse((await answered.locator('.detail').textContent())!) as { uuid: string };
  return { uuid, link: page.getByRole('link', { name: 'open it in the phone below' }) };
}

async function walk(page: Page, { options = {}, phone, clock, ends }: Walk) {
  const { uuid, link } = await start(page, options);
  const frame = page.frameLocator('iframe[name="phone"]');
  if (phone.length) await link.click();
  for (const outcome of phone) {
    // '' only opens the page: its step's timer starts.
    if (outcome) await frame.locator(`button[name="outcome"][value="${outcome}"]`).first().click();
    else await frame.locator('button[name="outcome"]').first().waitFor();
  }
  if (clock) await page.getByRole('button', { name: clock > 600 ? /the link's life/ : /a step's timer/ }).click();
  await logRows(page, 'DOM event', ends).waitFor({ timeout: 30_000 });
  // The backend's too, for this transaction (another one left pending, the page's first, may end with the clock).
  await logRows(page, 'backend', 'onResult').filter({ hasText: uuid }).waitFor({ timeout: 30_000 });
  await logRows(page, 'backend', 'webhook received').filter({ hasText: uuid }).first().waitFor();
  const fired = await page.locator('.log li[data-source="DOM event"]').evaluateAll((rows) =>
    rows.map((row) => `${row.getAttribute('data-name')} ${row.querySelector('.detail')?.textContent}`),
  );
  assert.deepEqual(
    TERMINAL.map((event) => fired.filter((row) => row.startsWith(`${event} `)).length),
    TERMINAL.map((event) => (event === ends ? 1 : 0)),
    fired.join('\n'),
  );
  assert.equal(new Set(fired).size, fired.length, `an event logged twice:\n${fired.join('\n')}`);
}

describe('the playground walks verifications with the kit and the sandbox in the browser', () => {
  let site: BuiltSite;
  let browser: SiteInBrowser;
  let page: Page;

  before(async () => {
    site = await buildSite();
    browser = await openSite(site.dir);
    page = await browser.context.newPage();
    await page.goto(`${browser.url}playground/`);
    await page.getByText('Ready:').waitFor({ timeout: 60_000 });
  }, TEST);

  after(async () => {
    await browser?.close();
    await site?.remove();
  });

  for (const each of WALKS) it(each.name, TEST, () => walk(page, each));

  it('the browser stops the worker mid-flow: the playground says it started over, and a new verification walks to its end', TEST, async () => {
    const { link } = await start(page, {});
    await link.click();
    await page.frameLocator('iframe[name="phone"]').locator('button[name="outcome"][value="002"]').first().click();
    const devtools = await browser.context.newCDPSession(page);
    await devtools.send('ServiceWorker.enable');
    await devtools.send('ServiceWorker.stopAllWorkers');
    await logRows(page, 'playground', 'started over')
      .waitFor({ timeout: 30_000 })
      .catch(async (error: unknown) => assert.fail(`${String(error)}\n${await page.locator('.log').innerText()}`));
    await walk(page, WALKS[0]!);
  });

  it('on a phone, the page stays where its reader is while the log fills, and nothing on it moves', TEST, async () => {
    const phone = await browser.context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.addInitScript({ path: LAYOUT_SHIFT });
    await phone.goto(`${browser.url}playground/`);
    await logRows(phone, 'DOM event', 'kyc-state-change').first().waitFor({ timeout: 60_000 });
    await phone.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
    assert.equal(await phone.evaluate('scrollY'), 0, 'the page was scrolled to the log');
    const { total, moved } = (await phone.evaluate('window.layoutShift')) as { total: number; moved: string[] };
    assert.equal(total, 0, moved.join('\n'));
    await phone.close();
  });

  it('nothing was asked of another origin', () => {
    assert.deepEqual(browser.blocked, []);
  });
});
