import type { z } from 'zod';
import type { errorEnvelopeFields } from '../../shared/wire/fields.js';
import { KycError } from '../kyc-error.js';

/** The error envelope of docs/service.md §7.1. */
export type ErrorEnvelope = z.output<z.ZodObject<typeof errorEnvelopeFields>>;

/** The KYC service answered with a status that is not a success (docs/service.md §7.2). */
export class KycApiError extends KycError {
  override readonly name = 'KycApiError';

  constructor(
    readonly status: number,
    /** The error envelope of docs/service.md §7.1, when the answer carried one (401 and 422 bodies are not specified). */
    readonly envelope: ErrorEnvelope | null,
    readonly method: string,
    readonly url: string,
  ) {
    super(`${method} ${url} answered ${status}${envelope ? `: ${envelope.message}` : ''}`);
  }
}

/** No answer came within the call's timeout. */
export class KycTimeoutError extends KycError {
  override readonly name = 'KycTimeoutError';

  constructor(
    readonly url: string,
    readonly timeoutMs: number,
  ) {
    super(`no answer from ${url} within ${timeoutMs} ms`);
  }
}

/** The service could not be reached (DNS, refused connection, reset). */
export class KycNetworkError extends KycError {
  override readonly name = 'KycNetworkError';

  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    super(`${url} could not be reached: ${(cause as Error)?.message ?? cause}`, { cause });
  }
}

/** The service answered 2xx with a body the spec does not allow (for example booleans that match no state of docs/service.md §3). */
export class KycProtocolError extends KycError {
  override readonly name = 'KycProtocolError';
}

/** A create-transaction request broke a rule of docs/service.md §2.3 / §2.3.1 and was not sent. */
export class KycValidationError extends KycError {
  override readonly name = 'KycValidationError';

  constructor(
    /** One line per broken rule, `path: message`. */
    readonly issues: string[],
  ) {
    super(`invalid create-transaction request: ${issues.join('; ')}`);
  }
}
