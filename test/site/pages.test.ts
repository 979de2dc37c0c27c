// Every page of the built site, served under a sub-path with every other origin blocked: each link
// leads to something (a page, a file, the playground's in-browser backend) and each #fragment to
// an element of its page, axe finds nothing, and no page reaches for another origin.
import assert from 'node:assert/strict';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { axeViolations, openSite, type SiteInBrowser } from './support/browser.js';
import { buildSite, type BuiltSite } from './support/site.js';

const TEST = { timeout: 300_000 };

/** The site's pages: its HTML files but the 404 page, relative to its root. */
async function pagesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((file) => file.endsWith('.html') && file !== '404.html' && !file.startsWith('files/')).sort();
}

/**
 * The pages axe reads, whole, one of each kind: every page of docs/ is the README's Markdown layout
 * in the same theme's frame (axe took 10 s a page on a busy machine), the API reference is generated,
 * the playground is the site's own element, read with a verification under way.
 */
const AXE_READS = new Set(['index.html', 'api/kyc-verify.html', 'playground/index.html']);

interface Seen {
  links: string[];
  ids: string[];
}

/**
 * The page's links and ids, in its document and in its open shadow roots (the playground's). A
 * script as text: the test's own compiler would decorate a function with helpers the page lacks.
 */
const LINKS_AND_IDS = `(() => {
  const roots = [document];
  for (let i = 0; i < roots.length; i++)
    for (const element of roots[i].querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
  const all = (selector) => roots.flatMap((root) => [...root.querySelectorAll(selector)]);
  return { links: all('a[href]').map((link) => link.href), ids: all('[id]').map((element) => element.id) };
})()`;

const linksAndIds = (page: Page) => page.evaluate(LINKS_AND_IDS) as Promise<Seen>;

interface Visit extends Seen {
  /** The HTTP status of each link to this origin, fetched from the page (the playground's through its worker). */
  statuses: Map<string, number>;
  axe: string[];
}

describe('the built site, under a sub-path, with every other origin blocked', () => {
  let site: BuiltSite;
  let browser: SiteInBrowser;
  let pages: string[];
  /** Each page as a visitor saw it, by path: visited once, the playground with a verification under way. */
  const visits = new Map<string, Visit>();

  before(async () => {
    site = await buildSite();
    browser = await openSite(site.dir);
    pages = await pagesOf(site.dir);
    const page = await browser.context.newPage();
    const origin = new URL(browser.url).origin;
    for (const path of pages) {
      await page.goto(`${browser.url}${path}`);
      if (path.startsWith('playground/')) {
        await page.getByText('Ready:').waitFor({ timeout: 60_000 });
        await page.getByRole('link', { name: 'open it in the phone below' }).waitFor();
      }
      const seen = await linksAndIds(page);
      const local = [...new Set(seen.links.filter((link) => new URL(link).origin === origin))];
      const statuses = await page.evaluate((urls) => Promise.all(urls.map((url) => fetch(url).then((answer) => answer.status))), local);
      visits.set(new URL(page.url()).pathname, {
        ...seen,
        statuses: new Map(local.map((link, index) => [link, statuses[index]!])),
        axe: AXE_READS.has(path) ? await axeViolations(page) : [],
      });
    }
    await page.close();
  }, TEST);

  after(async () => {
    await browser?.close();
    await site?.remove();
  });

  it('has a page per topic of docs/, the README as its home, the API reference and the playground', async () => {
    const docs = (await readdir('docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name.replace(/\.md$/, '.html')}`);
    assert.deepEqual(pages, ['api/kyc-verify.html', ...docs, 'index.html', 'playground/index.html'].sort());
    assert.equal(visits.size, pages.length);
  });

  it('every link of every page leads to a page, a file or the in-browser backend, and every #fragment to an element of its page', () => {
    const problems: string[] = [];
    for (const [path, { statuses }] of visits) {
      for (const [link, status] of statuses) {
        if (status !== 200) problems.push(`${path}: ${link} answers ${status}`);
        const { pathname, hash } = new URL(link);
        const target = visits.get(pathname) ?? (pathname.endsWith('/') ? visits.get(`${pathname}index.html`) : undefined);
        if (hash && !target) problems.push(`${path}: ${link}: a fragment of something that is not a page`);
        else if (hash && !target!.ids.includes(decodeURIComponent(hash.slice(1)))) problems.push(`${path}: ${link}: no element ${hash}`);
      }
    }
    assert.deepEqual(problems, []);
  });

  it('axe finds nothing on a page of each kind, the playground with a verification under way', () => {
    assert.deepEqual(
      [...visits.values()].flatMap((visit) => visit.axe),
      [],
    );
  });

  it("the playground's worker and the whole site stay within their sizes (docs/budgets.md)", async () => {
    const files = (await readdir(site.dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
    const sizes = await Promise.all(files.map(async (entry) => (await stat(join(entry.parentPath, entry.name))).size));
    const worker = await readFile(join(site.dir, 'playground', 'sw.js'));
    const sized = { site: sizes.reduce((sum, size) => sum + size, 0), worker: worker.length, workerGzip: gzipSync(worker, { level: 9 }).length };
    assert.ok(sized.site <= 4_100_000 && sized.worker <= 452_000 && sized.workerGzip <= 140_000, JSON.stringify(sized));
  });

  it('no page asked for anything from another origin', () => {
    assert.deepEqual(browser.blocked, []);
  });
});
