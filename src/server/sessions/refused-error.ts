import { KycError } from '../kyc-error.js';

/** A session POST the kit refused because it did not come from the backend's own pages (403). */
export class KycSessionRefusedError extends KycError {
  override readonly name = 'KycSessionRefusedError';
}
