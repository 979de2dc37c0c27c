/** Sandbox-only controls of webhook faults (docs/sandbox.md, "Webhook faults"): add, list, clear; on the sandbox's machine only. */
import { createRoute } from '@hono/zod-openapi';
import type { SandboxApp, SandboxParts } from '../context.js';
import { ApiError } from '../errors.js';
import { errorResponses, JSON_BODY_ERRORS, jsonResponse } from '../responses.js';
import { CONTROLS_FORBIDDEN } from './controls.js';
import { WebhookFaultListSchema, WebhookFaultRequestSchema, WebhookFaultSchema } from '../schemas.js';

const PATH = '/sandbox/webhooks/faults';
const TAGS = ['Sandbox controls'];

const addFaultRoute = createRoute({
  method: 'post',
  path: PATH,
  operationId: 'addWebhookFault',
  tags: TAGS,
  summary: 'Duplicate, reorder, delay or drop the next webhook delivery (of one transaction, or of any)',
  request: { body: { required: true, content: { 'application/json': { schema: WebhookFaultRequestSchema } } } },
  responses: {
    201: jsonResponse(WebhookFaultSchema, 'The fault, pending until a delivery uses it'),
    ...errorResponses([...JSON_BODY_ERRORS, 403, 404], {
      400: 'Malformed JSON',
      403: CONTROLS_FORBIDDEN,
      404: 'No transaction with this uuid',
    }),
  },
});

const listFaultsRoute = createRoute({
  method: 'get',
  path: PATH,
  operationId: 'listWebhookFaults',
  tags: TAGS,
  summary: 'Pending webhook faults, oldest first',
  responses: { 200: jsonResponse(WebhookFaultListSchema, 'Pending faults'), ...errorResponses([403], { 403: CONTROLS_FORBIDDEN }) },
});

const clearFaultsRoute = createRoute({
  method: 'delete',
  path: PATH,
  operationId: 'clearWebhookFaults',
  tags: TAGS,
  summary: 'Remove every webhook fault; deliveries held by a reorder fault are sent as they are',
  // A body is not read, but one past the limit is refused as on every route.
  responses: {
    200: jsonResponse(WebhookFaultListSchema, 'No fault left'),
    ...errorResponses([403, 413], { 403: CONTROLS_FORBIDDEN }),
  },
});

export function registerWebhookFaultRoutes(app: SandboxApp, { service, webhooks }: SandboxParts): void {
  app.openapi(addFaultRoute, (c) => {
    const request = c.req.valid('json');
    if (request.uuid && !service.byUuid(request.uuid)) {
      throw new ApiError(404, 'Webhook', 'Not found', `No transaction ${request.uuid}`);
    }
    return c.json(webhooks.faults.add(request), 201);
  });

  app.openapi(listFaultsRoute, (c) => c.json({ faults: webhooks.faults.list() }, 200));

  app.openapi(clearFaultsRoute, (c) => {
    webhooks.clearFaults();
    return c.json({ faults: [] }, 200);
  });
}
