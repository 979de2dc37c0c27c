// The built site as a visitor meets it: served by a static file server under a sub-path (as GitHub
// Pages serves a project), in Chromium, where every request to another origin is blocked and
// recorded (the site must work with nothing but its own files).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import sirv from 'sirv';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../../scripts/chromium.mjs';

/** The folder the site is served from: nothing of it may assume the root. */
export const SUB_PATH = '/kyc-verify/docs/';

export interface SiteInBrowser {
  /** The site's home page, under SUB_PATH. */
  url: string;
  context: BrowserContext;
  /** Requests to any other origin, which were blocked. */
  blocked: string[];
  close(): Promise<void>;
}

export async function openSite(dir: string): Promise<SiteInBrowser> {
  const files = sirv(dir, { dev: true });
  const server: Server = createServer((req, res) => {
    if (!req.url?.startsWith(SUB_PATH)) return void res.writeHead(404).end();
    req.url = `/${req.url.slice(SUB_PATH.length)}`;
    files(req, res, () => void res.writeHead(404).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const blocked: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).origin === origin) return route.continue();
    blocked.push(url);
    return route.abort('blockedbyclient');
  });
  return {
    url: `${origin}${SUB_PATH}`,
    context,
    blocked,
    async close() {
      await browser.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** What axe-core finds wrong in `context` of the page as it is (WCAG 2.1 A and AA), one line per node. */
export async function axeViolations(page: Page, context: 'document' | `#${string}`): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const target = context === 'document' ? 'document' : JSON.stringify(context);
  const violations = (await page.evaluate(
    `axe.run(${target}, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }).then((r) => r.violations)`,
  )) as { id: string; nodes: { target: unknown[] }[] }[];
  return violations.flatMap(({ id, nodes }) => nodes.map((node) => `${page.url()}: ${id} at ${JSON.stringify(node.target)}`));
}
