// How the browser builds take in qrcode's encoder. qrcode ships CommonJS only: bundled as it is,
// every module is kept whole, in a require() wrapper, with the bundler's interop runtime, and the ES
// module build must hold no CommonJS (bundlers downstream, Angular's among them, would wrap it again).
// Rewritten as ES modules, only what qr-path.ts reaches is kept. The rewrites match qrcode's source
// text, so package.json pins qrcode to the exact version they were checked against (CONTRIBUTING.md).
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const QRCODE_CORE = /[\\/]node_modules[\\/]qrcode[\\/]lib[\\/]core[\\/][\w-]+\.js$/;
const SEGMENT_OPTIMISER = /[\\/]node_modules[\\/]dijkstrajs[\\/]/;

/** One edit to a qrcode module: `find` must match exactly once, or the build fails. */
interface Rewrite {
  find: RegExp;
  replace: string | ((match: string, ...groups: string[]) => string);
}

/** Error correction level M's column of one of qrcode's tables, which hold four columns (L, M, Q, H) per version. */
const levelMColumn = (_match: string, name: string, rows: string) =>
  `const ${name} = [${rows
    .match(/\d+/g)!
    .filter((_, index) => index % 4 === 1)
    .join(', ')}]`;

/**
 * A table of `name` in qrcode's layout: a comment naming the four columns, then one row of four numbers per
 * version (this module's lines end in CRLF).
 */
const fourColumnTable = (name: string) =>
  new RegExp(`^const (${name}) = \\[\r?\n// L  M  Q  H\r?\n((?: {2}\\d+, \\d+, \\d+, \\d+,?\r?\n){40})\\]$`, 'gm');

/** A lookup of `table` by error correction level: level M's, the only level `from` gives (below). */
const levelLookup = (table: string): Rewrite => ({
  find: new RegExp(
    `^ {2}switch \\(errorCorrectionLevel\\) \\{\r?\n(?: {4}case ECLevel\\.[LMQH]:\r?\n {6}return ${table}\\[\\(version - 1\\) \\* 4 \\+ \\d\\]\r?\n){4} {4}default:\r?\n {6}return undefined\r?\n {2}\\}$`,
    'gm',
  ),
  replace: `  return ${table}[version - 1]`,
});

/** The edits that keep qrcode to what qr-path.ts asks of it, by module file name. */
const REWRITES: Record<string, Rewrite[]> = {
  'qrcode.js': [
    // create()'s branch for text given as a string, which qrcode splits into segments itself.
    { find: /typeof data === 'string'/g, replace: 'false' },
    // Shift JIS conversion, which only kanji segments use.
    { find: /^ {4}if \(options\.toSJISFunc\) \{\n.*\n {4}\}$/gm, replace: '' },
    // A version and a mask pattern of the caller's choosing, which qr-path.ts never gives: the
    // smallest version that holds the data and the best mask are always chosen.
    { find: /^ {4}version = Version\.from\(options\.version\)\r?\n {4}mask = MaskPattern\.from\(options\.maskPattern\)$/gm, replace: '' },
    { find: /^ {2}if \(!version\) \{\r?\n {4}version = bestVersion\r?\n(?:.*\r?\n)*? {2}\}$/gm, replace: '  version = bestVersion' },
  ],
  'utils.js': [
    // Guards of a version out of range, which qr-path.ts never asks for: the best version is always one of the 40.
    { find: /^ {2}if \(!version\) throw .*\r?\n {2}if \(version < 1 \|\| version > 40\) throw .*\r?\n/gm, replace: '' },
  ],
  'bit-matrix.js': [
    // The guard of a size below 1: every size qrcode gives it is a version's, at least 21.
    { find: /^ {2}if \(!size \|\| size < 1\) \{\r?\n {4}throw .*\r?\n {2}\}\r?\n/gm, replace: '' },
  ],
  'version.js': [
    // How many characters a version holds, for each mode: a byte takes 8 bits.
    {
      find: /^ {2}switch \(mode\) \{\n(?:(?!^ {2}\}).*\n)*? {4}case Mode\.BYTE:\n {4}default:\n {6}(return Math\.floor\(usableBits \/ 8\))\n {2}\}$/gm,
      replace: '  $1',
    },
  ],
  'error-correction-code.js': [
    // Error correction blocks and codewords per version, for each level: qr-path.ts asks for M.
    { find: fourColumnTable('EC_BLOCKS_TABLE'), replace: levelMColumn },
    { find: fourColumnTable('EC_CODEWORDS_TABLE'), replace: levelMColumn },
    levelLookup('EC_BLOCKS_TABLE'),
    levelLookup('EC_CODEWORDS_TABLE'),
  ],
  'error-correction-level.js': [
    // A level from itself or its name, any of four and in several spellings: qr-path.ts names M.
    {
      find: /^function fromString \(string\) \{\r?\n(?:.*\r?\n)*?export const from = function from \(value, defaultValue\) \{\r?\n(?:.*\r?\n)*?\}$/gm,
      replace: `export const from = function from (value) {
  if (value !== M && value !== 'M') throw new Error('Only error correction level M is bundled')
  return M
}`,
    },
  ],
  'segments.js': [
    // A segment is built in the mode it names, after a check against the mode that suits its data
    // best: every mode's encoder, and the regular expressions that pick one, stay reachable. Only
    // byte segments are given, so only ByteData is kept; any other segment is refused.
    {
      find: /^function buildSingleSegment \(data, modesHint\) \{\n(?:(?!^\}).*\n)*? {4}case Mode\.BYTE:\n {6}return new ByteData\(data\)\n {2}\}\n\}$/gm,
      replace: `function buildSingleSegment (data, modesHint) {
  if (modesHint !== 'byte') throw new Error('Only byte segments are bundled')
  return new ByteData(data)
}`,
    },
  ],
};

