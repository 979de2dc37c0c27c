import type { QrPath } from './view/qr-path.js';

/** The script of the server's render that holds the session it prepared (kyc-verify/ssr writes it, the element reads it). */
export const PREPARED_SESSION = 'script[type="application/json"]';

/** What a server's render of the element (`kyc-verify/ssr`, or a backend's own: docs/element.md) left in its declarative shadow root. */
export interface ServerRender {
  /** The session answer it rendered (docs/host-protocol.md), as it was written: the element reads it as a session POST's. */
  session: unknown;
  /** The QR code it drew, if it drew one: kept, so that the encoder is not fetched for it. */
  qr: QrPath | null;
}

/**
 * The server's render in `host`'s declarative shadow root, or null when there is none (or it holds no
 * session). Read once, as the element upgrades; the element's own render replaces it.
 */
export function serverRenderOf(host: HTMLElement): ServerRender | null {
  const text = host.shadowRoot?.querySelector(PREPARED_SESSION)?.textContent;
  if (!text) return null;
  let session: unknown;
  try {
    session = JSON.parse(text);
  } catch {
    return null;
  }
  const svg = host.shadowRoot!.querySelector('[part="qr"]');
  const d = svg?.querySelector('path')?.getAttribute('d');
  // viewBox="-4 -4 <size + 8> <size + 8>": the code and its quiet zone.
  const size = Number(svg?.getAttribute('viewBox')?.split(' ')[2]) - 8;
  return { session, qr: d && size > 0 ? { size, d } : null };
}
