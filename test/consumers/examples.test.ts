// The example apps of examples/, each from a fresh copy of its folder installed against the packed
// package (its "file:../.." dependency pointed at the tarball), started with its own `npm start` as
// it is deployed: behind a proxy that ends TLS for a real hostname (https://shop.test:<port>, which
// Chromium maps to 127.0.0.1, with a certificate the test makes), PUBLIC_URL set, so the handoff is
// on. A desktop logs in with the app's fake login and shows the QR code; a phone-sized page follows
// the handoff to the sandbox's page and walks it; the desktop hears kyc-successful once, the app
// runs onResult once and shows the record it wrote. Each renders the element prepared (kit.prepare, kyc-verify/ssr):
// the short link is in the page's HTML before any script, and the element follows it with no session request.
//
// Each rule once across the three, not every rule in every app:
// - express: a fleet, 2 instances on one Redis, the proxy sending requests to each in turn (its logins, the kit's
//   store and its records shared), the QR code decoded and opened, a second device noticed;
//   without CLIENT_ADDRESS, it says once what one client can spend;
// - hono: the typed code, typed on the phone's page;
// - nextjs: the QR code decoded and opened; CLIENT_ADDRESS read, so it says nothing of the kind.
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createServer as createTlsServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { roundRobin } from '../../demo/balancer.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { startSandbox } from '../../src/sandbox/index.js';
import { scanQr } from '../e2e/harness.js';
import { startRedisServer } from '../support/redis-server.js';
import { packInto, run } from './support/packed.js';
import { startCommand, type Started } from './support/processes.js';

const EXAMPLES = ['express', 'hono', 'nextjs'] as const;
type Example = (typeof EXAMPLES)[number];
const HOST = 'shop.test';
const TEST = { timeout: 600_000 };

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

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((done) => probe.close(() => done()));
  return port;
}

/** A certificate for HOST, made for this run (the browser is told to accept it). */
async function certificateFor(folder: string): Promise<{ key: Buffer; cert: Buffer }> {
  const [key, cert] = [join(folder, 'key.pem'), join(folder, 'cert.pem')];
  const subject = ['-subj', `/CN=${HOST}`, '-addext', `subjectAltName=DNS:${HOST}`];
  await run('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', ...subject]);
  return { key: await readFile(key), cert: await readFile(cert) };
}

/**
 * The proxy in front, on `port`: it ends TLS and passes each request to the backends in turn, with
 * the Host the browser used, `X-Forwarded-Proto: https` and the client's address appended to
 * `X-Forwarded-For`, as nginx does with `proxy_set_header`.
 */
async function tlsFront(port: number, tls: { key: Buffer; cert: Buffer }, backends: number[]): Promise<Server> {
  const balance = roundRobin(() => backends.map((backend) => `http://127.0.0.1:${backend}`));
  const front = createTlsServer(tls, (req, res) => {
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    Object.assign(req.headers, { 'x-forwarded-proto': 'https', 'x-forwarded-for': forwardedFor });
    balance(req, res);
  });
  await new Promise<void>((done) => front.listen(port, '127.0.0.1', done));
  return front;
}

/** `npm start` in `app`, ready once it prints its public URL; Next's build would otherwise try to send its telemetry. */
function npmStart(app: string, env: Record<string, string>): Promise<Started> {
  return startCommand('npm', ['start'], app, { NEXT_TELEMETRY_DISABLED: '1', ...env }, async (stdout) => {
    if (!stdout.includes(env.PUBLIC_URL!)) throw new Error('not listening yet');
  });
}

/**
 * A desktop, logged in with the app's fake login as `user`, its element showing the QR code. The page the login leads to
 * carries the element prepared and drawn: its HTML, before any script, has the short link as an anchor, and the element
 * takes it over without asking for a session.
 */
