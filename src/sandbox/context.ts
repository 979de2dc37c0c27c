import type { OpenAPIHono } from '@hono/zod-openapi';
import type { SandboxClient } from './clients.js';
import type { SandboxClock } from './clock.js';
import type { KycService } from './service.js';
import type { TokenClaims, TokenIssuer } from './tokens.js';
import type { WebhookDispatcher } from './webhooks.js';

/** What the routes share: one sandbox's state. */
export interface SandboxParts {
  clock: SandboxClock;
  clients: readonly SandboxClient[];
  tokens: TokenIssuer;
  service: KycService;
  webhooks: WebhookDispatcher;
  /** The sandbox's public URL: the origin of the links it makes, never taken from a request's Host header. */
  publicUrl: () => string;
}

/** Hono environment of the sandbox app: Bearer routes find the token's claims in `claims`. */
export interface SandboxEnv {
  Variables: { claims: TokenClaims };
}

export type SandboxApp = OpenAPIHono<SandboxEnv>;
