import { z } from 'zod';
import { KycValidationError } from './errors.js';
import { isValidRut } from '../../shared/rut.js';
import type { CreateTransactionRequest } from './types.js';

/** Defaults of spec §8, needed to compare capture times with the expiration when either is omitted. */
const DEFAULT_EXPIRATION = 600;
const DEFAULT_CAPTURE_SECONDS = 120;
const CAPTURE_TIMERS = ['capture_document_expiration', 'capture_facial_expiration', 'capture_challenge_expiration'] as const;

const seconds = z.number().int().min(1);

const metadataRules = z.looseObject({
  nin: z.string().refine(isValidRut, 'must be a Chilean RUT with a valid check digit').optional(),
  challenges_required: z.number().int().min(0).max(2).optional(),
  capture_document_expiration: seconds.optional(),
  capture_facial_expiration: seconds.optional(),
  capture_challenge_expiration: seconds.optional(),
  redirect_uri: z.url().optional(),
});

/** The rules the service applies at `POST /v1/transactions/` (spec §2.3, §2.3.1, §8), so a bad request fails here, not there. */
const createRequestRules = z
  .looseObject({
    transaction_id: z.string().min(1),
    company_id: z.string().min(1),
    authorization_method: z.enum(['kyc_register', 'kyc_register_simple', 'sms', 'email', 'fido2', 'bioidentity']),
    tries: z.number().int().min(1).optional(),
    expiration: seconds.optional(),
    webhook: z.url().optional(),
    user_email: z.email().optional(),
    allowed_clients: z.array(z.string()).optional(),
    nanoid: z.boolean().optional(),
    metadata: metadataRules.optional(),
  })
  .superRefine((request, context) => {
    if (request.authorization_method === 'kyc_register' && request.metadata?.nin === undefined) {
      context.addIssue({ code: 'custom', path: ['metadata', 'nin'], message: 'kyc_register requires metadata.nin' });
    }
    const expiration = request.expiration ?? DEFAULT_EXPIRATION;
    for (const timer of CAPTURE_TIMERS) {
      if ((request.metadata?.[timer] ?? DEFAULT_CAPTURE_SECONDS) > expiration) {
        context.addIssue({ code: 'custom', path: ['metadata', timer], message: `must not exceed the expiration (${expiration} s)` });
      }
    }
  });

/** Throws a KycValidationError listing every rule `request` breaks. */
export function assertValidCreateRequest(request: CreateTransactionRequest): void {
  const result = createRequestRules.safeParse(request);
  if (!result.success) {
    throw new KycValidationError(result.error.issues.map((issue) => `${issue.path.join('.') || '(request)'}: ${issue.message}`));
  }
}