async function desktopLoggedIn(browser: Browser, url: string, user: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, ignoreHTTPSErrors: true })).newPage();
  await page.goto(url);
  const sessionPosts: string[] = [];
  page.on(
    'request',
    (request) => void (request.method() === 'POST' && request.url().includes('/kyc/session') && sessionPosts.push(request.url())),
  );
  const html = page.waitForResponse((response) => response.request().isNavigationRequest() && response.request().method() === 'GET');
  await page.getByLabel('Name').fill(user);
  await page.getByRole('button', { name: 'Log in' }).click();
  const link = new RegExp(`<template shadowrootmode="open">.*<a [^>]*href="${url.replace(/[.]/g, '\\.')}/kyc/go/[^"]+"`, 's');
  assert.match(await (await html).text(), link, "the short link in the page's HTML");
  // The server's render paints first; the element then upgrades and draws its own in its place.
  await page.waitForFunction(
    async () => {
      await customElements.whenDefined('kyc-verify');
      await (document.querySelector('kyc-verify') as HTMLElement & { updateComplete: Promise<boolean> }).updateComplete;
      return true;
    },
    undefined,
    { timeout: 60_000 },
  );
  await page.locator('kyc-verify [part="qr"] path').waitFor();
  assert.deepEqual(sessionPosts, [], 'the prepared session followed, none asked for');
  return page;
}

const phone = (browser: Browser): Promise<BrowserContext> =>
  browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'es-CL', ignoreHTTPSErrors: true });

/** Walks the sandbox's page to a successful end, as the person does on the phone. */
async function walkToSuccess(page: Page): Promise<string> {
  const uuid = new URL(page.url()).pathname.split('/').pop()!;
  for (const step of ['Documento OK', 'Selfie OK']) await page.getByRole('button', { name: step, exact: true }).click();
  while (await page.getByRole('button', { name: 'Prueba superada', exact: true }).count())
    await page.getByRole('button', { name: 'Prueba superada', exact: true }).click();
  return uuid;
}

const statusLine = (page: Page) => page.locator('kyc-verify [part="status"]');

/** The desktop heard kyc-successful once; Continue shows the record onResult wrote (on whichever instance ran it). */
async function expectRecorded(desktop: Page, uuid: string, output: () => string): Promise<void> {
  const continueButton = desktop.locator('kyc-verify [part="continue-button"]');
  await continueButton.waitFor({ timeout: 60_000 });
  assert.deepEqual(await desktop.locator('#events li').allTextContents(), [`kyc-successful ${uuid}`]);
  const record = desktop.locator(`#records li[data-uuid="${uuid}"]`);
  await continueButton.click();
  while (!(await record.count())) {
    await sleep(200);
    await desktop.reload();
  }
  assert.match((await record.textContent())!, /^successful: /);
  assert.deepEqual(output().match(new RegExp(`^onResult ${uuid} .*$`, 'gm')), [`onResult ${uuid} successful for alice`]);
}

