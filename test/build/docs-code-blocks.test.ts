// Every fenced code block of README.md and docs/*.md runs as shown or is part of something that
// runs (CONTRIBUTING.md, "Code blocks in the documentation"). Each block is, first found first:
//   (a) named by a marker, `<!-- example: examples/<dir>/<file> -->` on the line before the fence:
//       its non-blank lines appear, in order, in that file of an example, which a test runs
//       (examples/express, hono and nextjs: test/consumers/examples.test.ts; examples/python-host:
//       test/conformance/python-host.test.ts; examples/testing: test/consumers/testing-examples.test.ts);
//   (b) in REGISTRY below, by page and heading: run by the named test (whose source names the
//       block's heading, or the page it reads whole), or type-checked here against src;
//   (c) data checked here: `json` valid against a definition of docs/host-protocol.schema.json,
//       `http` a message of the protocol, `html` markup of <kyc-verify> with the manifest's
//       attributes, `css` the manifest's parts, custom properties and states, `sh` documented
//       commands only.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import ts from 'typescript';

interface Block {
  page: string;
  line: number;
  language: string;
  code: string;
  /** The nearest heading above it, as written (`## Mounting the handlers`). */
  heading: string;
  /** The example file its marker names, if any. */
  example?: string;
}

interface Registered {
  page: string;
  heading: string;
  /** A test file that runs the blocks under this heading, or `types`: type-checked here against src. */
  by: string;
  /** What the test's source must name to be reading these blocks; default the heading's text. */
  names?: string;
  /** Only the blocks of these languages under the heading; default all. */
  languages?: string[];
}

const REGISTRY: Registered[] = [
  { page: 'README.md', heading: '## Install', by: 'test/consumers/readme-app.test.ts' },
  { page: 'README.md', heading: '### In the page: a script tag', by: 'test/consumers/readme-app.test.ts' },
  { page: 'README.md', heading: '### In the page: an npm import', by: 'types' },
  // The server and the command lines that start it.
  { page: 'README.md', heading: '### On the server: the kit', by: 'test/consumers/readme-app.test.ts', languages: ['js', 'sh'] },
  { page: 'docs/kit.md', heading: '## Mounting the handlers', by: 'types', languages: ['ts'] },
  { page: 'docs/element.md', heading: '## Strings and languages', by: 'types' },
  { page: 'docs/element.md', heading: '## Prepared by the server', by: 'types' },
  { page: 'docs/element.md', heading: '## The current state, for a script that loads late', by: 'types', languages: ['js'] },
  { page: 'docs/fleet.md', heading: '# Running on several instances', by: 'types', languages: ['ts'] },
  { page: 'docs/fleet.md', heading: '## Stopping an instance', by: 'test/fleet/shutdown.test.ts' },
  // The shop of the production-shape run is built from these: its nginx, its login, its visitor ids, its clock.
  { page: 'docs/fleet.md', heading: '## Behind nginx', by: 'test/fleet/production-shape.test.ts' },
  { page: 'docs/fleet.md', heading: "### Your app's login", by: 'test/fleet/production-shape.test.ts' },
  { page: 'docs/fleet.md', heading: '### Visitor ids', by: 'test/fleet/production-shape.test.ts' },
  { page: 'docs/fleet.md', heading: '### The clock', by: 'test/fleet/production-shape.test.ts' },
  { page: 'docs/sandbox.md', heading: '# Sandbox: the KYC service on your laptop', by: 'types', languages: ['ts'] },
  { page: 'docs/send-link.md', heading: '## Implementing `sendLink`', by: 'types' },
  { page: 'docs/sessions.md', heading: '# Sessions: resume, who may create, limits', by: 'types' },
  { page: 'docs/frameworks.md', heading: '*', by: 'test/consumers/frameworks-doc.test.ts', names: 'docs/frameworks.md' },
  // Its output: the command's lines, ✓ per rule, which the test counts.
  { page: 'docs/conformance.md', heading: '## Run it', by: 'test/conformance/kit.test.ts', names: "line.startsWith('✓')" },
  { page: 'docs/sandbox.md', heading: '## Limits, and what stays open', by: 'test/sandbox/webhooks.test.ts', names: 'webhook delivery to' },
  {
    page: 'docs/conformance.md',
    heading: '## A reference backend without Node',
    by: 'test/conformance/docs-commands.test.ts',
    names: 'docs/conformance.md',
  },
  { page: 'docs/budgets.md', heading: '*', by: 'types', languages: ['ts'] },
  { page: 'docs/sessions.md', heading: '### Anonymous visitors', by: 'types' },
  { page: 'docs/operations.md', heading: '## Turning it on', by: 'types', languages: ['ts'] },
  // Each query run against a real Prometheus scraping a fleet.
  {
    page: 'docs/operations.md',
    heading: '## The funnel',
    by: 'test/operators/fleet-telemetry.test.ts',
    names: 'docs/operations.md',
    languages: ['promql'],
  },
  // The line a kit without clientAddress says, compared whole with what it prints.
  {
    page: 'docs/budgets.md',
    heading: '## Client addresses',
    by: 'test/server/client-address.test.ts',
    names: 'docs/budgets.md',
    languages: ['text'],
  },
];

