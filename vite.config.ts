// Browser builds of <kyc-verify>.
//   vite build                    → dist/browser/: ES modules for bundlers, lit and qrcode left as imports
//   vite build --mode standalone  → dist/kyc-verify.bundle.js: one file for a plain <script type="module">
import { defineConfig, type Plugin } from 'vite';

/** Strips comments and layout whitespace from the element's css`` styles (Lit ships them as written). */
function minifyStyles(): Plugin {
  return {
    name: 'kyc-verify:minify-styles',
    transform(code, id) {
      if (!id.endsWith('.styles.ts')) return null;
      // Only the inside of one template literal changes: no source map worth keeping for it.
      const minifiedCode = code.replace(/css`([^`]*)`/g, (_, body: string) => {
        const minified = body
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/\s+/g, ' ')
          .replace(/\s*([{};,])\s*/g, '$1')
          .replace(/:\s+/g, ':')
          .replace(/([^\d])0\.(\d)/g, '$1.$2')
          .replace(/;}/g, '}');
        return `css\`${minified.trim()}\``;
      });
      return { code: minifiedCode, map: null };
    },
  };
}

/**
 * qrcode's segment optimiser (dijkstrajs) only runs for text passed as a string; qr-path.ts passes
 * one byte segment, so the standalone bundle leaves the optimiser out and fails loudly if reached.
 */
function withoutSegmentOptimiser(): Plugin {
  const id = '\0dijkstrajs-unused';
  return {
    name: 'kyc-verify:without-segment-optimiser',
    enforce: 'pre',
    resolveId: (source) => (source === 'dijkstrajs' ? id : null),
    load: (source) =>
      source === id ? 'export function find_path() { throw new Error("qrcode segment optimiser is not bundled"); }' : null,
  };
}

export default defineConfig(({ mode }) => {
  const standalone = mode === 'standalone';
  return {
    plugins: [minifyStyles(), ...(standalone ? [withoutSegmentOptimiser()] : [])],
    // Lit's production build (no dev-mode warnings) in the standalone bundle.
    resolve: { conditions: ['production', 'browser', 'module', 'import', 'default'] },
    build: {
      target: 'es2022',
      outDir: standalone ? 'dist' : 'dist/browser',
      emptyOutDir: !standalone,
      sourcemap: true,
      lib: standalone
        ? { entry: 'src/define.ts', formats: ['es'], fileName: () => 'kyc-verify.bundle.js' }
        : { entry: { index: 'src/index.ts', define: 'src/define.ts' }, formats: ['es'] },
      rolldownOptions: {
        external: standalone ? [] : [/^lit(\/|$)/, /^@lit\//, /^qrcode(\/|$)/],
        output: { minify: true },
      },
    },
  };
});
