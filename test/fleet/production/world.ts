/**
 * The production-shape run's world, as a shop deploys it, all on this machine: `https://shop.test:<port>`
 * (Chromium maps the name to 127.0.0.1 and trusts the test's CA), nginx terminating TLS in front
 * of three shop instances (shop.ts, real child processes on one redis-server of the test's), and
 * the KYC service (the sandbox, its own process) on loopback, delivering its webhooks through nginx.
 */
import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, devices, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../../scripts/chromium.mjs';
import { connectSandbox } from '../../../src/testing/index.js';
import { startCommand, type Started } from '../../consumers/support/processes.js';
import { collectReports, startInstance, type Instance } from '../harness.js';
import { freePort, startRedisServer } from '../../support/redis-server.js';
import { startNginx, type Nginx } from './nginx.js';
import { makeCertificate } from './tls.js';

export const HOSTNAME = 'shop.test';
const INSTANCES = 3;

/** What the shop's instances are built from: the module of each documentation block, by the variable shop.ts reads, and nginx's `upstream` and `location`. */
export interface FromDocs {
  modules: Record<'SESSIONS_MODULE' | 'VISITORS_MODULE' | 'CLOCK_MODULE' | 'STOP_MODULE', string>;
  nginxUpstream: string;
  nginxLocation: string;
}

/** The events a page's `<kyc-verify>` elements dispatched, in order (recorded from the page's first script on). */
export interface Dispatched {
  type: string;
  detail: { uuid?: string; state?: string; handoff?: { devices: number } } | null;
}

const RECORDED = ['kyc-state-change', 'kyc-successful', 'kyc-failed', 'kyc-expired', 'kyc-error'];
export const ENDS = ['kyc-successful', 'kyc-failed', 'kyc-expired'];

/** The shop's page: the element, as the README's script tag puts it on a page. */
const PAGE = `<!doctype html>
<html lang="en">
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>Shop: verify your identity</title>
<script type="module" src="/kyc-verify.bundle.js"></script>
<h1>Verify your identity</h1>
<kyc-verify session-url="/kyc/session"></kyc-verify>
</html>
`;

