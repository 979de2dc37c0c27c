import { createRoute } from '@hono/zod-openapi';
import type { SandboxApp, SandboxParts } from '../context.js';
import { ApiError } from '../errors.js';
import { errorResponses, JSON_BODY_ERRORS, jsonResponse } from '../responses.js';
import { TokenRequestSchema, TokenResponseSchema } from '../schemas.js';
import { TOKEN_LIFETIME_SECONDS } from '../tokens.js';

const tokenRoute = createRoute({
  method: 'post',
  path: '/oauth/token/',
  operationId: 'createToken',
  tags: ['Authentication'],
  summary: 'Generate an access token (spec §4.1)',
  request: { body: { required: true, content: { 'application/json': { schema: TokenRequestSchema } } } },
  responses: {
    200: jsonResponse(TokenResponseSchema, 'A Bearer token'),
    ...errorResponses([...JSON_BODY_ERRORS, 401], { 400: 'Unsupported grant_type, or malformed JSON', 401: 'Invalid credentials' }),
  },
});

export function registerTokenRoutes(app: SandboxApp, { clients, tokens }: SandboxParts): void {
  app.openapi(tokenRoute, async (c) => {
    const request = c.req.valid('json');
    if (request.grant_type !== 'client_credentials') {
      throw new ApiError(400, 'Token', 'unsupported_grant_type', 'Only client_credentials is supported');
    }
    const client = clients.find((candidate) => candidate.client_id === request.client_id);
    if (!client || client.client_secret !== request.client_secret) {
      throw new ApiError(401, 'Token', 'Invalid credentials', 'Unknown client_id or wrong client_secret');
    }
    const { token, issuedAt } = await tokens.issue(client);
    return c.json(
      {
        access_token: token,
        token_type: 'Bearer' as const,
        expires_in: TOKEN_LIFETIME_SECONDS,
        scope: client.scopes.join(' '),
        created_at: issuedAt,
      },
      200,
    );
  });
}
