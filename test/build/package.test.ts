// What `npm pack` ships, and that each `exports` entry works from the packed tarball as a user
// would use it: the Node entries imported by Node, the browser entries bundled by Vite and run in
// Chromium, and every entry's types checked by TypeScript.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { packPackage } from '../../scripts/pack.js';
import { commonJsUnder } from './commonjs.js';

const run = promisify(execFile);

// Inside node_modules so that the unpacked package finds its dependencies by walking up.
const scratchRoot = resolve('node_modules/.cache');

/** The packages a file imports by name (`lit`, `@hono/node-server`), node: built-ins and relative paths left out. */
const packagesImportedBy = (code: string) =>
  [...code.matchAll(/\b(?:from|import)\s*\(?\s*["']([^"'.][^"']*)["']/g)]
    .map(([, specifier]) => specifier!)
    .filter((specifier) => !specifier.startsWith('node:'))
    .map((specifier) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/'),
    );

/** The packages the .js files under `dir` import by name. */
async function packagesImportedUnder(dir: string, including: (name: string) => boolean = () => true): Promise<string[]> {
  const imported = new Set<string>();
  for (const name of await readdir(dir, { recursive: true })) {
    if (name.endsWith('.js') && including(name))
      for (const used of packagesImportedBy(await readFile(join(dir, name), 'utf8'))) imported.add(used);
  }
  return [...imported].sort();
}

describe('the npm package', () => {
  let scratch: string;
  let unpacked: string;
  let files: string[];

  before(async () => {
    await mkdir(scratchRoot, { recursive: true });
    scratch = await mkdtemp(join(scratchRoot, 'kyc-verify-pack-'));
    const packed = await packPackage(process.cwd(), scratch);
    files = packed.files;
    unpacked = join(scratch, 'node_modules', 'kyc-verify');
    await mkdir(unpacked, { recursive: true });
    await run('tar', ['-xzf', packed.tarball, '-C', unpacked, '--strip-components=1']);
  });
  after(() => rm(scratch, { recursive: true, force: true }));

  it('ships the builds, the types, the manifest, the README, the docs its links lead to and the licence, and no sources or tests', () => {
    for (const file of [
      'README.md',
      'docs/host-protocol.md',
      'docs/host-protocol.schema.json',
      'LICENSE',
      'package.json',
      'custom-elements.json',
      'dist/kyc-verify.bundle.js',
      'dist/browser/define.js',
      'dist/browser/index.js',
      // The chunks the standalone bundle loads from beside it.
      'dist/kyc-verify.en.js',
      'dist/kyc-verify.pt-BR.js',
      'dist/kyc-verify.send.js',
      'dist/kyc-verify.qr.js',
      'dist/lib/index.d.ts',
      'dist/lib/server/index.js',
      'dist/lib/ssr/index.js',
      'dist/lib/sandbox/index.js',
      'dist/lib/sandbox/cli.js',
      'dist/lib/testing/index.js',
      'dist/lib/conformance/cli.js',
    ]) {
      assert.ok(files.includes(file), `${file} is in the tarball`);
    }
    assert.ok(
      files.some((file) => /^dist\/browser\/send-[\w-]+\.js$/.test(file)),
      "the ES module build's send chunk is in the tarball",
    );
    assert.deepEqual(
      files.filter(
        (file) => /^(src|test|demo|bench|scripts)\//.test(file) || (file.startsWith('dist/lib/element/') && file.endsWith('.js')),
      ),
      [],
    );
  });

  it('ships no source maps', () => {
    assert.deepEqual(
      files.filter((file) => file.endsWith('.map')),
      [],
    );
  });

  it('holds no CommonJS in any file: no require, no exports, no interop wrapper', async () => {
    assert.deepEqual(await commonJsUnder(unpacked), {});
  });

  it('imports from the browser builds only lit, from the React wrapper @lit/react and react, and from the Angular directive @angular/core (optional peers)', async () => {
    const manifest = JSON.parse(await readFile(join(unpacked, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      peerDependenciesMeta: Record<string, { optional?: boolean }>;
    };
    const browser = join(unpacked, 'dist/browser');
    assert.deepEqual(await packagesImportedUnder(browser, (name) => name !== 'react.js' && !name.startsWith('angular/')), ['lit']);
    assert.deepEqual([...packagesImportedBy(await readFile(join(browser, 'react.js'), 'utf8'))].sort(), ['@lit/react', 'react']);
    // ipaddr.js is the kit's alone (its client address readers): the browser builds never import it.
    assert.deepEqual(Object.keys(manifest.dependencies), ['ipaddr.js', 'lit']);
    assert.equal(manifest.peerDependenciesMeta.react?.optional, true);
    assert.equal(manifest.peerDependenciesMeta['@lit/react']?.optional, true);
    assert.deepEqual(await packagesImportedUnder(join(browser, 'angular')), ['@angular/core']);
    assert.equal(manifest.peerDependenciesMeta['@angular/core']?.optional, true);
  });

  it('imports from the Node entries only its dependencies and its optional peers', async () => {
    const manifest = JSON.parse(await readFile(join(unpacked, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      peerDependencies: Record<string, string>;
      peerDependenciesMeta: Record<string, { optional?: boolean }>;
    };
    const peers = Object.keys(manifest.peerDependencies);
    assert.ok(
      peers.every((peer) => manifest.peerDependenciesMeta[peer]?.optional),
      'every peer is optional',
    );
    for (const entry of [
      'dist/lib/server',
      'dist/lib/ssr',
      'dist/lib/sandbox',
      'dist/lib/testing',
      'dist/lib/shared',
      'dist/lib/conformance',
    ]) {
      const missing = (await packagesImportedUnder(join(unpacked, entry))).filter(
        (used) => !(used in manifest.dependencies) && !peers.includes(used),
      );
      assert.deepEqual(missing, [], entry);
    }
  });

  it('points every exports entry, types included, at a file the tarball has', async () => {
    const { exports } = JSON.parse(await readFile(join(scratch, 'node_modules/kyc-verify/package.json'), 'utf8'));
    const targets = Object.values(exports as Record<string, string | Record<string, string>>).flatMap((target) =>
      typeof target === 'string' ? [target] : Object.values(target),
    );
    for (const target of targets) assert.ok(files.includes(target.replace(/^\.\//, '')), `${target} is in the tarball`);
  });

  it('runs kyc-verify-conformance from the tarball with Node alone', async () => {
    const { bin } = JSON.parse(await readFile(join(unpacked, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    const { stdout } = await run('node', [join(unpacked, bin['kyc-verify-conformance']!), '--help']);
    assert.match(stdout, /^Usage: kyc-verify-conformance/);
  });

  it('imports kyc-verify/server and kyc-verify/sandbox in Node, and the sandbox answers', async () => {
    const probe = join(scratch, 'node-probe.mjs');
    await writeFile(
      probe,
      `import { createKycClient, createKycKit } from 'kyc-verify/server';
       import { startSandbox } from 'kyc-verify/sandbox';
       const sandbox = await startSandbox({ port: 0 });
       const client = createKycClient({ authUrl: sandbox.url, baseUrl: sandbox.url, credentialUrl: sandbox.url, clientId: 'sandbox-client', clientSecret: 'sandbox-secret' });
       const created = await client.createTransaction({ transaction_id: 'pack-probe', company_id: 'sandbox-company', authorization_method: 'kyc_register', metadata: { nin: '11.111.111-1' } });
       console.log(typeof createKycKit, (await client.getTransaction(created.uuid)).uuid === created.uuid);
       await sandbox.close();`,
    );
    const { stdout } = await run('node', [probe]);
    assert.equal(stdout.trim(), 'function true');
  });

  it('bundles kyc-verify and kyc-verify/define with Vite and runs them in Chromium', async () => {
    const root = join(scratch, 'web');
    await mkdir(root);
    await writeFile(join(root, 'index.html'), '<!doctype html><script type="module" src="./main.js"></script>');
    await writeFile(
      join(root, 'main.js'),
      `import 'kyc-verify/define';
       import { KycVerify, KycSuccessfulEvent } from 'kyc-verify';
       window.probe = customElements.get('kyc-verify') === KycVerify && new KycSuccessfulEvent({}).type;`,
    );
    await build({ root, configFile: false, logLevel: 'silent', build: { outDir: join(root, 'dist') } });
    const bundle = await readFile(
      join(root, 'dist', (await readFile(join(root, 'dist/index.html'), 'utf8')).match(/src="\/(assets\/[^"]+)"/)![1]!),
      'utf8',
    );
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    try {
      const page = await browser.newPage();
      await page.setContent('<!doctype html><body></body>');
      await page.addScriptTag({ content: bundle, type: 'module' });
      assert.equal(
        await page.waitForFunction(() => (window as unknown as { probe?: unknown }).probe).then((value) => value.jsonValue()),
        'kyc-successful',
      );
    } finally {
      await browser.close();
    }
  });

  it('type-checks a user of every entry against the shipped declarations', async () => {
    await writeFile(
      join(scratch, 'types-probe.ts'),
      `import 'kyc-verify/define';
       import type { KycVerify, KycStatusDetail } from 'kyc-verify';
       import { createKycKit, type KycClient } from 'kyc-verify/server';
       import { startSandbox, type SandboxHandle } from 'kyc-verify/sandbox';
       const element: KycVerify = document.createElement('kyc-verify');
       element.addEventListener('kyc-successful', (event) => { const detail: KycStatusDetail = event.detail; void detail; });
       export type Used = [typeof createKycKit, KycClient, typeof startSandbox, SandboxHandle];`,
    );
    await writeFile(
      join(scratch, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          lib: ['ES2022', 'DOM'],
          types: ['node'],
          typeRoots: [resolve('node_modules/@types')],
          skipLibCheck: true,
        },
        files: ['types-probe.ts'],
      }),
    );
    await run(resolve('node_modules/.bin/tsc'), ['-p', scratch]);
  });
});
