import { createRoute, z } from '@hono/zod-openapi';
import { READ_SCOPE, WRITE_SCOPE } from '../clients.js';
import type { SandboxApp, SandboxParts } from '../context.js';
import { requireToken } from '../auth.js';
import { ApiError } from '../errors.js';
import { BEARER, errorResponses, JSON_BODY_ERRORS, jsonResponse, transactionLinks } from '../responses.js';
import { CreateTransactionRequestSchema, TransactionEnvelopeSchema } from '../schemas.js';

export function registerTransactionRoutes(app: SandboxApp, { service, tokens, publicUrl }: SandboxParts): void {
  const createTransaction = createRoute({
    method: 'post',
    path: '/v1/transactions/',
    operationId: 'createTransaction',
    tags: ['Transactions'],
    summary: 'Create a transaction (spec §4.2)',
    security: BEARER,
    middleware: [requireToken(tokens, 'Transaction', WRITE_SCOPE)] as const,
    request: { body: { required: true, content: { 'application/json': { schema: CreateTransactionRequestSchema } } } },
    responses: {
      201: { ...jsonResponse(TransactionEnvelopeSchema, 'The created transaction'), links: transactionLinks('$response.body#/data/uuid') },
      ...errorResponses([...JSON_BODY_ERRORS, 401, 403, 409, 503], {
        400: 'Invalid tries, expiration or capture times, a webhook or redirect_uri outside the allowed hosts, or malformed JSON',
        403: 'Insufficient scope, or company_id of another company',
        409: 'Duplicated: the transaction_id exists for this company_id',
        422: 'Model validation error, a text longer than its limit included',
        503: 'The sandbox holds its most transactions, all in progress',
      }),
    },
  });

  const getTransaction = createRoute({
    method: 'get',
    path: '/v1/transactions/{transaction_uuid}',
    operationId: 'getTransaction',
    tags: ['Transactions'],
    summary: 'Get a transaction by uuid or nanoid (spec §4.3); the authoritative state',
    security: BEARER,
    middleware: [requireToken(tokens, 'Transaction', READ_SCOPE)] as const,
    request: {
      params: z.object({
        transaction_uuid: z
          .string()
          .openapi({ pattern: '^[A-Za-z0-9_-]+$', description: 'The uuid or the nanoid of the transaction (any other answers 404)' }),
      }),
    },
    responses: {
      200: jsonResponse(TransactionEnvelopeSchema, 'Found'),
      ...errorResponses([401, 403, 404, 409], { 409: 'More than one transaction for the identifier' }),
    },
  });

  app.openapi(createTransaction, (c) => {
    const request = c.req.valid('json');
    const { company_id } = c.get('claims');
    if (request.company_id !== company_id) {
      throw new ApiError(403, 'Transaction', 'Forbidden', `The token is not for company ${request.company_id}`);
    }
    const { data } = service.create(request, publicUrl());
    return c.json({ code: 201, resource: 'Transaction' as const, data, message: 'Created' }, 201);
  });

  app.openapi(getTransaction, (c) => {
    const { data } = service.find(c.req.valid('param').transaction_uuid);
    if (data.company_id !== c.get('claims').company_id) {
      throw new ApiError(403, 'Transaction', 'Forbidden', 'The transaction belongs to another company');
    }
    return c.json({ code: 200, resource: 'Transaction' as const, data, message: 'Found' }, 200);
  });
}