/** Whether a qrcode module sets `module.exports` to one value (a class) rather than adding names to `exports`. */
const exportsOneValue = (file: string) => /^module\.exports = /m.test(readFileSync(file, 'utf8'));

/** One qrcode core module as an ES module; it is written in one regular CommonJS style. */
function asEsModule(code: string, id: string): string {
  return code
    .replace(/^const (\w+) = require\('(\.\/[\w-]+)'\)\.(\w+)$/gm, "import { $3 as $1 } from '$2.js'")
    .replace(/^const (\w+) = require\('(\.\/[\w-]+)'\)$/gm, (_, name: string, path: string) =>
      exportsOneValue(join(dirname(id), `${path}.js`)) ? `import ${name} from '${path}.js'` : `import * as ${name} from '${path}.js'`,
    )
    .replace(/^const (\w+) = require\('([\w-]+)'\)$/gm, "import $1 from '$2'")
    .replace(/^module\.exports = /m, 'export default ')
    .replace(/^exports\.(\w+) = /gm, 'export const $1 = ')
    .replace(/\bexports\.(\w+)/g, '$1');
}

/**
 * Rewrites qrcode's core modules as ES modules, and keeps to the input qr-path.ts gives: an array
 * of byte segments, at error correction level M (the tables of the other levels are left out, and
 * asking for one throws). Text given as a string would go through qrcode's segment splitting and optimiser
 * (dijkstrajs), which this bundle leaves out; create() then rejects a string with qrcode's own
 * "Invalid data" error, and a segment in another mode is refused too. Anything the rewrite does not
 * expect fails the build, so a qrcode release written differently cannot slip through.
 */
export function bundleQrcode(): Plugin {
  return {
    name: 'kyc-verify:bundle-qrcode',
    enforce: 'pre',
    transform(code, id) {
      // Only the string branch imports it: with that branch gone, nothing of it is used.
      if (SEGMENT_OPTIMISER.test(id)) return { code, map: null, moduleSideEffects: false };
      if (!QRCODE_CORE.test(id)) return null;
      let esm = asEsModule(code, id);
      for (const { find, replace } of REWRITES[basename(id)] ?? []) {
        const found = esm.match(find)?.length ?? 0;
        if (found !== 1) this.error(`${id}: ${found} matches of ${find}, where the rewrite expects exactly one`);
        esm = typeof replace === 'string' ? esm.replace(find, replace) : esm.replace(find, replace);
      }
      if (/\brequire\(|\bexports\b/.test(esm)) this.error(`${id}: CommonJS left after the rewrite to ES modules`);
      // qrcode's modules only define functions and tables.
      return { code: esm, map: null, moduleSideEffects: false };
    },
  };
}