/** Commands a `sh` block may run: npm's own, the package's commands, the repository's scripts and files. */
const SCRIPTS = Object.keys((JSON.parse(await readFile('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts);
const BINS = Object.keys((JSON.parse(await readFile('package.json', 'utf8')) as { bin: Record<string, string> }).bin);

const PAGES = ['README.md', ...(await readdir('docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

async function blocksOf(page: string): Promise<Block[]> {
  const lines = (await readFile(page, 'utf8')).split('\n');
  const blocks: Block[] = [];
  let heading = '';
  let marker: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = /^```(\w*)\s*$/.exec(line);
    if (fence) {
      const end = lines.indexOf('```', i + 1);
      assert.ok(end > i, `${page}:${i + 1}: a fence that is never closed`);
      blocks.push({ page, line: i + 1, language: fence[1]!, code: lines.slice(i + 1, end).join('\n'), heading, example: marker });
      i = end;
    } else if (/^#{1,6} /.test(line)) heading = line;
    if (line.trim()) marker = /^<!-- example: (examples\/[\w./-]+) -->$/.exec(line)?.[1];
  }
  return blocks;
}

const BLOCKS = (await Promise.all(PAGES.map(blocksOf))).flat();
const where = (block: Block) => `${block.page}:${block.line} (${block.language || 'no language'}, under "${block.heading}")`;
const registered = (block: Block) =>
  REGISTRY.find(
    (entry) =>
      entry.page === block.page &&
      (entry.heading === '*' || entry.heading === block.heading) &&
      (!entry.languages || entry.languages.includes(block.language)),
  );
const BLOCKS_TEXT = new Map(await Promise.all(PAGES.map(async (page) => [page, await readFile(page, 'utf8')] as const)));

// ---- (a) a part of an example ----

async function checkExample(block: Block) {
  const file = block.example!;
  assert.ok(
    /^examples\/(express|hono|nextjs|python-host|testing)\//.test(file),
    `${where(block)}: ${file} is not a file of an example app`,
  );
  assert.ok(existsSync(file), `${where(block)}: ${file} does not exist`);
  const source = (await readFile(file, 'utf8')).split('\n').map((line) => line.trim());
  let at = 0;
  for (const line of block.code.split('\n').map((text) => text.trim())) {
    if (!line) continue;
    const found = source.indexOf(line, at);
    assert.ok(found >= 0, `${where(block)}: "${line}" is not in ${file} (after line ${at})`);
    at = found + 1;
  }
}

// ---- (c) data ----

const schema = JSON.parse(await readFile('docs/host-protocol.schema.json', 'utf8')) as { $defs: Record<string, unknown> };
const ajv = new Ajv2020({ strict: false });
addFormats.default(ajv);
ajv.addSchema(schema, 'protocol');
const matchesADefinition = (value: unknown) =>
  Object.keys(schema.$defs).some((name) => ajv.validate({ $ref: `protocol#/$defs/${name}` }, value));

function checkJson(block: Block) {
  assert.ok(matchesADefinition(JSON.parse(block.code)), `${where(block)}: matches no definition of docs/host-protocol.schema.json`);
}

function checkHttp(block: Block) {
  const [start, ...rest] = block.code.split('\n');
  assert.match(start!, /^(GET|POST) \/\S+ HTTP\/1\.1$|^HTTP\/1\.1 \d{3} [A-Z][\w ]*$/, `${where(block)}: a request or status line`);
  const blank = rest.indexOf('');
  const headers = blank < 0 ? rest : rest.slice(0, blank);
  for (const header of headers) assert.match(header, /^[A-Za-z][\w-]*: \S/, `${where(block)}: a header line`);
  const body = blank < 0 ? '' : rest.slice(blank + 1).join('\n');
  if (/text\/event-stream/.test(headers.join('\n'))) {
    for (const line of body.split('\n').filter(Boolean)) assert.match(line, /^(retry|id|event|data): \S/, `${where(block)}: an SSE field`);
    for (const [, data] of body.matchAll(/^data: (.*)$/gm)) {
      // Abridged data (…) is shown as such; whole data must be the protocol's.
      if (!data!.includes('…')) assert.ok(matchesADefinition(JSON.parse(data!)), `${where(block)}: ${data} is no event of the protocol`);
    }
  } else if (body.trim()) checkJson({ ...block, code: body });
}

const manifest = JSON.parse(await readFile('custom-elements.json', 'utf8')) as {
  modules: {
    declarations?: {
      tagName?: string;
      attributes?: { name: string }[];
      cssParts?: { name: string }[];
      cssProperties?: { name: string }[];
    }[];
  }[];
};
const element = manifest.modules
  .flatMap((module) => module.declarations ?? [])
  .find((declaration) => declaration.tagName === 'kyc-verify')!;
const ATTRIBUTES = new Set(element.attributes!.map((attribute) => attribute.name));
const PARTS = new Set(element.cssParts!.map((part) => part.name));
const PROPERTIES = new Set(element.cssProperties!.map((property) => property.name));
const STATES = ['pending', 'successful', 'failed', 'expired'];

function checkHtml(block: Block) {
  const markup = block.code.replace(/<!--[\s\S]*?-->/g, '');
  for (const [, tag, attributes] of markup.matchAll(/<([a-z][\w-]*)([^>]*)>/g)) {
    assert.equal(tag, 'kyc-verify', `${where(block)}: markup of <kyc-verify> only, not <${tag}>`);
    for (const [, name] of attributes!.matchAll(/([a-z][\w-]*)=/g))
      assert.ok(ATTRIBUTES.has(name!), `${where(block)}: no attribute ${name}`);
  }
}

function checkCss(block: Block) {
  for (const [, part] of block.code.matchAll(/::part\(([\w-]+)\)/g)) assert.ok(PARTS.has(part!), `${where(block)}: no part ${part}`);
  for (const [, name] of block.code.matchAll(/(--kyc-verify-[\w-]+)/g)) assert.ok(PROPERTIES.has(name!), `${where(block)}: no ${name}`);
  for (const [, state] of block.code.matchAll(/\[state='(\w+)'\]/g))
    assert.ok(STATES.includes(state!), `${where(block)}: no state ${state}`);
  for (const [, selector] of block.code.matchAll(/^[ \t]*([^\s{}@;][^{};]*)\{/gm))
    assert.match(selector!.trim(), /^kyc-verify\b/, `${where(block)}: a rule for kyc-verify`);
}

/** The command lines of a `sh` block: continuations joined, comments, `&` and leading VAR=value assignments removed. */
const commandsOf = (code: string) =>
  code
    .replaceAll('\\\n', ' ')
    .split('\n')
    .map((line) =>
      line
        .replace(/(^|\s)#.*$/, '')
        .replace(/&\s*$/, '')
        .trim(),
    )
    .filter(Boolean)
    .flatMap((line) => line.split(/\s*&&\s*/))
    .map((line) => line.split(/\s+/))
    .map((words) => words.slice(words.findIndex((word) => !/^[A-Z_]+=/.test(word))));

function checkShell(block: Block) {
  for (const [command, first, ...rest] of commandsOf(block.code)) {
    const line = [command, first, ...rest].join(' ');
    const known =
      (command === 'npm' && ['install', 'ci', 'test', 'start', 'pack'].includes(first!)) ||
      (command === 'npm' && first === 'run' && SCRIPTS.includes(rest[0]!)) ||
      (command === 'npx' && BINS.includes(first!)) ||
      // A file of the repository, or the one the page shows (`server.mjs`).
      ((command === 'node' || command === 'python3') && (existsSync(first!) || BLOCKS_TEXT.get(block.page)!.includes(`\`${first}\``)));
    assert.ok(known, `${where(block)}: "${line}" is not a documented command`);
  }
}

const CHECKS: Record<string, (block: Block) => void> = { json: checkJson, http: checkHttp, html: checkHtml, css: checkCss, sh: checkShell };

/** What `check` finds wrong with each block: every failure at once, so that a page is fixed in one pass. */
async function problems(blocks: Block[], check: (block: Block) => unknown): Promise<string[]> {
  const found: string[] = [];
  for (const block of blocks) {
    try {
      await check(block);
    } catch (error) {
      found.push(error instanceof Error ? error.message.split('\n')[0]! : String(error));
    }
  }
  return found;
}

// ---- (b) type-checked here ----

/** The package's entries, resolved to src, as the package's exports map them. */
const ENTRIES: Record<string, string> = {
  'kyc-verify': 'src/index.ts',
  'kyc-verify/define': 'src/define.ts',
  'kyc-verify/server': 'src/server/index.ts',
  'kyc-verify/server/redis': 'src/server/redis/index.ts',
  'kyc-verify/ssr': 'src/ssr/index.ts',
  'kyc-verify/sandbox': 'src/sandbox/index.ts',
};

async function typeCheck(blocks: Block[]): Promise<string[]> {
  // Inside the repository, so that the blocks' other imports (nodemailer, ioredis) resolve from its node_modules.
  await mkdir('test-results', { recursive: true });
  const folder = await mkdtemp(resolve('test-results', 'docs-blocks-'));
  try {
    const files = await Promise.all(
      blocks.map(async (block, index) => {
        const file = join(folder, `block-${index}.${block.language === 'js' ? 'js' : 'ts'}`);
        await writeFile(file, `${block.code}\nexport {};\n`);
        return file;
      }),
    );
    const { options } = ts.convertCompilerOptionsFromJson(
      (ts.readConfigFile('tsconfig.json', ts.sys.readFile).config as { compilerOptions: object }).compilerOptions,
      '.',
    );
    options.paths = Object.fromEntries(Object.entries(ENTRIES).map(([entry, path]) => [entry, [resolve(path)]]));
    // A page's snippet is read by itself: names it declares for the reader need not be used.
    Object.assign(options, { noUnusedLocals: false, noUnusedParameters: false, allowJs: true, checkJs: true });
    const diagnosticsOf = (names: string[], extra: ts.CompilerOptions) =>
      names.length ? ts.getPreEmitDiagnostics(ts.createProgram(names, { ...options, ...extra })) : [];
    // TypeScript strict; plain JavaScript as a page's script is written (querySelector's element taken as found).
    const diagnostics = [
      ...diagnosticsOf(
        files.filter((file) => file.endsWith('.ts')),
        {},
      ),
      // On the page the element is loaded: its tag and events are declared (src/index.ts).
      ...diagnosticsOf([...files.filter((file) => file.endsWith('.js')), resolve('src/index.ts')], { strictNullChecks: false }),
    ];
    return diagnostics
      .filter((diagnostic) => diagnostic.file && files.includes(resolve(diagnostic.file.fileName)))
      .map((diagnostic) => {
        const block = blocks[files.indexOf(resolve(diagnostic.file!.fileName))]!;
        const { line } = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start!);
        return `${block.page}:${block.line + 1 + line}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
      });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

describe('every code block of the documentation runs, is part of an example, or is checked data', () => {
  it('each block is of a kind this test knows, and each registered test names what it runs', async () => {
    const kindOf = async (block: Block) => {
      const entry = registered(block);
      if (!entry) {
        assert.ok(
          block.language in CHECKS,
          `${where(block)}: add <!-- example: examples/<dir>/<file> --> before it, or register the test that runs it`,
        );
      } else if (entry.by !== 'types') {
        const source = await readFile(entry.by, 'utf8');
        assert.ok(source.includes(entry.names ?? entry.heading.replace(/^#+ /, '')), `${entry.by} does not read ${where(block)}`);
      }
    };
    assert.deepEqual(
      await problems(
        BLOCKS.filter((block) => !block.example),
        kindOf,
      ),
      [],
    );
  });

  it('a block marked as part of an example is in that file, line by line in order', async () => {
    assert.deepEqual(
      await problems(
        BLOCKS.filter((block) => block.example),
        checkExample,
      ),
      [],
    );
  });

  it('data and command blocks are checked: the protocol schema, the manifest, the documented commands', async () => {
    const data = BLOCKS.filter((block) => !block.example && !registered(block) && block.language in CHECKS);
    // The install and run lines under a registered heading are commands too.
    const commands = BLOCKS.filter((block) => registered(block) && block.language === 'sh');
    assert.deepEqual(await problems([...data, ...commands], (block) => CHECKS[block.language]!(block)), []);
  });

  it('the blocks registered as type-checked compile against src, strict', async () => {
    const blocks = BLOCKS.filter((block) => !block.example && registered(block)?.by === 'types');
    assert.deepEqual(await typeCheck(blocks), []);
  });
});
