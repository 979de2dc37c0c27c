import { create } from 'qrcode/lib/core/qrcode.js';

/** A QR symbol as one SVG path: `size` modules a side, dark modules drawn as horizontal runs. */
export interface QrPath {
  size: number;
  d: string;
}

/**
 * Encodes `text` locally (no image service, no network) and draws its dark modules. The text goes
 * in as one byte segment: a URL is mostly lower case, which only byte mode holds, so qrcode's
 * segment optimiser would find nothing better. Error correction level M is the only one the
 * browser builds bundle (scripts/bundle-qrcode.ts).
 */
export function qrPath(text: string): QrPath {
  const { size, data } = create([{ data: new TextEncoder().encode(text), mode: 'byte' }], { errorCorrectionLevel: 'M' }).modules;
  let d = '';
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size;) {
      if (!data[row * size + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && data[row * size + col]) col++;
      d += `M${start} ${row}h${col - start}v1H${start}z`;
    }
  }
  return { size, d };
}
