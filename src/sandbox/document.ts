/**
 * The sandbox's OpenAPI 3.1 document at `GET /openapi.json`: generated from the routes' schemas,
 * plus the routes that are not JSON (the verification page) and the document itself, so that every
 * route the app serves is in it.
 */
import { z } from '@hono/zod-openapi';
import type { SandboxApp } from './context.js';
import { errorResponses } from './responses.js';

const html = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });
const uuidParam = z.object({
  uuid: z.string().openapi({ format: 'uuid', description: 'The uuid of the transaction (any other answers 404)' }),
});

export function registerDocument(app: SandboxApp): void {
  const registry = app.openAPIRegistry;
  registry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  registry.registerPath({
    method: 'get',
    path: '/transactions/{uuid}',
    operationId: 'openVerificationPage',
    tags: ['Verification page'],
    summary: "The end user's verification page (validator_url): HTML, in the language Accept-Language or ?lang= asks",
    request: { params: uuidParam, query: z.object({ lang: z.enum(['es', 'en', 'pt-BR']).optional() }) },
    responses: { 200: html('The current step, or the result'), 404: html('No transaction with this uuid') },
  });
  registry.registerPath({
    method: 'post',
    path: '/transactions/{uuid}',
    operationId: 'chooseOnVerificationPage',
    tags: ['Verification page'],
    summary: "The page's form: what happens at the current step",
    request: {
      params: uuidParam,
      body: { content: { 'application/x-www-form-urlencoded': { schema: z.object({ outcome: z.string() }) } } },
    },
    responses: {
      303: { description: 'To the page again, or to redirect_uri?id=<transaction_id> at the end with web_redirect' },
      400: html('A choice the page does not offer'),
      404: html('No transaction with this uuid'),
      409: html('The choice does not fit the step, or the transaction has ended'),
      ...errorResponses([413]),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/sandbox',
    operationId: 'openControlsPage',
    tags: ['Sandbox controls'],
    summary: 'The controls page: webhook faults and the last deliveries, as HTML; to loopback callers only',
    responses: { 200: html('The page'), ...errorResponses([403], { 403: 'The caller is not on this machine' }) },
  });
  registry.registerPath({
    method: 'post',
    path: '/sandbox',
    operationId: 'submitControlsPage',
    tags: ['Sandbox controls'],
    summary: "The controls page's forms: add a webhook fault, or remove them all (action=clear)",
    request: {
      body: {
        content: {
          'application/x-www-form-urlencoded': {
            schema: z.object({
              action: z.literal('clear').optional(),
              fault: z.enum(['duplicate', 'reorder', 'delay', 'drop']).optional(),
              times: z.string().optional(),
              delay_seconds: z.string().optional(),
              uuid: z.string().optional(),
              every: z.literal('on').optional(),
            }),
          },
        },
      },
    },
    responses: {
      303: { description: 'Back to the page' },
      404: html('No transaction with this uuid'),
      422: html('Not a fault'),
      ...errorResponses([403, 413], { 403: 'The caller is not on this machine' }),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/openapi.json',
    operationId: 'readOpenApiDocument',
    tags: ['Sandbox controls'],
    summary: 'This document',
    responses: {
      200: { description: 'The OpenAPI 3.1 document', content: { 'application/json': { schema: z.object({}).passthrough() } } },
    },
  });
  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'KYC service (kyc-verify sandbox)',
      version: '6.0',
      description:
        'Local emulator of the identity verification service. One origin serves auth_url, base_url, credential_url and verification_url. ' +
        'A method a path does not serve answers 405 with Allow.',
    },
  });
}
