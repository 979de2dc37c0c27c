/**
 * The bench's variant of the standalone build with the QR encoder inside the bundle, as it was
 * before it became a lazy chunk (kyc-verify.qr.js): the view imports qr-path.ts statically and
 * hands it to the same lazyChunk, and the build's chunk group for it is dropped. Only the bench
 * builds it; the shipped builds are vite.config.ts's own.
 */
import { buildBrowser, type BrowserBuild } from '../lib/build.js';

const VIEW = /[\\/]src[\\/]element[\\/]view[\\/]kyc-verify\.view\.ts$/;
const LAZY_IMPORT = "() => import('./qr-path.js')";
const QR_CHUNK = 'kyc-verify.qr.js';

interface CodeSplitting {
  groups?: { name: string }[];
}

const encoderInBundle = {
  name: 'bench-qr-encoder-in-bundle',
  enforce: 'pre' as const,
  // The config's chunk group would still put the statically imported encoder in a file of its own.
  config(config: { build?: { rolldownOptions?: { output?: unknown } } }) {
    const output = config.build?.rolldownOptions?.output as { codeSplitting?: CodeSplitting } | undefined;
    if (!output?.codeSplitting?.groups) throw new Error('vite.config.ts no longer groups the QR encoder: update the bench variant');
    output.codeSplitting = { ...output.codeSplitting, groups: output.codeSplitting.groups.filter((group) => group.name !== 'qr') };
  },
  transform(code: string, id: string) {
    if (!VIEW.test(id)) return undefined;
    if (!code.includes(LAZY_IMPORT)) throw new Error(`${id} no longer loads the encoder with ${LAZY_IMPORT}: update the bench variant`);
    return `import * as encoderInBundle from './qr-path.js';\n${code.replace(LAZY_IMPORT, '() => Promise.resolve(encoderInBundle)')}`;
  },
};

/** The standalone build with the QR encoder in kyc-verify.bundle.js and no kyc-verify.qr.js beside it. */
export async function buildWithEncoderInBundle(): Promise<BrowserBuild> {
  const built = await buildBrowser('standalone', [], [encoderInBundle]);
  if (built.files.has(QR_CHUNK)) {
    await built.remove();
    throw new Error(`the variant build still emits ${QR_CHUNK}`);
  }
  return built;
}
