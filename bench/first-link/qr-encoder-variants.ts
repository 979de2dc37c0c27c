/**
 * The bench's variants of where the standalone bundle gets its QR encoder, each a rewrite of the
 * element's source at build time; the shipped builds are vite.config.ts's own, which fetch
 * kyc-verify.qr.js as soon as an element that draws QR codes renders. A rewrite whose text is gone
 * from the source fails the build, so that a variant cannot silently become the shipped build.
 */
import { buildBrowser, type BrowserBuild } from '../lib/build.js';

const QR_CODE = /[\\/]src[\\/]element[\\/]view[\\/]qr-code\.ts$/;
const ELEMENT = /[\\/]src[\\/]element[\\/]kyc-verify\.ts$/;
const LAZY_IMPORT = "() => import('./qr-path.js')";
const EARLY_LOAD = 'if (!buttonOnly(this.mode) && !this.#servedQr) loadQrEncoder(() => this.requestUpdate());';
const QR_CHUNK = 'kyc-verify.qr.js';

interface CodeSplitting {
  groups?: { name: string }[];
}

/** A Vite plugin that rewrites the source file `file` with `edit`, which must find `needle` in it. */
const rewrite = (name: string, file: RegExp, needle: string, edit: (code: string) => string) => ({
  name: `bench-${name}`,
  enforce: 'pre' as const,
  transform(code: string, id: string) {
    if (!file.test(id)) return undefined;
    if (!code.includes(needle)) throw new Error(`${id} no longer holds ${needle}: update the bench's ${name}`);
    return edit(code);
  },
});

/** qr-code.ts imports qr-path.ts statically and hands it to the same lazyChunk: the encoder as it was before its chunk. */
const encoderInBundle = rewrite(
  'qr-encoder-in-bundle',
  QR_CODE,
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

/** The chunk fetched when the first QR code is drawn, after the session's answer (the shipped build before it was fetched early). */
const encoderFetchedWhenDrawn = rewrite('qr-encoder-fetched-when-drawn', ELEMENT, EARLY_LOAD, (code) => code.replace(EARLY_LOAD, ''));

/** The standalone build with the QR encoder in kyc-verify.bundle.js and no kyc-verify.qr.js beside it. */
export async function buildWithEncoderInBundle(): Promise<BrowserBuild> {
  const built = await buildBrowser('standalone', [], [encoderInBundle, noEncoderChunk]);
  if (built.files.has(QR_CHUNK)) {
    await built.remove();
    throw new Error(`the variant build still emits ${QR_CHUNK}`);
  }
  return built;
}

/** The standalone build whose kyc-verify.qr.js is fetched only when the first QR code is drawn. */
export const buildWithEncoderFetchedWhenDrawn = (): Promise<BrowserBuild> => buildBrowser('standalone', [], [encoderFetchedWhenDrawn]);
