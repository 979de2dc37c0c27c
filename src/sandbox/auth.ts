import { createMiddleware } from 'hono/factory';
import type { SandboxEnv } from './context.js';
import { ApiError } from './errors.js';
import { unauthorized, type TokenIssuer } from './tokens.js';

/**
 * Checks the Bearer token of every call (401 when missing, malformed, tampered with or expired)
 * and, when given, the scope it must grant (403 with an error envelope).
 */
export function requireToken(tokens: TokenIssuer, resource: string, scope?: string) {
  return createMiddleware<SandboxEnv>(async (c, next) => {
    const match = /^Bearer ([^\s]+)$/i.exec(c.req.header('authorization') ?? '');
    if (!match) throw unauthorized(resource, 'Missing or malformed Authorization header');
    const claims = await tokens.check(match[1]!, resource);
    if (scope && !claims.scopes.includes(scope)) {
      throw new ApiError(403, resource, 'Forbidden', `The token lacks the scope ${scope}`);
    }
    c.set('claims', claims);
    await next();
  });
}
