// The widget is readable in each of the eight combinations of the system's colour scheme (light,
// dark) and the page's `color-scheme` (light only, dark, light and dark, unset), in each main state:
// axe's colour-contrast rule finds nothing, and a screenshot of each combination is kept in
// test-results/colours/<state>-system-<system>-page-<page>.png.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { desktop, sandboxControl, startWorld, type World } from './harness.js';

const SHOTS = resolve('test-results/colours');
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const TEST = { timeout: 120_000 };

const SYSTEMS = ['light', 'dark'] as const;

/** How each page says its colour scheme: a meta tag or a CSS rule, as pages do. */
const PAGES = {
  'light-only': '<meta name="color-scheme" content="light" />',
  dark: '<style>:root { color-scheme: dark; }</style>',
  'light-dark': '<meta name="color-scheme" content="light dark" />',
  unset: '',
} as const;
type PageScheme = keyof typeof PAGES;

/** Whether the browser paints a page dark: only when the page says it can be, and then as the system prefers. */
const paintsDark = (system: (typeof SYSTEMS)[number], scheme: PageScheme) =>
  scheme === 'dark' || (scheme === 'light-dark' && system === 'dark');

/**
 * A fresh integrator's page: the standalone bundle from a script tag and nothing else of ours. Its root
 * is painted `Canvas`, the colour the browser paints an unpainted page anyway, so that axe (which takes
 * an unpainted page as white) measures against the background the person sees.
 */
const integratorPage = (attributes: string) => `<!doctype html>
<html lang="es">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Verificación</title>
    <style>html { background: Canvas; font-family: system-ui, sans-serif; } #widget { padding: 1rem; }</style>
    <script type="module" src="/kyc-verify.bundle.js"></script>
  </head>
  <body>
    <div id="widget"><kyc-verify status-url="/kyc/status/{uuid}" ${attributes}></kyc-verify></div>
  </body>
</html>`;

interface Contrast {
  violations: string[];
  incomplete: string[];
  /** The lowest contrast ratio axe measured in the widget. */
  lowest: number;
}

declare const axe: {
  run(
    context: string,
    options: object,
  ): Promise<
    Record<'violations' | 'incomplete' | 'passes', { nodes: { target: string[][]; any: { data: { contrastRatio?: number } }[] }[] }[]>
  >;
};

