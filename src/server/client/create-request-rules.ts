import { z } from 'zod';
import { KycValidationError } from './errors.js';
import { createRequestFields, lacksRequiredNin, metadataFields, NIN_REQUIRED } from '../../shared/wire/fields.js';
import { limitViolations } from '../../shared/wire/limits.js';

/** The model of `POST /v1/transactions/` (docs/service.md §2.3, §2.3.1); omitted fields are left for the service to fill. */
export const createRequestShape = z
  .object({
    ...createRequestFields,
    tries: createRequestFields.tries.optional(),
    expiration: createRequestFields.expiration.optional(),
    metadata: z.object(metadataFields).partial().optional(),
  })
  .refine((request) => !lacksRequiredNin(request), NIN_REQUIRED);

/** Throws a KycValidationError listing every rule `request` breaks, so a bad request fails here, not at the service. */
export function assertValidCreateRequest(request: z.input<typeof createRequestShape>): void {
  const result = createRequestShape.safeParse(request);
  const issues = result.success
    ? limitViolations(result.data)
    : result.error.issues.map((issue) => `${issue.path.join('.') || '(request)'}: ${issue.message}`);
  if (issues.length > 0) throw new KycValidationError(issues);
}
