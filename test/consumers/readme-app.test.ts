// The README's examples, copied as they are into a fresh app: its install line for the sandbox,
// the script-tag page, the kit's server and the local environment with the sandbox command. Only
// what the README leaves to the app is the test's (a login cookie, a user, a record of results,
// serving the page) and the ports, which are free ones. End to end in Chromium: a desktop page
// shows the QR code, a phone-sized page walks the sandbox, the desktop hears kyc-successful once.
import assert from 'node:assert/strict';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { scanQr } from '../e2e/harness.js';
import { installApp, packInto } from './support/packed.js';
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

/** The application's own code, which the README's server leaves to the app: appended to it (declarations are hoisted). */
const APP_OWN_CODE = `
// The app's own code (the test's): a login cookie, its user, a record of results, the page and the bundle.
import { readFile as readAppFile } from 'node:fs/promises';
function userIdFromCookie(cookie) {
  return /(?:^|; )user=(\\w+)/.exec(cookie ?? '')?.[1] ?? null;
}
async function userFromCookie(cookie) {
  const id = userIdFromCookie(cookie);
  return id && { id, rut: '12.345.678-5' };
}
function markVerified(owner, result) {
  console.log(JSON.stringify({ verified: owner, state: result.state, uuid: result.uuid }));
}
const FILES = {
  '/': ['public/index.html', 'text/html'],
  '/assets/kyc-verify.bundle.js': ['public/assets/kyc-verify.bundle.js', 'text/javascript'],
  '/assets/kyc-verify.qr.js': ['public/assets/kyc-verify.qr.js', 'text/javascript'],
};
async function serveYourApp(req, res) {
  const file = FILES[req.url];
  if (!file) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': file[1], 'set-cookie': 'user=alice; Path=/; HttpOnly; SameSite=Lax' }).end(await readAppFile(file[0]));
}
`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

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
    const install = commandsOf(blockAfter('## Install', 'sh')).find((words) => words.includes('@hono/zod-openapi'))!;
    assert.deepEqual(install.slice(0, 2), ['npm', 'install']);
    await installApp(app, await packInto(scratch), install.slice(2));

    // "Copy node_modules/kyc-verify/dist/kyc-verify.bundle.js next to your page", the page being the quick start's,
    // with kyc-verify.qr.js beside it (the desktop draws a QR code).
    await mkdir(join(app, 'public', 'assets'), { recursive: true });
    for (const file of ['kyc-verify.bundle.js', 'kyc-verify.qr.js']) {
      await copyFile(join(app, 'node_modules/kyc-verify/dist', file), join(app, 'public/assets', file));
    }
    const page = blockAfter('### In the page: a script tag', 'html');
    await writeFile(
      join(app, 'public/index.html'),
      `<!doctype html><html lang="es"><meta charset="utf-8"><title>Shop</title>\n${page}\n</html>`,
    );
    await writeFile(join(app, 'server.mjs'), `${blockAfter('### On the server: the kit', 'js')}\n${APP_OWN_CODE}`);

    // The local environment: the sandbox command, then the server with its variables; the ports are free ones.
    const [sandboxCommand, serverCommand] = commandsOf(blockAfter('Locally, the sandbox plays', 'sh'));
    assert.deepEqual(sandboxCommand, ['npx', 'kyc-verify-sandbox']);
    const [sandboxPort, appPort] = [await freePort(), await freePort()];
    sandbox = await startCommand('npx', [...sandboxCommand!.slice(1), '--port', String(sandboxPort)], app, {});
    sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
    assert.match(sandbox.stdout(), new RegExp(sandboxUrl));
    const variables = serverCommand!.filter((word) => /^[A-Z_]+=/.test(word));
    const env = Object.fromEntries(
      variables.map((word) => {
        const [name, ...value] = word.split('=');
        return [
          name,
          value.join('=').replace('127.0.0.1:4010', `127.0.0.1:${sandboxPort}`).replace('127.0.0.1:3000', `127.0.0.1:${appPort}`),
        ];
      }),
    );
    assert.equal(env.PUBLIC_URL, `http://127.0.0.1:${appPort}`, 'PUBLIC_URL is where the server listens');
    const [command, ...args] = serverCommand!.slice(variables.length);
    appUrl = `http://127.0.0.1:${appPort}`;
    server = await startCommand(command!, args, app, { ...env, PORT: String(appPort) }, () => fetch(`${appUrl}/kyc/nothing`));
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
    await desktop.goto(appUrl);
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
