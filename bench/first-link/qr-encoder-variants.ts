/**
 * The bench's variants of where the standalone bundle gets its QR encoder, each a rewrite of the
 * view (src/element/view/kyc-verify.view.ts) at build time; the shipped builds are vite.config.ts's
 * own, which fetch kyc-verify.qr.js when a QR code is first drawn. A rewrite whose text is gone
 * from the source fails the build, so that a variant cannot silently become the shipped build.
 */
import { buildBrowser, type BrowserBuild } from '../lib/build.js';

const VIEW = /[\\/]src[\\/]element[\\/]view[\\/]kyc-verify\.view\.ts$/;
const LAZY_IMPORT = "() => import('./qr-path.js')";
const ENCODER_DECLARED = 'const qrEncoder = lazyChunk<';
const QR_CHUNK = 'kyc-verify.qr.js';

interface CodeSplitting {
  groups?: { name: string }[];
}

/** A Vite plugin that rewrites the view with `edit`, which must find `needle` in it. */
const viewRewrite = (name: string, needle: string, edit: (code: string) => string) => ({
  name: `bench-${name}`,
  enforce: 'pre' as const,
  transform(code: string, id: string) {
    if (!VIEW.test(id)) return undefined;
    if (!code.includes(needle)) throw new Error(`${id} no longer holds ${needle}: update the bench's ${name}`);
    return edit(code);
  },
});

/** The view imports qr-path.ts statically and hands it to the same lazyChunk: the encoder as it was before its chunk. */
const encoderInBundle = viewRewrite(
  'qr-encoder-in-bundle',
  LAZY_IMPORT,
  (code) => `import * as encoderInBundle from './qr-path.js';\n${code.replace(LAZY_IMPORT, '() => Promise.resolve(encoderInBundle)')}`,
);

/** The config's chunk group would still put a statically imported encoder in a file of its own. */
const noEncoderChunk = {
  name: 'bench-no-qr-encoder-chunk',
  config(config: { build?: { rolldownOptions?: { output?: unknown } } }) {
    const output = config.build?.rolldownOptions?.output as { codeSplitting?: CodeSplitting } | undefined;
    if (!output?.codeSplitting?.groups) throw new Error('vite.config.ts no longer groups the QR encoder: update the bench variant');
    output.codeSplitting = { ...output.codeSplitting, groups: output.codeSplitting.groups.filter((group) => group.name !== 'qr') };
  },
};

/**
 * The chunk fetched as soon as the bundle runs where auto mode shows a QR code (a wide screen),
 * alongside the session request rather than after its answer; a phone still never fetches it.
 * (Per page, not per element: here every element is in the page when the bundle runs.)
 */
const encoderFetchedEarly = viewRewrite(
  'qr-encoder-fetched-early',
  ENCODER_DECLARED,
  (code) => `${code}\nif (!buttonOnly('auto')) qrEncoder(() => {});\n`,
);

/** The standalone build with the QR encoder in kyc-verify.bundle.js and no kyc-verify.qr.js beside it. */
export async function buildWithEncoderInBundle(): Promise<BrowserBuild> {
  const built = await buildBrowser('standalone', [], [encoderInBundle, noEncoderChunk]);
  if (built.files.has(QR_CHUNK)) {
    await built.remove();
    throw new Error(`the variant build still emits ${QR_CHUNK}`);
  }
  return built;
}

/** The standalone build whose kyc-verify.qr.js is fetched when the bundle runs on a wide screen. */
export const buildWithEncoderFetchedEarly = (): Promise<BrowserBuild> => buildBrowser('standalone', [], [encoderFetchedEarly]);
