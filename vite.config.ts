// Browser builds of <kyc-verify>.
//   vite build                    → dist/browser/: ES modules for bundlers and the React wrapper, lit and react left as imports, the
//                                   QR encoder (qr-path.ts and qrcode's, rewritten as ES modules) in its own chunk, qr-encoder-*.js
//   vite build --mode standalone  → dist/kyc-verify.bundle.js: one file for a plain <script type="module">, Spanish built in;
//                                   the other languages beside it (kyc-verify.en.js…), loaded relative to it when a page asks,
//                                   sending the link (kyc-verify.send.js), loaded when an answer offers it, and the QR encoder
//                                   (kyc-verify.qr.js), loaded when a QR code is first drawn
//   vite build --mode ssr         → dist/lib/ssr/index.js: kyc-verify/ssr, the element's own view rendered on a server (src/ssr),
//                                   one Node ES module with its templates and CSS minified as the browser's are (so the
//                                   server's render is the element's, byte for byte) and qrcode's encoder in it; lit and
//                                   @lit-labs/ssr left as imports
// Both builds load English and Portuguese (Brazil) lazily, each a chunk of its own (src/element/locales/localize.ts),
// the send link's feature (src/element/send.ts) and the QR encoder (src/element/view/kyc-verify.view.ts).
import { defaultStrategy } from '@literals/html-css-minifier';
import { literalsHtmlCssMinifier } from '@literals/rollup-plugin-html-css-minifier';
import { defineConfig } from 'vite';
import { bundleQrcode } from './scripts/bundle-qrcode.js';
import { terserPass } from './scripts/terser-pass.js';
import { trimLit } from './scripts/trim-lit.js';
import packageJson from './package.json' with { type: 'json' };

const QRCODE_COPYRIGHT = 'qrcode, Copyright 2012 Ryan Day, 2009 Kazuhiko Arase (MIT)';

/** The notices the licences of what the standalone bundle includes ask for, kept through minification. */
const STANDALONE_NOTICE = `/*! kyc-verify ${packageJson.version} (MIT). Includes lit, Copyright 2017 Google LLC (BSD-3-Clause). */`;

/**
 * The chunk of the QR encoder (qr-path.ts and qrcode's encoder) in each build (qr-encoder-<hash>.js,
 * kyc-verify.qr.js beside the bundle), and the notice qrcode's licence asks for.
 */
const QR_ENCODER_CHUNK = { production: 'qr-encoder', standalone: 'qr' };
const QR_ENCODER_MODULES = /[\\/]node_modules[\\/]qrcode[\\/]|[\\/]src[\\/]element[\\/]view[\\/]qr-path\.ts$/;
const QR_ENCODER_NOTICE = `/*! ${QRCODE_COPYRIGHT}. */`;

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

/** kyc-verify/ssr (src/ssr), for Node: the element's modules it renders go in with it, never as files of their own. */
const serverRender = defineConfig({
  plugins: [minifyTemplates(), bundleQrcode(), terserPass()],
  ssr: { noExternal: true },
  build: {
    target: 'node20',
    outDir: 'dist/lib/ssr',
    emptyOutDir: false,
    sourcemap: false,
    ssr: 'src/ssr/index.ts',
    rolldownOptions: {
      external: [/^lit(\/|$)/, /^@lit-labs\//],
      output: { entryFileNames: 'index.js', minify: true },
    },
  },
});

export default defineConfig(({ mode }) => {
  if (mode === 'ssr') return serverRender;
  const standalone = mode === 'standalone';
  const qrEncoder = QR_ENCODER_CHUNK[standalone ? 'standalone' : 'production'];
  const codeSplitting = { groups: [{ name: qrEncoder, test: QR_ENCODER_MODULES }] };
  const notices = (chunk: { isEntry: boolean; name: string }) =>
    chunk.name === qrEncoder ? QR_ENCODER_NOTICE : standalone && chunk.isEntry ? STANDALONE_NOTICE : '';
  return {
    // Both builds take qrcode's encoder in as ES modules: qrcode ships CommonJS only, which bundlers
    // (Angular's among them) would otherwise see in the ES module build and wrap. terser runs after
    // rolldown's own minifier: its repeated passes find bytes rolldown leaves (scripts/terser-pass.ts).
    // The standalone bundle leaves out what the element never uses of Lit (scripts/trim-lit.ts).
    plugins: [minifyTemplates(), bundleQrcode(), trimLit(), terserPass()],
    // Lit's production build (no dev-mode warnings) in the standalone bundle.
    resolve: { conditions: ['production', 'browser', 'module', 'import', 'default'] },
    build: {
      target: 'es2022',
      outDir: standalone ? 'dist' : 'dist/browser',
      emptyOutDir: !standalone,
      // No source maps: they would triple what every install unpacks, and the encoder's would carry
      // qrcode's CommonJS text into the package.
      sourcemap: false,
      lib: standalone
        ? { entry: 'src/define.ts', formats: ['es'], fileName: () => 'kyc-verify.bundle.js' }
        : { entry: { index: 'src/index.ts', define: 'src/define.ts', react: 'src/react/index.ts' }, formats: ['es'] },
      rolldownOptions: {
        // The element's code goes in index.js, which define.js and react.js import, rather than in a
        // shared chunk behind an index.js of re-exports (111 B gzip); index.js exports what index.ts does.
        preserveEntrySignatures: 'allow-extension',
        external: standalone ? [] : [/^lit(\/|$)/, /^@lit\//, /^react(\/|$)/],
        output: standalone
          ? // Each lazy chunk beside the bundle under a fixed name (kyc-verify.en.js, kyc-verify.send.js, kyc-verify.qr.js), which a page copies with it.
            { minify: true, comments: false, codeSplitting, postBanner: notices, chunkFileNames: 'kyc-verify.[name].js' }
          : { minify: true, codeSplitting, postBanner: notices },
      },
    },
  };
});
