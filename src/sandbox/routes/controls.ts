/**
 * Sandbox-only controls (not in the spec), so tests drive the flow and the clock without a browser;
 * like every control, to callers on the sandbox's machine only (controls-guard.ts: the 403s below).
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { SandboxApp, SandboxParts } from '../context.js';
import { ApiError } from '../errors.js';
import { errorResponses, JSON_BODY_ERRORS, jsonResponse, transactionLinks } from '../responses.js';
import { ClockRequestSchema, ClockSchema, OutcomeRequestSchema, TransactionEnvelopeSchema, WebhookLogSchema } from '../schemas.js';

/** What a control answers a caller on another machine, for another host, or a page of another site. */
export const CONTROLS_FORBIDDEN = "The caller is not on the sandbox's machine, names another host, or is a page of another site";

const outcomeRoute = createRoute({
  method: 'post',
  path: '/sandbox/transactions/{uuid}/outcome',
  operationId: 'applyOutcome',
  tags: ['Sandbox controls'],
  summary: "Apply an issue code as the flow's next event",
  request: {
    // A uuid (any other answers 404): stated for clients, not checked as the model (which would answer 422).
    params: z.object({ uuid: z.string().openapi({ format: 'uuid', description: 'The uuid of the transaction' }) }),
    body: { required: true, content: { 'application/json': { schema: OutcomeRequestSchema } } },
  },
  responses: {
    200: {
      ...jsonResponse(TransactionEnvelopeSchema, 'The transaction after the event'),
      links: transactionLinks('$response.body#/data/uuid'),
    },
    ...errorResponses([...JSON_BODY_ERRORS, 403, 404, 409], {
      400: 'Malformed JSON',
      403: CONTROLS_FORBIDDEN,
      409: 'The transaction has ended, or the code does not fit its step',
    }),
  },
});

const readClockRoute = createRoute({
  method: 'get',
  path: '/sandbox/clock',
  operationId: 'readClock',
  tags: ['Sandbox controls'],
  summary: 'Read the sandbox clock',
  responses: { 200: jsonResponse(ClockSchema, 'The sandbox clock'), ...errorResponses([403], { 403: CONTROLS_FORBIDDEN }) },
});

const advanceClockRoute = createRoute({
  method: 'post',
  path: '/sandbox/clock',
  operationId: 'advanceClock',
  tags: ['Sandbox controls'],
  summary: 'Move the sandbox clock forward (expiry, token lifetime, capture timers)',
  request: { body: { required: true, content: { 'application/json': { schema: ClockRequestSchema } } } },
  responses: {
    200: jsonResponse(ClockSchema, 'The sandbox clock after the move'),
    ...errorResponses([...JSON_BODY_ERRORS, 403], {
      400: 'Malformed JSON, or the move would pass the largest date a clock holds (+275760-09-13)',
      403: CONTROLS_FORBIDDEN,
    }),
  },
});

const webhookLogRoute = createRoute({
  method: 'get',
  path: '/sandbox/webhooks',
  operationId: 'readWebhookLog',
  tags: ['Sandbox controls'],
  summary: 'Webhook delivery log, oldest first; to loopback callers only',
  request: { query: z.object({ uuid: z.string().optional().openapi({ description: 'Only deliveries of this transaction' }) }) },
  responses: {
    200: jsonResponse(WebhookLogSchema, 'Deliveries with their attempts'),
    ...errorResponses([403], { 403: CONTROLS_FORBIDDEN }),
  },
});

export function registerControlRoutes(app: SandboxApp, { service, clock, webhooks }: SandboxParts): void {
  const clockNow = () => ({ now: clock.iso(), offset_seconds: clock.offsetSeconds });

  app.openapi(outcomeRoute, (c) => {
    const { uuid } = c.req.valid('param');
    const transaction = service.byUuid(uuid);
    if (!transaction) throw new ApiError(404, 'Transaction', 'Not found', `No transaction ${uuid}`);
    const rejected = service.apply(transaction, c.req.valid('json').code);
    if (rejected) throw new ApiError(409, 'Transaction', 'Conflict', rejected);
    return c.json({ code: 200, resource: 'Transaction' as const, data: transaction.data, message: 'Updated' }, 200);
  });

  app.openapi(readClockRoute, (c) => c.json(clockNow(), 200));

  app.openapi(advanceClockRoute, (c) => {
    service.advanceClock(c.req.valid('json').advance_seconds);
    return c.json(clockNow(), 200);
  });

  app.openapi(webhookLogRoute, (c) => c.json({ deliveries: webhooks.deliveries(c.req.valid('query').uuid) }, 200));
}
