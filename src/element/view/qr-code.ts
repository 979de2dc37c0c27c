import { lazyChunk } from '../lazy-chunk.js';
import type { QrPath } from './qr-path.js';

/**
 * The QR encoder (qr-path.ts with qrcode's), a chunk of its own (kyc-verify.qr.js beside the
 * standalone bundle) loaded as soon as an element that draws QR codes renders (`loadQrEncoder`), or
 * the first time a QR code is drawn: a phone shown the button never downloads it. When it cannot
 * load, every link is drawn as the button alone.
 */
const qrEncoder = lazyChunk<{ qrPath(text: string): QrPath | null }>(
  () => import('./qr-path.js'),
  { qrPath: () => null },
  'kyc-verify.qr.js',
  'the button instead of a QR code',
);

/**
 * Starts loading the QR encoder before there is a link to draw, beside the session request rather
 * than after its answer (on a slow network, a round trip less before the QR code: bench/README.md).
 */
export const loadQrEncoder = (loaded: () => void): void => void qrEncoder(loaded);

/**
 * A `qrCodeOf` (the QR code of a link, null when the link is too long for one, undefined while the
 * encoder loads: `loaded` renders again) that keeps the last code it drew: drawing is the costliest
 * part of a render, and the countdown renders every second. `drawn` gives the code the server's
 * render drew, if any, taken as the first: its link is drawn without the encoder.
 */
export function keepingLastQrCode(
  loaded: () => void,
  drawn?: () => { link: string; path: QrPath } | undefined,
): (link: string) => QrPath | null | undefined {
  let last: { link: string; path: QrPath | null } | undefined;
  return (link) => {
    last ??= drawn?.();
    if (last?.link !== link) {
      const encoder = qrEncoder(loaded);
      if (!encoder) return undefined;
      let path: QrPath | null = null;
      try {
        path = encoder.qrPath(link);
      } catch {
        // Too long for any QR code: the button alone.
      }
      last = { link, path };
    }
    return last.path;
  };
}