describe('end to end: readable in every combination of system and page colour scheme', () => {
  let world: World;

  before(async () => {
    world = await startWorld();
    await mkdir(SHOTS, { recursive: true });
    console.log(`screenshots of each combination: ${SHOTS}/*.png`);
  });
  after(() => world.close());

  /** Opens an integrator's page on the demo's origin with `<kyc-verify>` and these attributes. */
  async function open(attributes: string, prepare?: (page: Page) => Promise<unknown>): Promise<Page> {
    const page = await desktop(world);
    await prepare?.(page);
    const url = new URL('/colours.html', world.demo.url).href;
    await page.route(url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: integratorPage(attributes) }));
    await page.goto(url);
    await page.addScriptTag({ path: AXE });
    return page;
  }

  /** The verification the page shows, once it has one. */
  async function uuidOf(page: Page): Promise<string> {
    return (await page.waitForFunction(() => document.querySelector('kyc-verify')!.status?.uuid)).jsonValue() as Promise<string>;
  }

  /** Gives the verification the page shows these outcomes, as the phone's captures would. */
  async function outcomes(page: Page, codes: string[]): Promise<void> {
    const uuid = await uuidOf(page);
    for (const code of codes) await control(`transactions/${uuid}/outcome`, { code });
  }

  const control = (path: string, body: unknown) => sandboxControl(world, path, body);

  const reaching = (page: Page, state: string) =>
    page.waitForFunction((state) => document.querySelector('kyc-verify')!.status?.state === state, state);

  /** The page says `scheme`, in place of what it said before. */
  async function declare(page: Page, scheme: PageScheme): Promise<void> {
    await page.evaluate((markup) => {
      document.querySelector('#scheme')?.remove();
      const template = document.createElement('template');
      template.innerHTML = markup;
      const declaration = template.content.firstElementChild;
      if (!declaration) return;
      declaration.id = 'scheme';
      document.head.append(declaration);
    }, PAGES[scheme]);
  }

  /** axe's colour-contrast rule over the widget, as the page is now. */
  async function contrast(page: Page): Promise<Contrast> {
    const results = await page.evaluate(() => axe.run('kyc-verify', { runOnly: ['color-contrast'] }));
    const nodes = (kind: 'violations' | 'incomplete' | 'passes') => results[kind].flatMap((rule) => rule.nodes);
    const ratios = [...nodes('passes'), ...nodes('violations')].flatMap((node) =>
      node.any.map((check) => check.data.contrastRatio ?? Infinity),
    );
    const named = (kind: 'violations' | 'incomplete') =>
      nodes(kind).map((node) => `${node.target.flat().join(' ')} (${node.any[0]?.data.contrastRatio ?? '?'}:1)`);
    return { violations: named('violations'), incomplete: named('incomplete'), lowest: Math.min(...ratios) };
  }

  /**
   * In each combination: checks that the page is painted as its scheme says (the test's own
   * premise), keeps a screenshot, and runs axe. Fails naming every combination with a problem.
   */
  async function readableEverywhere(page: Page, state: string): Promise<void> {
    const problems: string[] = [];
    const table: string[] = [];
    for (const system of SYSTEMS) {
      await page.emulateMedia({ colorScheme: system });
      for (const scheme of Object.keys(PAGES) as PageScheme[]) {
        await declare(page, scheme);
        const canvas = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
        assert.equal(
          canvas === 'rgb(255, 255, 255)',
          !paintsDark(system, scheme),
          `system ${system}, page ${scheme}: the page paints ${canvas}`,
        );
        await page.locator('#widget').screenshot({ path: `${SHOTS}/${state}-system-${system}-page-${scheme}.png` });
        const { violations, incomplete, lowest } = await contrast(page);
        table.push(`${state}, system ${system}, page ${scheme}: lowest contrast ${lowest.toFixed(2)}:1, ${violations.length} violations`);
        if (violations.length || incomplete.length)
          problems.push(`system ${system}, page ${scheme}: ${[...violations, ...incomplete.map((node) => `unsure: ${node}`)].join('; ')}`);
      }
    }
    console.log(table.join('\n'));
    assert.deepEqual(problems, []);
  }

  it('waiting for the phone: the QR code', TEST, async () => {
    const page = await open('session-url="/kyc/session" mode="qr"');
    await page.locator('kyc-verify [part="qr"] path').waitFor();
    await readableEverywhere(page, 'qr');
  });

  it('following the phone, then successful with Continue', TEST, async () => {
    const page = await open('session-url="/kyc/session?challenges=0" mode="qr"');
    await outcomes(page, ['002']);
    await page.locator('kyc-verify [part~="progress"]').waitFor();
    await readableEverywhere(page, 'following');
    await outcomes(page, ['013']);
    await page.locator('kyc-verify [part="continue-button"]:not([disabled])').waitFor();
    await readableEverywhere(page, 'successful');
  });

  it('following the flow in another tab, in button mode', TEST, async () => {
    const page = await open('session-url="/kyc/session?expiration=300" mode="button"');
    await outcomes(page, ['002']);
    await page.waitForFunction(() => document.querySelector('kyc-verify')!.status?.code === '002');
    await readableEverywhere(page, 'button-following');
  });

  it('failed: why, and Try again', TEST, async () => {
    const page = await open('session-url="/kyc/session?tries=1" mode="qr"');
    await outcomes(page, ['006']);
    await reaching(page, 'failed');
    await page.locator('kyc-verify [part="retry-button"]').waitFor();
    await readableEverywhere(page, 'failed');
  });

  it('a final error (the status lost)', TEST, async () => {
    const page = await open('session-url="/kyc/session?expiration=120" mode="qr"', (page) =>
      page.route('**/kyc/status/**', (route) => route.fulfill({ status: 404, body: 'Not Found' })),
    );
    // A 404 is the page's configuration: no Try again, the next step in words.
    await page.locator('kyc-verify [part~="status"].problem').waitFor();
    await readableEverywhere(page, 'error');
  });

  // Last: the sandbox's clock only moves forward, and expires whatever is still under way.
  it('expired', TEST, async () => {
    const page = await open('session-url="/kyc/session?expiration=60" mode="qr"');
    await uuidOf(page);
    await control('clock', { advance_seconds: 61 });
    await reaching(page, 'expired');
    await page.locator('kyc-verify [part="retry-button"]').waitFor();
    await readableEverywhere(page, 'expired');
  });
});
