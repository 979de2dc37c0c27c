import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

export interface OpenPage {
  page: Page;
  close(): Promise<void>;
}

/** Debian's Chromium (or CHROME_PATH), headless, on `url` once <kyc-verify> and the probes are defined. */
export async function openPage(url: string): Promise<OpenPage> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    await page.goto(url);
    // Strings, not functions: tsx's transpiled functions may call helpers the page does not have.
    await page.waitForFunction("customElements.get('kyc-verify') !== undefined && 'benchProbes' in window", undefined, { timeout: 10_000 });
    return { page, close: () => browser.close() };
  } catch (error) {
    await browser.close();
    throw error;
  }
}
