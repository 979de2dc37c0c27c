// Every example on the site runs. The code blocks of its pages are README.md's and docs/*.md's own,
// block for block (test/build/docs-code-blocks.test.ts runs or checks each of them): the site holds
// no second copy; its generated pages hold none. The playground's code to copy compiles with each
// framework's own compiler, for an element with every attribute set, styled and listened to.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { compileScript, compileTemplate, parse } from '@vue/compiler-sfc';
import { compile } from 'svelte/compiler';
import ts from 'typescript';
import { customElements, type Manifest } from '../../site-src/api/manifest.js';
import { documentationPages, publishedPath } from '../../site-src/.vitepress/pages.js';
import { SNIPPETS, stylesheet, type Shown } from '../../site-src/playground/snippets.js';
import { buildSite, type BuiltSite } from './support/site.js';

/** The fenced code blocks of a Markdown page, as written. */
const markdownBlocks = (markdown: string) => [...markdown.matchAll(/^```\w*[ \t]*\n([\s\S]*?)\n?^```$/gm)].map((match) => match[1]!);

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', '#39': "'" };
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&(lt|gt|amp|quot|#39);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/&#x([\da-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)));

/** The code blocks of a built page, as the reader copies them. */
const htmlBlocks = (html: string) => [...html.matchAll(/<pre class="shiki[^>]*><code>([\s\S]*?)<\/code><\/pre>/g)].map((match) => text(match[1]!));

const manifest = JSON.parse(await readFile('custom-elements.json', 'utf8')) as Manifest;
const [{ element }] = customElements(manifest);

/** The element with every attribute set (a boolean present, a choice's first value, a URL template with {uuid}), styled and listened to. */
const EVERYTHING: Shown = {
  tagName: element.tagName,
  attributes: (element.attributes ?? []).map(({ name, type }) => {
    if (type?.text === 'boolean') return [name, true];
    if (type?.text === 'number') return [name, '300'];
    if (name === 'mode') return [name, 'qr'];
    if (name === 'lang') return [name, 'en'];
    return [name, name === 'status-url' ? '/kyc/status/{uuid}' : `/kyc/${name}`];
  }),
  css: stylesheet(element.tagName, { '--kyc-verify-accent': '#6d28d9' }, { button: 'border-radius: 999px' }),
  events: (element.events ?? []).map((event) => event.name),
};

describe("the site's code is the documentation's, and the playground's compiles", () => {
  let site: BuiltSite;

  before(async () => {
    site = await buildSite();
  });

  after(() => site?.remove());

  it('each page holds exactly the code blocks of its Markdown source', async () => {
    for (const source of documentationPages()) {
      const built = await readFile(join(site.dir, publishedPath(source).replace(/\.md$/, '.html')), 'utf8');
      assert.deepEqual(htmlBlocks(built), markdownBlocks(await readFile(source, 'utf8')), source);
    }
    for (const generated of ['api/kyc-verify.html', 'playground/index.html'])
      assert.deepEqual(htmlBlocks(await readFile(join(site.dir, generated), 'utf8')), [], generated);
  });

  it('the HTML names only attributes of the manifest, the CSS only its parts and custom properties', () => {
    const html = SNIPPETS.html.write(EVERYTHING);
    const [, attributes] = new RegExp(`<${element.tagName}([^>]*)>`).exec(html)!;
    const names = [...attributes!.matchAll(/ ([a-z-]+)/g)].map((match) => match[1]!);
    assert.deepEqual(names, (element.attributes ?? []).map((attribute) => attribute.name));
    const css = SNIPPETS.css.write(EVERYTHING);
    for (const [, part] of css.matchAll(/::part\(([\w-]+)\)/g)) assert.ok(element.cssParts!.some(({ name }) => name === part), part);
    for (const [, property] of css.matchAll(/(--kyc-verify-[\w-]+)/g)) assert.ok(element.cssProperties!.some(({ name }) => name === property), property);
  });

  it("React 19's type-checks against the package's types (strict, its JSX declarations)", () => {
    const file = resolve('test-results/playground-snippet.tsx');
    const source = SNIPPETS.react.write(EVERYTHING);
    const host = ts.createCompilerHost({});
    const readFile = host.readFile;
    host.readFile = (name) => (resolve(name) === file ? source : readFile(name));
    host.fileExists = ((exists) => (name: string) => resolve(name) === file || exists(name))(host.fileExists);
    const program = ts.createProgram(
      [file],
      {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        jsx: ts.JsxEmit.ReactJSX,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        target: ts.ScriptTarget.ES2022,
        types: ['react'],
        paths: {
          'kyc-verify': [resolve('src/index.ts')],
          'kyc-verify/define': [resolve('src/define.ts')],
          'kyc-verify/types/react': [resolve('frameworks/react.d.ts')],
        },
      },
      host,
    );
    const diagnostics = ts.getPreEmitDiagnostics(program).filter((diagnostic) => diagnostic.file && resolve(diagnostic.file.fileName) === file);
    assert.deepEqual(
      diagnostics.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')),
      [],
      source,
    );
  });

  it("Vue 3's compiles (script setup and template, the tag a custom element)", () => {
    const source = SNIPPETS.vue.write(EVERYTHING);
    const { descriptor, errors } = parse(source, { filename: 'Verify.vue' });
    assert.deepEqual(errors, []);
    compileScript(descriptor, { id: 'verify' });
    const template = compileTemplate({
      source: descriptor.template!.content,
      filename: 'Verify.vue',
      id: 'verify',
      compilerOptions: { isCustomElement: (tag) => tag === element.tagName },
    });
    assert.deepEqual(template.errors, [], source);
  });

  it("Svelte 5's compiles", () => {
    const source = SNIPPETS.svelte.write(EVERYTHING);
    const { warnings } = compile(source, { filename: 'Verify.svelte' });
    assert.deepEqual(
      warnings.map((warning) => warning.message),
      [],
      source,
    );
  });
});
