// A second minification of both browser builds. Rolldown's minifier is fast but leaves bytes that
// terser's repeated compress passes find (about 360 B gzip of the script-tag bundle, 120 B of the
// ES module build, both under a budget); the builds run once per release, so the extra second does not matter.
import { minify } from 'terser';
import type { Plugin } from 'vite';

/**
 * Property names the element uses only inside itself (the machine's state, events and effects,
 * the view's inputs, the controllers' options), which terser renames: about 165 B gzip of either
 * build. Never a public name (a property, attribute, event or `detail` field, a string key, a
 * React prop: test/build/budgets.test.ts checks against custom-elements.json and the sources), a
 * field of the wire's JSON, nor a name Lit uses (`options`); terser leaves DOM and JavaScript
 * built-in names alone even when listed. A name used as a string (an index such as
 * `MARK_LABELS[mark]`) cannot be listed either: `problem` is one.
 */
export const INTERNAL_PROPERTIES = [
  // machine/machine.ts
  'phase',
  'setup',
  'followed',
  'released',
  'queued',
  'offered',
  'streaming',
  'waited',
  'announced',
  'answer',
  'offersStream',
  'delivering',
  'sessionLink',
  'pollNow',
  'countdown',
  'clearCopyNote',
  'keepFocus',
  // machine/outcome.ts
  'canRetry',
  // view/
  'machine',
  'outcome',
  'copyNote',
  'remaining',
  'qrCodeOf',
  'startAgain',
  'copy',
  // controllers/
  'follow',
  'underWay',
  'onZero',
  'onDone',
  'interval',
  'retryable',
  'retryAfter',
  'expiresAt',
  // controllers/send-link.ts
  'spent',
  'sent',
] as const;

/** Runs terser (three compress passes, names and internal properties mangled, `/*!` notices kept) over each chunk after rolldown's minifier. */
export function terserPass(): Plugin {
  return {
    name: 'kyc-verify:terser-pass',
    apply: 'build',
    async renderChunk(code, _chunk, outputOptions) {
      const result = await minify(code, {
        module: true,
        ecma: 2020,
        compress: { passes: 3 },
        // Each chunk apart: the listed properties never cross from one chunk to another (define.js and
        // react.js only use the element's public API; the element hands the send chunk, src/element/send.ts,
        // only names not listed here).
        mangle: { properties: { regex: new RegExp(`^(?:${INTERNAL_PROPERTIES.join('|')})$`) } },
        format: { comments: /^!/ },
        // A map only when the build writes them (it does not today): terser's map is work thrown away otherwise.
        sourceMap: Boolean(outputOptions.sourcemap),
      });
      return { code: result.code!, map: (result.map as string | undefined) ?? null };
    },
  };
}
