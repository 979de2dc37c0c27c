import { chromium, type Page } from 'playwright-core';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export interface OpenPage {
  page: Page;
  close(): Promise<void>;
}

/** Debian's Chromium (or CHROME_PATH), headless, on `url` once <kyc-verify> and the probes are defined. */
export async function openPage(url: string): Promise<OpenPage> {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ARGS });
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