describe('the example apps, each installed from a fresh copy, deployed on a real hostname over TLS, the handoff on', () => {
  let scratch: string;
  let browser: Browser;
  let tls: { key: Buffer; cert: Buffer };
  const apps = new Map<Example, Promise<string>>();

  /** `npm start` of `example` on `backends` ports (with REDIS_URL, a fleet), behind the TLS front on another: its public URL. */
  async function deployed(example: Example, env: Record<string, string>, instances = 1) {
    const [port, ...backends] = await Promise.all(Array.from({ length: instances + 1 }, freePort));
    const publicUrl = `https://${HOST}:${port}`;
    const started: Started[] = [];
    let front: Server | undefined;
    const stop = async () => {
      front?.closeAllConnections();
      front?.close();
      await Promise.all(started.map((server) => server.stop()));
    };
    try {
      for (const backend of backends)
        started.push(await npmStart(await apps.get(example)!, { ...env, PORT: String(backend), PUBLIC_URL: publicUrl }));
      front = await tlsFront(port, tls, backends);
    } catch (error) {
      await stop();
      throw error;
    }
    return {
      publicUrl,
      stdout: () => started.map((server) => server.stdout()).join(''),
      stderr: () => started.map((server) => server.stderr()).join(''),
      stop,
    };
  }

  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'kyc-verify-examples-'));
    const tarball = await packInto(scratch);
    const started = performance.now();
    // Installed side by side (mostly waiting on npm's cache), walked one at a time.
    for (const name of EXAMPLES) apps.set(name, installCopy(name, scratch, tarball));
    await Promise.all(apps.values());
    console.log(`# the examples installed in ${seconds(started)}`);
    tls = await certificateFor(scratch);
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS, `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
    });
  });
  after(async () => {
    await browser?.close();
    await Promise.allSettled(apps.values());
    await rm(scratch, { recursive: true, force: true });
  });

  it(
    'examples/express as a fleet of 2 on Redis: the QR code opened on a phone, a second device noticed, the login and the record on every instance',
    TEST,
    async () => {
      const started = performance.now();
      const redis = await startRedisServer();
      const sandbox = await startSandbox({ port: 0 });
      const env = { REDIS_URL: redis.url, SESSION_SECRET: 'a session secret that every instance shares', KYC_URL: sandbox.url };
      const app = await deployed('express', env, 2).catch(async (error: unknown) => {
        await Promise.all([sandbox.close(), redis.stop()]);
        throw error;
      });
      try {
        const desktop = await desktopLoggedIn(browser, app.publicUrl, 'alice');
        const link = await scanQr(desktop);
        assert.match(link, new RegExp(`^${app.publicUrl}/kyc/go/`), 'the short link, on the public URL');
        const mobile = await (await phone(browser)).newPage();
        await mobile.goto(link);
        assert.equal(new URL(mobile.url()).origin, sandbox.url);
        await statusLine(desktop).getByText('Phone connected.', { exact: false }).waitFor();
        const other = await (await phone(browser)).newPage();
        await other.goto(link);
        await desktop
          .locator('kyc-verify [part="other-device"]')
          .getByText('The link was opened on another device too.', { exact: false })
          .waitFor();

        const uuid = await walkToSuccess(mobile);
        await expectRecorded(desktop, uuid, app.stdout);
        assert.match(
          app.stderr(),
          /kyc-verify session: no clientAddress while serving shop\.test:\d+: /,
          'without CLIENT_ADDRESS, it says so',
        );
        console.log(`# examples/express: 2 instances verified ${seconds(started)} after npm start`);
      } finally {
        await app.stop();
        await sandbox.close();
        await redis.stop();
      }
    },
  );

  it('examples/hono: the code typed on the phone, then the verification', TEST, async () => {
    const app = await deployed('hono', {});
    try {
      const desktop = await desktopLoggedIn(browser, app.publicUrl, 'alice');
      const typed = (await desktop.locator('kyc-verify [part="typed-code"]').textContent())!.replace(/\s+/g, ' ');
      const [, goUrl, code] = /open (\S+) and type (\w{8})/.exec(typed) ?? [];
      assert.equal(`https://${goUrl}`, `${app.publicUrl}/kyc/go`, typed);
      const mobile = await (await phone(browser)).newPage();
      await mobile.goto(`https://${goUrl}`);
      await mobile.getByRole('textbox').fill(code!.toLowerCase());
      await mobile.keyboard.press('Enter');
      await mobile.waitForURL((url) => !url.href.startsWith(app.publicUrl), { timeout: 30_000 });
      await statusLine(desktop).getByText('Phone connected.', { exact: false }).waitFor();
      const uuid = await walkToSuccess(mobile);
      await expectRecorded(desktop, uuid, app.stdout);
    } finally {
      await app.stop();
    }
  });

  it('examples/nextjs: the QR code opened on a phone; CLIENT_ADDRESS read from the environment', TEST, async () => {
    const started = performance.now();
    const app = await deployed('nextjs', { CLIENT_ADDRESS: 'x-forwarded-for' });
    try {
      console.log(`# examples/nextjs: npm start answered in ${seconds(started)}`);
      const desktop = await desktopLoggedIn(browser, app.publicUrl, 'alice');
      const mobile = await (await phone(browser)).newPage();
      await mobile.goto(await scanQr(desktop));
      await statusLine(desktop).getByText('Phone connected.', { exact: false }).waitFor();
      const uuid = await walkToSuccess(mobile);
      await expectRecorded(desktop, uuid, app.stdout);
      assert.doesNotMatch(app.stderr(), /no clientAddress/);
    } finally {
      await app.stop();
    }
  });
});
