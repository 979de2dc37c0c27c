import { createRoute, z } from '@hono/zod-openapi';
import { READ_SCOPE } from '../clients.js';
import type { SandboxApp, SandboxParts } from '../context.js';
import { requireToken } from '../auth.js';
import { ApiError } from '../errors.js';
import { identityOf, DEFAULT_TEST_NIN } from '../identities.js';
import { BEARER, errorResponses, jsonResponse } from '../responses.js';
import { CredentialEnvelopeSchema } from '../schemas.js';

const RESOURCE = 'User Credential';

export function registerCredentialRoutes(app: SandboxApp, { service, tokens }: SandboxParts): void {
  const credentialInformation = createRoute({
    method: 'get',
    path: '/api/v1/user/credential_information',
    operationId: 'getCredentialInformation',
    tags: ['Credential information'],
    summary: 'Document data of a finished transaction (spec §4.4)',
    security: BEARER,
    middleware: [requireToken(tokens, RESOURCE, READ_SCOPE)] as const,
    request: { query: z.object({ transaction_id: z.string().min(1).openapi({ description: 'The uuid of the transaction' }) }) },
    responses: {
      200: jsonResponse(CredentialEnvelopeSchema, 'Ok'),
      ...errorResponses([401, 403, 404, 409, 422], {
        404: 'No transaction with that uuid, or no document was read in it',
        409: 'The transaction has not finished',
        422: 'transaction_id missing',
      }),
    },
  });

  app.openapi(credentialInformation, (c) => {
    const uuid = c.req.valid('query').transaction_id;
    const transaction = service.byUuid(uuid);
    if (!transaction) throw new ApiError(404, RESOURCE, 'Not found', `No transaction ${uuid}`);
    const { data, flow } = transaction;
    if (data.company_id !== c.get('claims').company_id) {
      throw new ApiError(403, RESOURCE, 'Forbidden', 'The transaction belongs to another company');
    }
    if (data.active) throw new ApiError(409, RESOURCE, 'Not finished', 'The transaction is still in progress');
    if (!flow.documentOnFile) throw new ApiError(404, RESOURCE, 'Not found', 'No document was read in this transaction');
    const nin = data.metadata.nin ?? DEFAULT_TEST_NIN;
    const credential = { ...identityOf(nin), nin, identity_verification_score: flow.selfieMatch ?? 0 };
    return c.json({ code: 200, resource: RESOURCE, data: credential, message: 'Ok' }, 200);
  });
}
