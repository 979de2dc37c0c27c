import type { KycVerifyMode } from '../kyc-verify.js';

/**
 * Where auto mode shows the button instead of the QR code: a phone or a tablet, told by its primary
 * pointer (a finger), not by the width, so that a computer at 200 % zoom keeps its QR code and typed
 * code. Written out again in the styles' @media rules (styles/layout.ts), since the build only
 * minifies a css`` without expressions.
 */
export const PHONE_MEDIA = '(pointer: coarse)';

/** Only the button shows (button mode, or auto mode on a phone): the end user may be on the phone already. */
export const buttonOnly = (mode: KycVerifyMode) => mode === 'button' || (mode === 'auto' && matchMedia(PHONE_MEDIA).matches);
