// A second minification of the standalone bundle. Rolldown's minifier is fast but leaves bytes that
// terser's repeated compress passes find (about 270 B gzip of the script-tag bundle, which has a
// budget); the bundle is built once per release, so the extra second does not matter.
import { minify } from 'terser';
import type { Plugin } from 'vite';

/** Runs terser (two compress passes, names mangled, `/*!` notices kept) over each chunk after rolldown's minifier. */
export function terserPass(): Plugin {
  return {
    name: 'kyc-verify:terser-pass',
    apply: 'build',
    async renderChunk(code) {
      const result = await minify(code, {
        module: true,
        ecma: 2020,
        compress: { passes: 2 },
        format: { comments: /^!/ },
        sourceMap: true,
      });
      return { code: result.code!, map: result.map as string };
    },
  };
}