export async function startWorld(fromDocs: FromDocs) {
  const dir = await mkdtemp(join(tmpdir(), 'kyc-verify-production-'));
  const staticDir = join(dir, 'static');
  await mkdir(staticDir);
  // The page's bundle is built while the processes start: it is needed once a browser opens the page.
  const pages = buildPages(staticDir);
  const [certificate, redis, reports] = await Promise.all([makeCertificate(dir, HOSTNAME), startRedisServer(), collectReports()]);

  const port = await freePort();
  const url = `https://${HOSTNAME}:${port}`;
  // The service reaches the shop as it would in production, over TLS through nginx (by address: its resolver does not know shop.test).
  const service: Started = await startCommand(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', '--port', '0'], process.cwd(), {
    NODE_EXTRA_CA_CERTS: certificate.ca,
  });
  const serviceUrl = /listening on (\S+)/.exec(service.stdout())![1]!;
  const secret = () => crypto.randomUUID() + crypto.randomUUID();
  const common = {
    ...fromDocs.modules,
    REDIS_URL: redis.url,
    KYC_REDIS_PREFIX: '{kyc-verify-production-shape}:',
    KYC_URL: serviceUrl,
    PUBLIC_URL: url,
    WEBHOOK_URL: `https://127.0.0.1:${port}/kyc/webhook`,
    // Shared by every instance, as docs/fleet.md says: two session secrets (the first signs), one visitor-id key.
    SESSION_SECRETS: `${secret()},${secret()}`,
    KYC_VISITOR_SECRET: secret(),
    REPORT_URL: reports.url,
    STATIC_DIR: staticDir,
  };
  const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
  const envOf = (index: number) => ({ ...common, PORT: String(ports[index]), INSTANCE: `shop-${index + 1}` });
  const instances: Instance[] = await Promise.all(ports.map((_, index) => startInstance(envOf(index), 'test/fleet/production/shop.ts')));
  const nginx: Nginx = await startNginx({
    dir,
    port,
    hostname: HOSTNAME,
    certificate,
    upstream: { block: fromDocs.nginxUpstream, ports },
    location: fromDocs.nginxLocation,
  });
  await pages;
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_FLAGS,
      `--host-resolver-rules=MAP ${HOSTNAME} 127.0.0.1`,
      `--ignore-certificate-errors-spki-list=${certificate.caKeyHash}`,
    ],
  });

  /** Every answer of status 5xx that reached a page of the shop, in any context. */
  const fiveHundreds: string[] = [];
  async function open(context: BrowserContext, path = '/'): Promise<Page> {
    await context.addInitScript((types) => {
      const dispatched: unknown[] = [];
      Object.assign(window, { dispatched });
      for (const type of types)
        document.addEventListener(type, (event) => dispatched.push({ type, detail: (event as CustomEvent).detail }));
    }, RECORDED);
    context.on('response', (response) => {
      if (response.status() >= 500 && response.url().startsWith(url)) fiveHundreds.push(`${response.status()} ${response.url()}`);
    });
    // Generous: a busy machine serves twenty pages at once slowly, which is no failure of the shop.
    context.setDefaultTimeout(90_000);
    const page = await context.newPage();
    await page.goto(new URL(path, url).href);
    return page;
  }

  return {
    url,
    serviceUrl,
    /** The service's test controls (docs/testing.md): outcomes, as the person's phone would give them. */
    service: connectSandbox(serviceUrl),
    browser,
    instances,
    reports: reports.reports,
    fiveHundreds,
    nginx,
    /** A desktop browser at `path` of the shop. */
    desktop: async (path?: string) => open(await browser.newContext({ viewport: { width: 1280, height: 900 } }), path),
    /** A phone at `path` of the shop: a phone's screen, touch and user agent. */
    phone: async (path?: string) => open(await browser.newContext({ ...devices['Pixel 7'] }), path),
    /** The events `page`'s elements dispatched so far. */
    dispatched: (page: Page) => page.evaluate(() => (window as unknown as { dispatched: Dispatched[] }).dispatched),
    /** The status streams each instance holds, asked on its own port. */
    openStreams: () =>
      Promise.all(
        instances.map(
          async (instance) => ((await (await fetch(`${instance.url}/instance`)).json()) as { openStreams: number }).openStreams,
        ),
      ),
    /** Stops instance `index` with SIGTERM, waits until it has exited, and starts it again on its port; the ms it took to exit. */
    async restart(index: number): Promise<number> {
      const stopping = instances[index]!.process;
      const exited = new Promise<number | null>((resolve) => stopping.once('exit', resolve));
      const signalledAt = performance.now();
      stopping.kill('SIGTERM');
      const code = await exited;
      const exitMs = Math.round(performance.now() - signalledAt);
      if (code !== 0) throw new Error(`shop-${index + 1} exited with ${code} after SIGTERM`);
      instances[index] = await startInstance(envOf(index), 'test/fleet/production/shop.ts');
      return exitMs;
    },
    async close() {
      await browser.close();
      await nginx.stop();
      for (const instance of instances) instance.process.kill('SIGKILL');
      await Promise.all([service.stop(), reports.close(), redis.stop()]);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The shop's static files: its page and the standalone bundle, as built for a script tag. */
async function buildPages(staticDir: string): Promise<void> {
  await build({ mode: 'standalone', logLevel: 'silent' });
  for (const name of (await readdir('dist')).filter((file) => /^kyc-verify\.[\w.-]+\.js$/.test(file)))
    await cp(join('dist', name), join(staticDir, name));
  await writeFile(join(staticDir, 'index.html'), PAGE);
}

export type World = Awaited<ReturnType<typeof startWorld>>;
