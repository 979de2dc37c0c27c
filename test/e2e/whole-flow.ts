// The whole flow on the demo's script-tag page, as test/e2e/layout-shift.test.ts and
// `npm run bench -- layout-shift` walk it: the link (with the typed code and the send buttons), a
// copy the browser refuses, a phone that opens the link, a try that fails with the longest of the
// reasons, the document that passes, the verification's success, Continue ready.
import type { Page } from 'playwright-core';
import { browserFetch } from '../support/browser-fetch.js';

/** Posts one of the sandbox's controls (`transactions/<uuid>/outcome`…). */
type Control = (path: string, body: unknown) => Promise<void>;

/** Loaded before the page's scripts: the browser refuses to copy, so that the link shows as text under the note. */
export const REFUSED_COPY = 'navigator.clipboard.writeText = () => Promise.reject(new DOMException("denied", "NotAllowedError"))';

/** Walks `page` (the script-tag page, loading) to Continue; gives the element's height at each stop. */
export async function walkWholeFlow(page: Page, control: Control, { typedCode }: { typedCode: boolean }): Promise<number[]> {
  const shadow = (selector: string) => page.locator(`kyc-verify ${selector}`);
  const height = () => page.locator('kyc-verify').evaluate((element) => element.getBoundingClientRect().height);
  const heights = [];
  await shadow('[part="send-button"]').first().waitFor({ timeout: 30_000 });
  if (typedCode) await shadow('[part="typed-code"]').waitFor();
  await shadow('[part="timer"]').waitFor();
  heights.push(await height());
  await shadow('[part="copy-button"]').click();
  await shadow('[part="link-text"]').waitFor();
  heights.push(await height());
  const { uuid } = (await page.evaluate("document.querySelector('kyc-verify').status")) as { uuid: string };
  const link = await shadow('[part="button"], [part="link"]').first().getAttribute('href');
  // The phone's browser, with its device cookie: a request without one (a scanner's, a preview's) is no device.
  await browserFetch(link!, { headers: { cookie: `kyc_device=${crypto.randomUUID()}` } });
  await shadow('[part="progress"]').waitFor();
  heights.push(await height());
  for (const [code, shown] of [
    ['003', '[part~="step-problem"]'],
    ['002', '[part~="step-current"]'],
    ['013', '[part="continue-button"]'],
  ]) {
    await control(`transactions/${uuid}/outcome`, { code });
    await shadow(shown!).waitFor();
    heights.push(await height());
  }
  await shadow('[part="continue-button"]:not([disabled])').waitFor();
  await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
  heights.push(await height());
  return heights;
}
