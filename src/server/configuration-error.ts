import { KycError } from './kyc-error.js';

/**
 * The kit is set up or mounted in a way it cannot answer right (docs/kit.md#the-public-url): an
 * option it refuses when built, or, told once to `onError`, a request that shows the mount hides
 * the URL the browser used. The message says the fix.
 */
export class KycConfigurationError extends KycError {
  override readonly name = 'KycConfigurationError';
}
