/**
 * Which files of the repository are the site's pages, where each is published, and the sidebar.
 * The pages are exactly those whose code blocks test/build/docs-code-blocks.test.ts checks
 * (README.md and docs/*.md), plus the site's own (site-src/**\/*.md: the API reference, the
 * playground): no other Markdown of the repository becomes a page.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DefaultTheme } from 'vitepress';

/** The repository's root, from which every path below is relative. */
export const REPOSITORY = join(import.meta.dirname, '..', '..');

/** The documentation's pages: the README, then docs/*.md in the order of the folder. */
export function documentationPages(): string[] {
  const docs = readdirSync(join(REPOSITORY, 'docs')).filter((name) => name.endsWith('.md'));
  return ['README.md', ...docs.sort().map((name) => `docs/${name}`)];
}

/** The site's own pages' folder, relative to the repository. */
export const SITE_SOURCES = 'site-src';

/**
 * What VitePress must leave out of the repository's Markdown: every top-level entry but the pages'
 * (node_modules above all), every other Markdown file at the top, and any folder under docs/.
 */
export function excludedFromPages(): string[] {
  const kept = new Set(['README.md', 'docs', SITE_SOURCES]);
  const topLevel = readdirSync(REPOSITORY, { withFileTypes: true }).filter((entry) => !kept.has(entry.name));
  return [
    '**/node_modules/**',
    ...topLevel.map((entry) => (entry.isDirectory() ? `${entry.name}/**` : entry.name)),
    'docs/*/**',
    `${SITE_SOURCES}/.vitepress/**`,
  ];
}

/** Where a source page is published: the README is the home page, the site's own pages sit at the root. */
export function publishedPath(source: string): string {
  if (source === 'README.md') return 'index.md';
  return source.startsWith(`${SITE_SOURCES}/`) ? source.slice(SITE_SOURCES.length + 1) : source;
}

/** The sidebar's groups, by the pages' file names; a page of docs/ not named here is listed under "More". */
const GROUPS: [string, string[]][] = [
  ['The element', ['element.md', 'accessibility.md', 'frameworks.md']],
  ['The kit, on your server', ['kit.md', 'sessions.md', 'budgets.md', 'handoff.md', 'send-link.md', 'fleet.md']],
  ['A backend in any language', ['host-protocol.md', 'conformance.md']],
  ['Sandbox and tests', ['sandbox.md', 'testing.md', 'service.md']],
  ['The package', ['package.md']],
];

/** The theme's link to a published page: from the site's root, without `.md` (the theme adds `.html`). */
const linkTo = (published: string) => `/${published.replace(/(^|\/)index\.md$/, '$1').replace(/\.md$/, '')}`;

/** A heading's text as HTML (the sidebar renders it so): code spans as <code>, everything else escaped. */
export function headingHtml(text: string): string {
  const escape = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  return text
    .split('`')
    .map((part, index) => (index % 2 ? `<code>${escape(part)}</code>` : escape(part)))
    .join('');
}

/** The first heading of a page of the repository, as written (without its `#`). */
export function titleOf(source: string): string {
  const file = join(REPOSITORY, source);
  const heading = existsSync(file) ? /^#\s+(.+)$/m.exec(readFileSync(file, 'utf8'))?.[1] : undefined;
  return heading ?? source;
}

export function sidebar(): DefaultTheme.SidebarItem[] {
  const docs = documentationPages().filter((page) => page.startsWith('docs/'));
  const item = (page: string): DefaultTheme.SidebarItem => ({ text: headingHtml(titleOf(page)), link: linkTo(publishedPath(page)) });
  const grouped = new Set(GROUPS.flatMap(([, names]) => names));
  const more = docs.filter((page) => !grouped.has(page.slice('docs/'.length)));
  return [
    {
      text: 'Start here',
      items: [
        { text: 'Overview', link: '/' },
        { text: 'Playground', link: '/playground/' },
        { text: 'API reference: <code>&lt;kyc-verify&gt;</code>', link: '/api/kyc-verify' },
      ],
    },
    ...GROUPS.map(([text, names]) => ({
      text,
      items: names
        .map((name) => `docs/${name}`)
        .filter((page) => docs.includes(page))
        .map(item),
    })),
    ...(more.length ? [{ text: 'More', items: more.map(item) }] : []),
  ].filter((group) => group.items.length);
}
