import { randomBytes, randomUUID } from 'node:crypto';
import { sign, verify } from 'hono/jwt';
import type { SandboxClock } from './clock.js';
import type { SandboxClient } from './clients.js';
import { ApiError } from './errors.js';

/** Token lifetime of the reference flow (docs/service.md §2.2). */
export const TOKEN_LIFETIME_SECONDS = 7200;

/** Who a valid Bearer token speaks for. */
export interface TokenClaims {
  client_id: string;
  company_id: string;
  scopes: string[];
}

/** Tokens whose signature has been checked, kept so hot read loops skip the HMAC; bounded. */
const VERIFIED_CACHE_SIZE = 1000;

/**
 * Issues and checks HS256 JWT access tokens. The secret lives only in this process, and expiry
 * follows the sandbox clock rather than the wall clock.
 */
export class TokenIssuer {
  readonly #secret = randomBytes(32).toString('base64url');
  readonly #verified = new Map<string, TokenClaims & { exp: number }>();

  constructor(private readonly clock: SandboxClock) {}

  async issue(client: SandboxClient): Promise<{ token: string; issuedAt: number }> {
    const issuedAt = Math.floor(this.clock.now() / 1000);
    const token = await sign(
      {
        sub: client.client_id,
        client_id: client.client_id,
        company_id: client.company_id,
        scope: client.scopes.join(' '),
        iat: issuedAt,
        exp: issuedAt + TOKEN_LIFETIME_SECONDS,
        jti: randomUUID(),
      },
      this.#secret,
      'HS256',
    );
    return { token, issuedAt };
  }

  /** The claims of a token, or a 401 ApiError when it is malformed, tampered with or expired. */
  async check(token: string, resource: string): Promise<TokenClaims> {
    const claims = this.#verified.get(token) ?? (await this.#verify(token, resource));
    if (claims.exp * 1000 <= this.clock.now()) throw unauthorized(resource, 'Token expired');
    return claims;
  }

  async #verify(token: string, resource: string): Promise<TokenClaims & { exp: number }> {
    let payload: Record<string, unknown>;
    try {
      // exp and iat are checked against the sandbox clock, not the wall clock.
      payload = await verify(token, this.#secret, { alg: 'HS256', exp: false, iat: false, nbf: false });
    } catch {
      throw unauthorized(resource, 'Invalid token');
    }
    const { client_id, company_id, scope, exp } = payload;
    if (typeof client_id !== 'string' || typeof company_id !== 'string' || typeof scope !== 'string' || typeof exp !== 'number') {
      throw unauthorized(resource, 'Invalid token');
    }
    const claims = { client_id, company_id, scopes: scope.split(' ').filter(Boolean), exp };
    if (this.#verified.size >= VERIFIED_CACHE_SIZE) this.#verified.delete(this.#verified.keys().next().value!);
    this.#verified.set(token, claims);
    return claims;
  }
}

export function unauthorized(resource: string, errors: string): ApiError {
  return new ApiError(401, resource, 'Unauthorized', errors, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${errors}"`,
  });
}
