import type { z } from '@hono/zod-openapi';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorEnvelopeSchema } from './schemas.js';

/** The error envelope of docs/service.md §7.1. */
export type ErrorEnvelope = z.output<typeof ErrorEnvelopeSchema>;

/** An error that the app answers with an error envelope (thrown from handlers and middleware). */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly resource: string,
    message: string,
    readonly errors: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  get envelope(): ErrorEnvelope {
    return { code: this.status, resource: this.resource, message: this.message, errors: this.errors };
  }
}

/** The `resource` of error envelopes raised outside a handler, named after the path's API. */
export function resourceOf(path: string): string {
  if (path.startsWith('/oauth/')) return 'Token';
  if (path.startsWith('/api/v1/user/')) return 'User Credential';
  if (path.startsWith('/sandbox/clock')) return 'Clock';
  if (path.startsWith('/sandbox/webhooks')) return 'Webhook';
  return 'Transaction';
}
