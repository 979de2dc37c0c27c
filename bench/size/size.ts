/**
 * Size: what the element adds to a page. Minified bytes as Vite emits them, gzip (level 9) and
 * brotli (quality 11) as a server or CDN would precompress them. A build's figure is what a
 * Spanish page loads; each other language's chunk, which only its pages load, the send-link
 * chunk, which only pages whose backend sends the link load, and the QR encoder's chunk, which
 * only pages that draw a QR code load, are measured apart.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { buildBrowser } from '../lib/build.js';
import type { Figure } from '../lib/figure.js';
import { measureBundleParts } from './parts.js';

const LIT = /^(lit|lit-html|lit-element)(\/|$)|^@lit\//;

interface Sizes {
  minified: number;
  gzip: number;
  brotli: number;
}

function sizesOf(files: Iterable<Buffer>): Sizes {
  const sizes = { minified: 0, gzip: 0, brotli: 0 };
  for (const code of files) {
    sizes.minified += code.length;
    sizes.gzip += gzipSync(code, { level: 9 }).length;
    sizes.brotli += brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return sizes;
}

/**
 * The chunks loaded lazily: the other languages', the send link's and the QR encoder's
 * (`kyc-verify.en.js`, `kyc-verify.send.js`, `kyc-verify.qr.js` beside the bundle; `en-<hash>.js`,
 * `send-<hash>.js`, `qr-encoder-<hash>.js` in the ES module build).
 */
const LAZY_CHUNK = /^(?:kyc-verify\.)?(en|pt-BR|send|qr)[.-]/;
const CHUNK_NAMES: Record<string, string> = { send: 'send-link chunk', qr: 'QR encoder chunk (qr-path.ts and qrcode)' };

/** What a Spanish page loads of the build, without the lazy chunks. */
async function buildSizes(mode: 'production' | 'standalone', external?: RegExp[]): Promise<Sizes> {
  const built = await buildBrowser(mode, external);
  try {
    return sizesOf([...built.files].filter(([name]) => !LAZY_CHUNK.test(name)).map(([, code]) => code));
  } finally {
    await built.remove();
  }
}

/** Each lazy chunk beside the standalone bundle. */
async function lazyChunkSizes(): Promise<Figure[]> {
  const built = await buildBrowser('standalone');
  try {
    return [...built.files].flatMap(([name, code]) => {
      const chunk = LAZY_CHUNK.exec(name)?.[1];
      if (!chunk) return [];
      return rows(CHUNK_NAMES[chunk] ?? `language chunk ${chunk}`, sizesOf([code]));
    });
  } finally {
    await built.remove();
  }
}

const minus = (whole: Sizes, part: Sizes): Sizes => ({
  minified: whole.minified - part.minified,
  gzip: whole.gzip - part.gzip,
  brotli: whole.brotli - part.brotli,
});

const rows = (name: string, sizes: Sizes): Figure[] =>
  (['minified', 'gzip', 'brotli'] as const).map((kind) => ({
    figure: `Size: ${name}, ${kind}`,
    unit: 'bytes',
    median: sizes[kind],
    runs: 1,
  }));

/**
 * Lit's share is what the standalone bundle loses when Lit is left out as an import; the element's
 * own share is the bundle without it. Compressed shares do not add up exactly to the whole:
 * compression works across the seams. Then what each part of the bundle costs (parts.ts).
 */
export async function measureSize(): Promise<Figure[]> {
  const bundle = await buildSizes('standalone');
  const ownInBundle = await buildSizes('standalone', [LIT]);
  const esModules = await buildSizes('production');
  return [
    ...rows('standalone bundle', bundle),
    ...rows('ES module build (own code only)', esModules),
    ...rows('standalone bundle, element share', ownInBundle),
    ...rows('standalone bundle, lit share', minus(bundle, ownInBundle)),
    ...(await lazyChunkSizes()),
    ...(await measureBundleParts()),
  ];
}
