import { css } from 'lit';

/**
 * The colours, in light and dark. The host inherits the page's color-scheme, so light-dark() picks
 * the colours that read on what the page paints; the states dark and light (controllers/surroundings.ts)
 * follow the background behind it, for a page painted dark (or light) without saying so.
 * `kyc-verify { color-scheme: dark }` on the page wins over both.
 */
export const palette = css`
  :host {
    --kyc-verify-text: light-dark(#1b1f24, #e6e8eb);
    --kyc-verify-muted: light-dark(#57606a, #9aa4ae);
    --kyc-verify-border: light-dark(#6e7781, #7d8590);
    --kyc-verify-accent: light-dark(#0b5cad, #4c9aff);
    --kyc-verify-accent-text: light-dark(#ffffff, #0b1320);
    --kyc-verify-success: light-dark(#1a7f37, #3fb950);
    --kyc-verify-danger: light-dark(#b3261e, #f47067);
    --kyc-verify-warning: light-dark(#8a5300, #e3b341);
    --kyc-verify-radius: 0.5rem;
    --kyc-verify-qr-size: 13rem;
    --kyc-verify-qr-color: #000000;
    --kyc-verify-qr-background: #ffffff;

    color: var(--kyc-verify-text);
  }

  :host(:state(dark)) {
    color-scheme: dark;
  }

  :host(:state(light)) {
    color-scheme: light;
  }
`;
