// End-to-end harness: the demo stack of `npm start`, Debian's Chromium through playwright-core,
// a "desktop" that shows the QR code and a "phone" that opens what it decodes.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import jsQR from 'jsqr';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { build } from 'vite';
import { startDemo, type DemoStack, type DemoStackOptions } from '../../demo/stack.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

export const SCREENSHOTS = resolve('test-results/e2e');

/** The demo of `npm start` and one Chromium page of the given shape, not yet on it. */
export interface DemoInChromium {
  demo: DemoStack;
  page: Page;
  close(): Promise<void>;
}

export async function demoInChromium(pageOptions: Parameters<Browser['newPage']>[0]): Promise<DemoInChromium> {
  const demo = await startDemo({ port: 0 });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS }).catch(async (error: unknown) => {
    await demo.close();
    throw error;
  });
  const page = await browser.newPage(pageOptions);
  return {
    demo,
    page,
    async close() {
      await browser.close();
      await demo.close();
    },
  };
}

export interface World {
  demo: DemoStack;
  browser: Browser;
  close(): Promise<void>;
}

/** Builds the standalone bundle the script-tag page loads, starts the demo stack (a fleet with `redisUrl`) and Chromium. */
export async function startWorld(
  options: Pick<DemoStackOptions, 'redisUrl' | 'instances' | 'sendLimits' | 'shortLinks'> = {},
): Promise<World> {
  await build({ mode: 'standalone', logLevel: 'silent' });
  await mkdir(SCREENSHOTS, { recursive: true });
  const demo = await startDemo({ port: 0, ...options });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  return {
    demo,
    browser,
    close: async () => {
      await browser.close();
      await demo.close();
    },
  };
}

export async function desktop(world: World): Promise<Page> {
  const context = await world.browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

export async function phone(world: World): Promise<Page> {
  const context: BrowserContext = await world.browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    // A Chilean phone: the verification page follows its Accept-Language.
    locale: 'es-CL',
  });
  return context.newPage();
}

export interface VerificationOptions {
  challenges?: '0' | '1' | '2';
  tries?: '1' | '3';
  expiration?: '600' | '60';
  lang?: 'es' | 'en' | 'pt-BR';
  mode?: 'auto' | 'qr' | 'button' | 'both';
  /** A webhook at every step (`metadata.webhook_full_update`). */
  fullUpdate?: boolean;
}

/** Opens the demo page, chooses the options and presses Start verification. */
export async function pressStart(page: Page, url: string, options: VerificationOptions = {}): Promise<void> {
  await page.goto(url);
  await page.locator('#nin option').first().waitFor({ state: 'attached' });
  const { fullUpdate, ...choices } = options;
  for (const [name, value] of Object.entries(choices)) await page.selectOption(`select[name=${name}]`, value);
  if (fullUpdate) await page.check('input[name=full_update]');
  await page.getByRole('button', { name: 'Start verification' }).click();
}

/** Starts a verification on the demo page; resolves once the QR code shows. */
export async function startVerification(page: Page, url: string, options: VerificationOptions = {}): Promise<void> {
  await pressStart(page, url, options);
  await page.locator('kyc-verify [part="qr"] path').waitFor();
}

/** Decodes the QR code from a screenshot of what the page painted, as a phone camera would. */
export async function scanQr(page: Page): Promise<string> {
  const png = PNG.sync.read(await pictureOfQr(page));
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!decoded) throw new Error('the QR code on the page does not decode');
  return decoded.data;
}

/**
 * A picture of the QR code. An element upgrading over its server's render draws its own code in place of
 * the server's, which can leave the node a picture was aimed at; a camera simply looks again.
 */
async function pictureOfQr(page: Page, looks = 3): Promise<Buffer> {
  try {
    return await page.locator('kyc-verify [part="qr"]').screenshot();
  } catch (error) {
    if (looks <= 1 || !String(error).includes('not attached')) throw error;
    return pictureOfQr(page, looks - 1);
  }
}

/** Posts to one of the sandbox's controls (`clock`, `transactions/<uuid>/outcome`…). */
export async function sandboxControl(world: World, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${world.demo.sandbox.url}/sandbox/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
}

/** Clicks through the sandbox's verification page, one button name per step. */
export async function walk(page: Page, steps: string[]): Promise<void> {
  for (const step of steps) {
    await page.getByRole('button', { name: step, exact: true }).click();
    await page.waitForLoadState();
  }
}

/** Gives the sandbox's verification page one outcome after another (`002`, `014`, `selfie_ok`…), as the person's captures would. */
export async function capture(page: Page, outcomes: string[]): Promise<void> {
  for (const outcome of outcomes) {
    await page.locator(`button[name=outcome][value="${outcome}"]`).first().click();
    await page.waitForLoadState();
  }
}

/** The detail of each logged event of `name` on a demo page, in order. */
export async function logged(page: Page, name: string): Promise<Record<string, unknown>[]> {
  const texts = await page.locator(`#events li[data-name="${name}"] pre`).allTextContents();
  return texts.map((text) => JSON.parse(text));
}

/** Waits until the demo page has logged an event of `name`, and gives its detail. */
export async function waitForLogged(page: Page, name: string, timeout = 30_000): Promise<Record<string, unknown>> {
  await page.locator(`#events li[data-name="${name}"]`).first().waitFor({ timeout });
  return (await logged(page, name))[0]!;
}

/** The mark of each of the three steps the desktop shows (document, selfie and liveness, checking). */
export async function marks(page: Page): Promise<string[]> {
  const parts = await page.locator('kyc-verify [part~="step"]').evaluateAll((steps) => steps.map((step) => step.getAttribute('part')!));
  return parts.map((part) => part.replace('step step-', ''));
}

/** Waits until the desktop shows these marks (`['done', 'current', 'todo']`…), and checks them. */
export async function expectMarks(page: Page, expected: string[]): Promise<void> {
  await page.waitForFunction(
    (wanted) => {
      const steps = document.querySelector('kyc-verify')?.shadowRoot?.querySelectorAll('[part~="step"]') ?? [];
      return [...steps].map((step) => step.getAttribute('part')!.replace('step step-', '')).join() === wanted;
    },
    expected.join(),
    { timeout: 15_000 },
  );
  assert.deepEqual(await marks(page), expected);
}

/** What the element's status part says, as one line: the status line, or an end screen's heading and reason. */
export async function said(page: Page): Promise<string> {
  return (await page.locator('kyc-verify [part="status"]').innerText()).replace(/\s+/g, ' ').trim();
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: resolve(SCREENSHOTS, `${name}.png`), fullPage: true });
}

export const uuidOf = (link: string) => new URL(link).pathname.split('/').pop()!;
