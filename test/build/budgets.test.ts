// Size budgets of the browser builds. Sizes are deterministic, so they are asserted here;
// timings are not (see `npm run bench`).
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

/** Builds one of vite.config.ts's modes into a fresh folder and gives each .js file's gzip size. */
async function buildSizes(mode: string): Promise<{ dir: string; gzip: Map<string, number> }> {
  const dir = await mkdtemp(join(tmpdir(), `kyc-verify-${mode}-`));
  await build({ mode, logLevel: 'silent', build: { outDir: dir, emptyOutDir: true, sourcemap: false } });
  const gzip = new Map<string, number>();
  for (const name of await readdir(dir)) {
    if (name.endsWith('.js')) gzip.set(name, gzipSync(await readFile(join(dir, name))).length);
  }
  return { dir, gzip };
}

const total = (sizes: Map<string, number>) => [...sizes.values()].reduce((sum, size) => sum + size, 0);

describe('size budgets', () => {
  let esm: Awaited<ReturnType<typeof buildSizes>>;
  let standalone: Awaited<ReturnType<typeof buildSizes>>;

  before(async () => {
    esm = await buildSizes('production');
    standalone = await buildSizes('standalone');
  });
  after(() => Promise.all([esm, standalone].map((built) => rm(built.dir, { recursive: true, force: true }))));

  it('keeps the ES module build at most 9 KB gzip of our own code, lit and qrcode left as imports', async () => {
    const code = (await Promise.all([...esm.gzip.keys()].map((name) => readFile(join(esm.dir, name), 'utf8')))).join('\n');
    assert.match(code, /from"lit"/);
    assert.match(code, /from"qrcode\/lib\/core\/qrcode\.js"/);
    assert.ok(total(esm.gzip) <= 9_000, `ES module build: ${total(esm.gzip)} bytes gzip`);
  });

  it('keeps the standalone bundle (element + lit + qrcode) at most 18 KB gzip', () => {
    assert.deepEqual([...standalone.gzip.keys()], ['kyc-verify.bundle.js']);
    assert.ok(total(standalone.gzip) <= 18_000, `standalone bundle: ${total(standalone.gzip)} bytes gzip`);
  });

  it('opens the standalone bundle with the notices of the licences it includes', async () => {
    const bundle = await readFile(join(standalone.dir, 'kyc-verify.bundle.js'), 'utf8');
    assert.match(
      bundle.split('\n')[0]!,
      /^\/\*! kyc-verify \d+\.\d+\.\d+ \(MIT\)\. Includes lit, Copyright 2017 Google LLC \(BSD-3-Clause\), and qrcode, Copyright 2012 Ryan Day, 2009 Kazuhiko Arase \(MIT\)\. \*\/$/,
    );
  });

  it('ships lit in its production build, without dev-mode checks', async () => {
    const bundle = await readFile(join(standalone.dir, 'kyc-verify.bundle.js'), 'utf8');
    assert.doesNotMatch(bundle, /Lit is in dev mode/);
  });
});
