// Browser builds of <kyc-verify>.
//   vite build                    → dist/browser/: ES modules for bundlers, lit and qrcode left as imports
//   vite build --mode standalone  → dist/kyc-verify.bundle.js: one file for a plain <script type="module">
import { defineConfig, type Plugin } from 'vite';
import { bundleQrcode } from './scripts/bundle-qrcode.js';
import packageJson from './package.json' with { type: 'json' };

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

/** The notices the licences of what the standalone bundle includes ask for, kept through minification. */
const STANDALONE_NOTICE =
  `/*! kyc-verify ${packageJson.version} (MIT). Includes lit, Copyright 2017 Google LLC (BSD-3-Clause), ` +
  'and qrcode, Copyright 2012 Ryan Day, 2009 Kazuhiko Arase (MIT). */';

export default defineConfig(({ mode }) => {
  const standalone = mode === 'standalone';
  return {
    plugins: [minifyStyles(), ...(standalone ? [bundleQrcode()] : [])],
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
        output: { minify: true, ...(standalone && { comments: false, postBanner: STANDALONE_NOTICE }) },
      },
    },
  };
});
