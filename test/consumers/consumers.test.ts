// The packed package in a fresh app of each framework: its types check the app and refuse a
// deliberate misuse, and in Chromium one kyc-successful reaches the framework's state.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { serveApp, UUID, type AppServer } from './support/app-server.js';
import { check, type Checker } from './support/checkers.js';
import { packForConsumers, run, type Packed } from './support/packed.js';

/** Each consumer (a folder of fixtures/), its checker, and what the checker says of its misuse. */
const CONSUMERS: { name: string; framework: string; checker: Checker; refusals: RegExp[] }[] = [
  {
    name: 'react-19',
    framework: 'React 19 (<kyc-verify> in JSX)',
    checker: 'tsc',
    refusals: [
      /"sideways"/,
      /"soon"/,
      /Type 'string' is not assignable to type 'boolean/,
      /'verified' does not exist/,
      /Property 'status' does not exist/,
    ],
  },
  {
    name: 'react-18',
    framework: 'React 18 (kyc-verify/react)',
    checker: 'tsc',
    refusals: [/"sideways"/, /'verified' does not exist/, /Property 'status' does not exist/],
  },
  { name: 'next', framework: 'Next.js (a client component)', checker: 'tsc', refusals: [/"sideways"/, /'reason' does not exist/] },
  { name: 'vue', framework: 'Vue 3', checker: 'vue-tsc', refusals: [/"sideways"/, /"soon"/, /'verified' does not exist/] },
  { name: 'svelte', framework: 'Svelte 5', checker: 'svelte-check', refusals: [/"sideways"/, /"soon"/, /'verified' does not exist/] },
  {
    name: 'angular',
    framework: 'Angular (kyc-verify/angular, strict templates)',
    checker: 'ngc',
    refusals: [/"sideways"/, /'verified' does not exist/],
  },
];

describe('the packed package in framework apps', () => {
  let packed: Packed;

  before(async () => {
    packed = await packForConsumers();
    // React 18 is the consumer's own (the repo has React 19), as a user of React 18 has it.
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--no-package-lock'], { cwd: packed.consumer('react-18') });
  });
  after(() => packed.remove());

  for (const { name, framework, checker, refusals } of CONSUMERS) {
    it(`${framework}: the app type-checks with ${checker}`, async () => {
      await check(checker, packed.consumer(name), 'tsconfig.json');
    });

    it(`${framework}: ${checker} refuses the misuse`, async () => {
      await assert.rejects(check(checker, packed.consumer(name), 'tsconfig.misuse.json'), (error: Error) => {
        for (const refusal of refusals) assert.match(error.message, refusal);
        return true;
      });
    });
  }

  it("Next.js's server: kyc-verify/ssr, imported from the package in Node, draws a prepared session's link", async () => {
    const link = 'https://shop.example/kyc/go/k7Qm2x';
    const session = { uuid: UUID, link, expires_at: new Date(Date.now() + 600_000).toISOString() };
    const render = `const { renderKycVerify } = await import('kyc-verify/ssr');
      process.stdout.write(renderKycVerify({ sessionUrl: '/kyc/session', session: ${JSON.stringify(session)} }, { lang: 'en' }));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', render], { cwd: packed.consumer('next') });
    assert.match(
      stdout,
      new RegExp(`^<kyc-verify session-url="/kyc/session"[^>]*><template shadowrootmode="open">.*<a [^>]*href="${link}"`, 's'),
    );
    assert.match(stdout, /<svg [^>]*part="qr"[^>]*>.*<path d="M/s, 'the QR code, drawn by the encoder the package carries');
  });

  describe('in Chromium', () => {
    let browser: Browser;
    before(async () => {
      browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    });
    after(() => browser.close());

    /** Builds consumer `name` with Vite (its own vite.config.ts, if any), serves it and opens it. */
    async function open(name: string): Promise<{ page: Page; server: AppServer }> {
      const root = packed.consumer(name);
      // One React: the consumer's, also for the wrapper, which lies in a folder whose parent has the repo's React 19.
      await build({ root, logLevel: 'warn', resolve: { dedupe: ['react', 'react-dom'] }, build: { outDir: join(root, 'dist') } });
      const server = await serveApp(join(root, 'dist'));
      const page = await browser.newPage();
      await page.goto(server.url);
      return { page, server };
    }

    /** What the app's state shows of the kyc-successful events it received, once it shows any. */
    async function verifiedIn(page: Page): Promise<string> {
      const output = page.locator('#verified');
      await output.filter({ hasText: /./ }).waitFor();
      return output.textContent() as Promise<string>;
    }

    describe('a React 18 app with kyc-verify/react, in StrictMode', () => {
      let page: Page;
      let server: AppServer;
      before(async () => ({ page, server } = await open('react-18')));
      after(() => server.close());

      it('receives the one kyc-successful in its state', async () => {
        assert.equal(await verifiedIn(page), UUID);
      });

      it('sets strings and defer as properties, not as attributes', async () => {
        const element = page.locator('kyc-verify');
        assert.deepEqual(await element.evaluate((kyc: HTMLElement & { strings: object; defer: boolean }) => [kyc.strings, kyc.defer]), [
          { openButton: 'Verify now' },
          false,
        ]);
        assert.equal(await element.getAttribute('strings'), null);
        assert.equal(await element.getAttribute('defer'), null);
      });
    });

    it('a Vue app receives the one kyc-successful in its state', async () => {
      const { page, server } = await open('vue');
      try {
        assert.equal(await verifiedIn(page), UUID);
      } finally {
        await server.close();
      }
    });
  });
});
