// Every page of the built site, served under a sub-path with every other origin blocked: each link
// leads to something (a page, a file, the playground's in-browser backend) and each #fragment to
// an element of its page, axe finds nothing, and no page reaches for another origin.
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
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

describe('the built site, under a sub-path, with every other origin blocked', () => {
  let site: BuiltSite;
  let browser: SiteInBrowser;
  let pages: string[];
  const seen = new Map<string, Seen>();

  before(async () => {
    site = await buildSite();
    browser = await openSite(site.dir);
    pages = await pagesOf(site.dir);
  }, TEST);

  after(async () => {
    await browser?.close();
    await site?.remove();
  });

  it('has a page per topic of docs/, the README as its home, the API reference and the playground', async () => {
    const docs = (await readdir('docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name.replace(/\.md$/, '.html')}`);
    assert.deepEqual(pages, ['api/kyc-verify.html', ...docs, 'index.html', 'playground/index.html'].sort());
  });

  it('every link of every page leads to a page, a file or the in-browser backend, and every #fragment to an element of its page', TEST, async () => {
    const page = await browser.context.newPage();
    const problems: string[] = [];
    for (const path of pages) {
      await page.goto(`${browser.url}${path}`);
      if (path.startsWith('playground/')) await page.getByText('Ready:').waitFor({ timeout: 60_000 });
      seen.set(new URL(page.url()).pathname, await linksAndIds(page));
    }
    const origin = new URL(browser.url).origin;
    for (const [path, { links }] of seen) {
      const local = [...new Set(links.filter((link) => new URL(link).origin === origin))];
      await page.goto(`${origin}${path}`);
      const statuses = await page.evaluate((urls) => Promise.all(urls.map((url) => fetch(url).then((answer) => answer.status))), local);
      local.forEach((link, index) => {
        if (statuses[index] !== 200) problems.push(`${path}: ${link} answers ${statuses[index]}`);
        const { pathname, hash } = new URL(link);
        const target = seen.get(pathname) ?? (pathname.endsWith('/') ? seen.get(`${pathname}index.html`) : undefined);
        if (hash && target && !target.ids.includes(decodeURIComponent(hash.slice(1)))) problems.push(`${path}: ${link}: no element ${hash}`);
        if (hash && !target) problems.push(`${path}: ${link}: a fragment of something that is not a page`);
      });
    }
    assert.deepEqual(problems, []);
    assert.ok(seen.size === pages.length);
    await page.close();
  });

  it('axe finds nothing on any page, the playground with a verification under way', TEST, async () => {
    const page = await browser.context.newPage();
    const found: string[] = [];
    for (const path of pages) {
      await page.goto(`${browser.url}${path}`);
      if (path.startsWith('playground/')) {
        await page.getByText('Ready:').waitFor({ timeout: 60_000 });
        await page.getByRole('link', { name: 'open it in the phone below' }).waitFor();
      }
      found.push(...(await axeViolations(page)));
    }
    assert.deepEqual(found, []);
    await page.close();
  });

  it('no page asked for anything from another origin', () => {
    assert.deepEqual(browser.blocked, []);
  });
});
