/** Sandbox-only controls of webhook faults (docs/sandbox.md, "Webhook faults"): add, list, clear. */
import { createRoute } from '@hono/zod-openapi';
import type { SandboxApp, SandboxParts } from '../context.js';
import { ApiError } from '../errors.js';
import { errorResponses, jsonResponse } from '../responses.js';
import { WebhookFaultListSchema, WebhookFaultRequestSchema, WebhookFaultSchema } from '../schemas.js';

const PATH = '/sandbox/webhooks/faults';
const TAGS = ['Sandbox controls'];

const addFaultRoute = createRoute({
  method: 'post',
  path: PATH,
  tags: TAGS,
  summary: 'Duplicate, reorder, delay or drop the next webhook delivery (of one transaction, or of any)',
  request: { body: { required: true, content: { 'application/json': { schema: WebhookFaultRequestSchema } } } },
  responses: {
    201: jsonResponse(WebhookFaultSchema, 'The fault, pending until a delivery uses it'),
    ...errorResponses([400, 404, 413, 415, 422], { 400: 'Malformed JSON', 404: 'No transaction with this uuid' }),
  },
});

const listFaultsRoute = createRoute({
  method: 'get',
  path: PATH,
  tags: TAGS,
  summary: 'Pending webhook faults, oldest first',
  responses: { 200: jsonResponse(WebhookFaultListSchema, 'Pending faults') },
});

const clearFaultsRoute = createRoute({
  method: 'delete',
  path: PATH,
  tags: TAGS,
  summary: 'Remove every webhook fault; deliveries held by a reorder fault are sent as they are',
  responses: { 200: jsonResponse(WebhookFaultListSchema, 'No fault left') },
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
