// The README's examples, copied as they are into a fresh app: its install lines, the script-tag
// page, the kit's server (a whole app, fake login included) and its two commands. Only the ports
// are the test's (free ones, through the variables the server reads). End to end in Chromium: the
// fake login, a desktop page shows the QR code, a phone-sized page walks the sandbox, the desktop
// hears kyc-successful once, and onResult records the end once.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { scanQr } from '../e2e/harness.js';
import { installApp, packInto } from './support/packed.js';
import { freePort } from '../support/redis-server.js';
import { startCommand, type Started } from './support/processes.js';

const README = await readFile('README.md', 'utf8');

/** The first code block of `language` after `marker` in the README, as it is. */
function blockAfter(marker: string, language: string): string {
  const from = README.indexOf(marker);
  assert.ok(from >= 0, `README.md has no "${marker}"`);
  const block = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\\n\`\`\``).exec(README.slice(from));
  assert.ok(block, `README.md has no ${language} block after "${marker}"`);
  return block[1]!;
}

/** The shell lines of a block, continuations joined, comments and a trailing `&` removed, as words. */
const commandsOf = (block: string) =>
  block
    .replaceAll('\\\n', ' ')
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').replace(/&\s*$/, '').trim().split(/\s+/))
    .filter((words) => words[0]);

/** The packages an `npm install` in the README's prose names (`npm install a b c`). */
const packagesIn = (prose: string) => /`npm install ([^`]+)`/.exec(prose)![1]!.split(' ');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the README's examples in a fresh app", () => {
  let scratch: string;
  let app: string;
  let sandbox: Started;
  let server: Started;
  let appUrl: string;
  let sandboxUrl: string;
  let browser: Browser;

  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'kyc-verify-readme-app-'));
    app = join(scratch, 'app');
    // The install line for the app (the tarball, then the kit's peer), and the sandbox's packages the kit's section names.
    const install = commandsOf(blockAfter('## Install', 'sh')).find((words) => words.some((word) => word.endsWith('.tgz')))!;
    assert.deepEqual(install.slice(0, 2), ['npm', 'install']);
    const kitSection = README.slice(README.indexOf('### On the server: the kit'));
    const packages = [...install.slice(2).map((word) => (word.endsWith('.tgz') ? 'kyc-verify' : word)), ...packagesIn(kitSection)];
    await installApp(app, await packInto(scratch), packages);

    // The page, in an index.html; the server as it is.
    const page = blockAfter('### In the page: a script tag', 'html');
    await writeFile(join(app, 'index.html'), `<!doctype html><html lang="es"><meta charset="utf-8"><title>Shop</title>\n${page}\n</html>`);
    await writeFile(join(app, 'server.mjs'), blockAfter('### On the server: the kit', 'js'));

    // Its two commands; the ports are free ones, given through the variables the server reads.
    const [sandboxCommand, serverCommand] = commandsOf(blockAfter('Locally the sandbox plays', 'sh'));
    assert.deepEqual(sandboxCommand, ['npx', 'kyc-verify-sandbox']);
    assert.deepEqual(serverCommand, ['node', 'server.mjs']);
    const [sandboxPort, appPort] = [await freePort(), await freePort()];
    sandbox = await startCommand('npx', [...sandboxCommand!.slice(1), '--port', String(sandboxPort)], app, {});
    sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
    assert.match(sandbox.stdout(), new RegExp(sandboxUrl));
    appUrl = `http://127.0.0.1:${appPort}`;
    const env = { KYC_URL: sandboxUrl, PUBLIC_URL: appUrl, PORT: String(appPort) };
    server = await startCommand(serverCommand![0]!, serverCommand!.slice(1), app, env, () => fetch(`${appUrl}/kyc/nothing`));
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  });
  /** The states of the sandbox's webhook deliveries for `uuid`, once none is in flight. */
  async function settledDeliveries(uuid: string): Promise<string[]> {
    for (;;) {
      const { deliveries } = (await (await fetch(`${sandboxUrl}/sandbox/webhooks?uuid=${uuid}`)).json()) as {
        deliveries: { state: string }[];
      };
      if (deliveries.every((delivery) => delivery.state !== 'in_flight')) return deliveries.map((delivery) => delivery.state);
      await sleep(50);
    }
  }

  after(async () => {
    await browser?.close();
    await server?.stop();
    await sandbox?.stop();
    await rm(scratch, { recursive: true, force: true });
  });

  it('verifies end to end: the phone walks the sandbox, the desktop fires kyc-successful once, webhooks reach the server', async () => {
    const desktop = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const verified: string[] = [];
    desktop.on('console', (message) => message.text().startsWith('verified') && verified.push(message.text()));
    // The README's fake login, then the page.
    await desktop.goto(`${appUrl}/login?user=alice`);
    await desktop.locator('kyc-verify [part="qr"] path').waitFor();
    const link = await scanQr(desktop);
    assert.ok(link.startsWith(`${sandboxUrl}/`), link);
    const uuid = new URL(link).pathname.split('/').pop()!;

    const phone = await (
      await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'es-CL' })
    ).newPage();
    await phone.goto(link);
    for (const step of ['Documento OK', 'Selfie OK']) await phone.getByRole('button', { name: step, exact: true }).click();
    while (await phone.getByRole('button', { name: 'Prueba superada', exact: true }).count())
      await phone.getByRole('button', { name: 'Prueba superada', exact: true }).click();

    await desktop.locator('kyc-verify [part="continue-button"]').waitFor();
    assert.deepEqual(verified, [`verified ${uuid}`]);
    // onResult (markVerified) ran with the end; the webhooks the service sent on the way all reached the server.
    while (!server.stdout().includes(uuid)) await sleep(50);
    assert.deepEqual(
      JSON.parse(
        server
          .stdout()
          .split('\n')
          .find((line) => line.includes(uuid))!,
      ),
      {
        verified: 'alice',
        state: 'successful',
        uuid,
      },
    );
    const states = await settledDeliveries(uuid);
    assert.ok(states.length > 0, 'no webhook was sent');
    assert.deepEqual(
      states,
      states.map(() => 'delivered'),
    );
  });
});
