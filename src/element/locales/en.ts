import type { KycVerifyStrings } from '../localize.js';

/** English. */
export const en: KycVerifyStrings = {
  scanTitle: 'Scan this code with your phone to verify your identity',
  qrLabel: 'QR code that opens the identity verification link',
  openHere: 'Or open it on this device',
  openButton: 'Verify my identity',
  newTab: 'Opens in a new tab',
  copyLink: 'Copy link',
  linkCopied: 'Link copied',
  copyFailed: 'Could not copy the link',
  timeLeft: 'The link expires in {time}',
  preparing: 'Preparing your verification…',
  waiting: 'Waiting for you to start on your phone…',
  documentCaptured: 'Document captured. Now take your selfie…',
  documentProblem: 'The document could not be read. Try again on your phone.',
  checking: 'Checking your selfie…',
  successful: 'Your identity is verified.',
  failed: 'We could not verify your identity.',
  expired: 'The verification link expired.',
  reconnecting: 'No answer about the verification yet. Retrying…',
  unavailable: 'The verification is not available right now.',
  continue: 'Continue',
  tryAgain: 'Try again',
};
