// How the standalone bundle takes in qrcode's encoder. qrcode ships CommonJS only: bundled as it is,
// every module is kept whole, in a require() wrapper, with the bundler's interop runtime. Rewritten
// as ES modules, only what qr-path.ts reaches is kept.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const QRCODE_CORE = /[\\/]node_modules[\\/]qrcode[\\/]lib[\\/]core[\\/][\w-]+\.js$/;
const SEGMENT_OPTIMISER = /[\\/]node_modules[\\/]dijkstrajs[\\/]/;
/** create()'s branch for text given as a string, which qrcode splits into segments itself. */
const STRING_INPUT = "typeof data === 'string'";

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
 * of segments. Text given as a string would go through qrcode's segment splitting and optimiser
 * (dijkstrajs), which this bundle leaves out; create() then rejects a string with qrcode's own
 * "Invalid data" error. Anything the rewrite does not expect fails the build, so a qrcode release
 * written differently cannot slip through.
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
      if (id.endsWith('qrcode.js')) {
        if (esm.split(STRING_INPUT).length !== 2) this.error(`${id}: not exactly one string-input branch`);
        esm = esm.replace(STRING_INPUT, 'false');
      }
      if (/\brequire\(|\bexports\b/.test(esm)) this.error(`${id}: CommonJS left after the rewrite to ES modules`);
      // qrcode's modules only define functions and tables.
      return { code: esm, map: null, moduleSideEffects: false };
    },
  };
}
