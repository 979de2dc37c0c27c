/** OpenAPI response declarations the routes share. */
import type { ZodType } from 'zod';
import { ErrorEnvelopeSchema } from './schemas.js';

const ERROR_MEANINGS: Record<number, string> = {
  400: 'Bad request',
  401: 'Token missing, invalid or expired',
  403: "Insufficient scope, or another company's transaction",
  404: 'Not found',
  409: 'Conflict',
  413: 'Body too large',
  415: 'Body is not JSON (Content-Type)',
  422: 'Model validation error',
};

export function jsonResponse<T extends ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

/** Error-envelope responses for the given statuses, each described by `meanings` or the default. */
export function errorResponses(statuses: number[], meanings: Record<number, string> = {}) {
  return Object.fromEntries(
    statuses.map((status) => [status, jsonResponse(ErrorEnvelopeSchema, meanings[status] ?? ERROR_MEANINGS[status]!)]),
  );
}

export const BEARER = [{ bearerAuth: [] }];

/** What any route that reads a JSON body can answer before its handler: malformed JSON, too large, not JSON, not the model. */
export const JSON_BODY_ERRORS = [400, 413, 415, 422];

/** OpenAPI links from an answer carrying a transaction (`data.uuid`, or `uuid`) to the operations that take its uuid. */
export function transactionLinks(uuid: '$response.body#/data/uuid' | '$response.body#/uuid') {
  return {
    GetTransaction: { operationId: 'getTransaction', parameters: { transaction_uuid: uuid } },
    GetCredentialInformation: { operationId: 'getCredentialInformation', parameters: { transaction_id: uuid } },
    ApplyOutcome: { operationId: 'applyOutcome', parameters: { uuid } },
    ReadWebhookLog: { operationId: 'readWebhookLog', parameters: { uuid } },
  };
}
