// Both browser builds, the standalone bundle and the ES modules (its qr-encoder chunk), take qrcode in
// rewritten as ES modules, kept to byte segments given as an array (scripts/bundle-qrcode.ts). These
// tests build qr-path.ts that way and check that it draws the same symbols as qrcode used as published.
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { build } from 'vite';
import { bundleQrcode } from '../../scripts/bundle-qrcode.js';
import { qrPath } from '../../src/element/view/qr-path.js';

/** The most bytes a version 40 symbol holds at error correction level M. */
const MOST_BYTES = 2331;

/** URL-like text of `length` characters: lower case, digits and punctuation, as verification links are. */
const linkOfLength = (length: number) => `https://verify.example/transactions/${'a1b2-c3d4/e5f6?g=7&h_8'.repeat(200)}`.slice(0, length);

/** Builds qrcode's encoder, as the browser builds do, from a copy of qrcode in `dir`. */
const buildQrcodeCopy = (dir: string) =>
  build({
    configFile: false,
    logLevel: 'silent',
    root: dir,
    plugins: [bundleQrcode()],
    build: { write: false, lib: { entry: join(dir, 'node_modules/qrcode/lib/core/qrcode.js'), formats: ['es'] } },
  });

/** One line of qrcode's source per edit the rewrite makes, each changed so that the edit no longer fits. */
const UNEXPECTED_SOURCES = [
  { module: 'qrcode.js', line: "typeof data === 'string'", changed: "typeof data == 'string'" },
  { module: 'qrcode.js', line: 'if (options.toSJISFunc) {', changed: 'if (options.toSJISFunc != null) {' },
  { module: 'segments.js', line: 'return new ByteData(data)', changed: 'return new ByteData(data, mode)' },
  { module: 'version.js', line: 'return Math.floor(usableBits / 8)', changed: 'return Math.floor(usableBits >> 3)' },
];

describe('qrcode as the browser builds bundle it', () => {
  let dir: string;
  let bundledQrPath: typeof qrPath;
  let code: string;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kyc-verify-qr-'));
    await build({
      configFile: false,
      logLevel: 'silent',
      plugins: [bundleQrcode()],
      build: {
        outDir: dir,
        minify: false,
        lib: { entry: 'src/element/view/qr-path.ts', formats: ['es'], fileName: () => 'qr-path.js' },
      },
    });
    code = await readFile(join(dir, 'qr-path.js'), 'utf8');
    ({ qrPath: bundledQrPath } = (await import(pathToFileURL(join(dir, 'qr-path.js')).href)) as { qrPath: typeof qrPath });
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('is plain ES modules, without the CommonJS runtime or the segment optimiser', () => {
    assert.doesNotMatch(code, /\brequire\(|__commonJS|module\.exports/);
    assert.doesNotMatch(code, /dijkstra|find_path/);
  });

  it('keeps byte mode alone: no other mode, no regular expressions to pick one, no Shift JIS conversion', () => {
    assert.doesNotMatch(code, /\b(?:NumericData|AlphanumericData|KanjiData|getBestModeForData|toSJIS)\b|new RegExp/);
  });

  it('fails the build, naming the module, when qrcode is not written as the rewrite expects', async () => {
    const copy = await mkdtemp(join(tmpdir(), 'kyc-verify-qrcode-copy-'));
    try {
      await cp('node_modules/qrcode', join(copy, 'node_modules/qrcode'), { recursive: true });
      await cp('node_modules/dijkstrajs', join(copy, 'node_modules/dijkstrajs'), { recursive: true });
      await buildQrcodeCopy(copy);
      for (const { module, line, changed } of UNEXPECTED_SOURCES) {
        const file = join(copy, 'node_modules/qrcode/lib/core', module);
        const source = await readFile(file, 'utf8');
        await writeFile(file, source.replace(line, changed));
        await assert.rejects(buildQrcodeCopy(copy), new RegExp(`${module}: 0 matches`), `${module}: ${changed}`);
        await writeFile(file, source);
      }
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });

  it('draws the same symbol as qrcode for every version from 1 to 40', () => {
    const lengths = [...Array.from({ length: MOST_BYTES / 9 }, (_, i) => 1 + i * 9), MOST_BYTES];
    const versionsSeen = new Set<number>();
    for (const length of lengths) {
      const text = linkOfLength(length);
      const expected = qrPath(text);
      assert.deepEqual(bundledQrPath(text), expected, `${length} characters`);
      versionsSeen.add((expected.size - 17) / 4);
    }
    assert.equal(versionsSeen.size, 40);
  });

  it('draws the same symbol as qrcode for text outside ASCII', () => {
    const text = 'https://verificación.example/transacciones/ñandú-😀?año=2026';
    assert.deepEqual(bundledQrPath(text), qrPath(text));
  });

  it('refuses text too long for any symbol, as qrcode does', () => {
    const text = linkOfLength(MOST_BYTES + 1);
    assert.throws(() => qrPath(text), /too big/);
    assert.throws(() => bundledQrPath(text), /too big/);
  });
});
