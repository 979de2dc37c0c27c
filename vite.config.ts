// Browser builds of <kyc-verify>.
//   vite build                    → dist/browser/: ES modules for bundlers (and the React wrapper), lit, qrcode and react left as imports
//   vite build --mode standalone  → dist/kyc-verify.bundle.js: one file for a plain <script type="module">
import { defaultStrategy } from '@literals/html-css-minifier';
import { literalsHtmlCssMinifier } from '@literals/rollup-plugin-html-css-minifier';
import { defineConfig } from 'vite';
import { bundleQrcode } from './scripts/bundle-qrcode.js';
import packageJson from './package.json' with { type: 'json' };

/** The notices the licences of what the standalone bundle includes ask for, kept through minification. */
const STANDALONE_NOTICE =
  `/*! kyc-verify ${packageJson.version} (MIT). Includes lit, Copyright 2017 Google LLC (BSD-3-Clause), ` +
  'and qrcode, Copyright 2012 Ryan Day, 2009 Kazuhiko Arase (MIT). */';

/**
 * The browsers the element supports (README), as Lightning CSS targets (major << 16 | minor << 8):
 * the CSS minifier only writes syntax that all of them read.
 */
const CSS_TARGETS = {
  chrome: 123 << 16,
  edge: 123 << 16,
  firefox: 124 << 16,
  safari: (17 << 16) | (5 << 8),
  ios_saf: (17 << 16) | (5 << 8),
};

/** Minifies the CSS of the element's css`` templates and collapses the whitespace of its html`` ones. */
const minifyTemplates = () =>
  literalsHtmlCssMinifier({
    include: ['src/element/**/*.ts'],
    failOnError: true,
    options: { strategy: { ...defaultStrategy, minifyCSS: (css: string) => defaultStrategy.minifyCSS!(css, { targets: CSS_TARGETS }) } },
  });

export default defineConfig(({ mode }) => {
  const standalone = mode === 'standalone';
  return {
    plugins: [minifyTemplates(), ...(standalone ? [bundleQrcode()] : [])],
    // Lit's production build (no dev-mode warnings) in the standalone bundle.
    resolve: { conditions: ['production', 'browser', 'module', 'import', 'default'] },
    build: {
      target: 'es2022',
      outDir: standalone ? 'dist' : 'dist/browser',
      emptyOutDir: !standalone,
      sourcemap: true,
      lib: standalone
        ? { entry: 'src/define.ts', formats: ['es'], fileName: () => 'kyc-verify.bundle.js' }
        : { entry: { index: 'src/index.ts', define: 'src/define.ts', react: 'src/react/index.ts' }, formats: ['es'] },
      rolldownOptions: {
        external: standalone ? [] : [/^lit(\/|$)/, /^@lit\//, /^qrcode(\/|$)/, /^react(\/|$)/],
        output: { minify: true, ...(standalone && { comments: false, postBanner: STANDALONE_NOTICE }) },
      },
    },
  };
});
