// A second minification of both browser builds. Rolldown's minifier is fast but leaves bytes that
// terser's repeated compress passes find (about 360 B gzip of the script-tag bundle, 120 B of the
// ES module build, both under a budget); the builds run once per release, so the extra second does not matter.
import { minify } from 'terser';
import type { Plugin } from 'vite';

/** Runs terser (three compress passes, names mangled, `/*!` notices kept) over each chunk after rolldown's minifier. */
export function terserPass(): Plugin {
  return {
    name: 'kyc-verify:terser-pass',
    apply: 'build',
    async renderChunk(code, _chunk, outputOptions) {
      const result = await minify(code, {
        module: true,
        ecma: 2020,
        compress: { passes: 3 },
        format: { comments: /^!/ },
        // A map only when the build writes them (it does not today): terser's map is work thrown away otherwise.
        sourceMap: Boolean(outputOptions.sourcemap),
      });
      return { code: result.code!, map: (result.map as string | undefined) ?? null };
    },
  };
}
