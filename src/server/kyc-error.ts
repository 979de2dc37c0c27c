/** What every error of the kit is: `error instanceof KycError` tells the kit's errors from others. */
export class KycError extends Error {
  override readonly name: string = 'KycError';
}
