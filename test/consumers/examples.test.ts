// The example apps of examples/, each from a fresh copy of its folder installed against the packed
// package (its "file:../.." dependency pointed at the tarball), started with its own `npm start`,
// and walked in Chromium as a person on a phone would: log in with the app's fake login, press the
// element's button, walk the sandbox's page in the tab it opens, and come back to a page that heard
// kyc-successful once, whose app ran onResult once and shows the record it wrote.
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { packInto, run } from './support/packed.js';
import { startCommand, type Started } from './support/processes.js';

const EXAMPLES = ['express', 'hono', 'nextjs'] as const;
const URL_LINE = /^(http:\/\/127\.0\.0\.1:\d+)\b/m;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** A copy of examples/<name> as a user would take it, its package being `tarball`; installed with npm. */
async function installCopy(name: string, scratch: string, tarball: string): Promise<string> {
  const app = join(scratch, name);
  await cp(resolve('examples', name), app, { recursive: true, filter: (path) => !/[/\\](node_modules|\.next)$/.test(path) });
  const manifest = JSON.parse(await readFile(join(app, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  assert.equal(manifest.dependencies['kyc-verify'], 'file:../..', `examples/${name} depends on the package of this repository`);
  manifest.dependencies['kyc-verify'] = `file:${tarball}`;
  await writeFile(join(app, 'package.json'), JSON.stringify(manifest, null, 2));
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: app });
  return app;
}

describe('the example apps, each installed from a fresh copy and walked on a phone', () => {
  let scratch: string;
  let browser: Browser;
  const apps = new Map<string, Promise<string>>();

  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'kyc-verify-examples-'));
    const tarball = await packInto(scratch);
    const started = performance.now();
    // Installed side by side (mostly waiting on npm's cache), walked one at a time.
    for (const name of EXAMPLES) apps.set(name, installCopy(name, scratch, tarball));
    await Promise.all(apps.values());
    console.log(`# the examples installed in ${seconds(started)}`);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  });
  after(async () => {
    await browser?.close();
    await Promise.allSettled(apps.values());
    await rm(scratch, { recursive: true, force: true });
  });

  for (const name of EXAMPLES) {
    it(`examples/${name}: npm start, log in, verify on a phone; kyc-successful once, onResult once, the record shown`, async () => {
      const app = await apps.get(name)!;
      const started = performance.now();
      let server: Started | undefined;
      try {
        // Next's build would otherwise try to send its telemetry: no network here but loopback.
        server = await startCommand('npm', ['start'], app, { NEXT_TELEMETRY_DISABLED: '1' }, async (stdout) => {
          if (!URL_LINE.test(stdout)) throw new Error('not listening yet');
        });
        const url = URL_LINE.exec(server.stdout())![1]!;
        console.log(`# examples/${name}: npm start answered in ${seconds(started)}`);

        const context = await browser.newContext({
          viewport: { width: 390, height: 844 },
          isMobile: true,
          hasTouch: true,
          locale: 'es-CL',
        });
        const page = await context.newPage();
        await page.goto(url);
        await page.getByLabel('Name').fill('alice');
        await page.getByRole('button', { name: 'Log in' }).click();
        const open = page.locator('kyc-verify [part="button"]');
        await open.waitFor({ timeout: 60_000 });
        const [sandboxPage] = await Promise.all([context.waitForEvent('page'), open.click()]);
        await sandboxPage.waitForLoadState();
        const uuid = new URL(sandboxPage.url()).pathname.split('/').pop()!;
        for (const step of ['Documento OK', 'Selfie OK']) await sandboxPage.getByRole('button', { name: step, exact: true }).click();
        while (await sandboxPage.getByRole('button', { name: 'Prueba superada', exact: true }).count())
          await sandboxPage.getByRole('button', { name: 'Prueba superada', exact: true }).click();

        const continueButton = page.locator('kyc-verify [part="continue-button"]');
        await continueButton.waitFor({ timeout: 60_000 });
        assert.deepEqual(await page.locator('#events li').allTextContents(), [`kyc-successful ${uuid}`]);

        // The app's own record, which onResult wrote, shown on its page once it is written.
        const record = page.locator(`#records li[data-uuid="${uuid}"]`);
        await continueButton.click();
        while (!(await record.count())) {
          await sleep(200);
          await page.reload();
        }
        assert.match((await record.textContent())!, /^successful: /);
        const results = server.stdout().match(new RegExp(`^onResult ${uuid} .*$`, 'gm'));
        assert.deepEqual(results, [`onResult ${uuid} successful for alice`]);
        console.log(`# examples/${name}: verified ${seconds(started)} after npm start`);
        await context.close();
      } finally {
        await server?.stop();
      }
    });
  }
});
