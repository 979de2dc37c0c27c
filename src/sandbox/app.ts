/** The sandbox's HTTP app: every route of the spec, the sandbox controls and /openapi.json. */
import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { SandboxEnv, SandboxParts } from './context.js';
import { registerDocument } from './document.js';
import { ApiError, resourceOf } from './errors.js';
import { CONTROL_PATHS, controlsGuard } from './controls-guard.js';
import { registerControlRoutes } from './routes/controls.js';
import { registerControlsPage } from './routes/controls-page.js';
import { registerCredentialRoutes } from './routes/credential.js';
import { registerPageRoutes } from './routes/page.js';
import { registerTokenRoutes } from './routes/token.js';
import { registerTransactionRoutes } from './routes/transactions.js';
import { registerWebhookFaultRoutes } from './routes/webhook-faults.js';

/** Largest request body accepted by default; larger ones get 413 (the spec sets no limit). */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

export function createSandboxApp(parts: SandboxParts, maxBodyBytes = DEFAULT_MAX_BODY_BYTES): OpenAPIHono<SandboxEnv> {
  const app = new OpenAPIHono<SandboxEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const errors = result.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ');
      return c.json(new ApiError(422, resourceOf(c.req.path), 'Unprocessable entity', errors).envelope, 422);
    },
  });

  app.use(
    bodyLimit({
      maxSize: maxBodyBytes,
      // The rest of the body stays unread, so this connection cannot carry another request:
      // `Connection: close` tells the client so, instead of closing under its feet.
      onError: (c) => {
        throw new ApiError(413, resourceOf(c.req.path), `Body larger than ${maxBodyBytes} bytes`, null, { connection: 'close' });
      },
    }),
  );

  // Every answer is dated on the sandbox's clock, as a service dates its answers on its own: a
  // client that follows the service's time (the host kit does) moves with POST /sandbox/clock.
  app.use(async (c, next) => {
    await next();
    c.header('date', new Date(parts.clock.now()).toUTCString());
  });

  // Before every control route: the controls answer this machine's callers only (controls-guard.ts).
  for (const path of CONTROL_PATHS) app.use(path, controlsGuard(parts.publicUrl));

  registerTokenRoutes(app, parts);
  registerTransactionRoutes(app, parts);
  registerCredentialRoutes(app, parts);
  registerControlRoutes(app, parts);
  registerWebhookFaultRoutes(app, parts);
  registerControlsPage(app, parts);
  registerPageRoutes(app, parts);

  registerDocument(app);
  answerUnsupportedMethods(app);

  app.notFound((c) => c.json(new ApiError(404, 'Route', 'Not found', `No route for ${c.req.method} ${c.req.path}`).envelope, 404));

  app.onError((error, c) => {
    const apiError = toApiError(error, c.req.path);
    for (const [name, value] of Object.entries(apiError.headers)) c.header(name, value);
    return c.json(apiError.envelope, apiError.status);
  });

  return app;
}

/**
 * A method that a served path does not take answers 405 with `Allow` (as HTTP says it should), not 404.
 * Registered last, it answers only when no route of the path took the request.
 */
function answerUnsupportedMethods(app: OpenAPIHono<SandboxEnv>): void {
  const allowed = new Map<string, Set<string>>();
  for (const { method, path } of app.routes) {
    if (method === 'ALL') continue;
    const methods = allowed.get(path) ?? new Set<string>();
    // Hono answers HEAD with the GET route.
    for (const served of method === 'GET' ? ['GET', 'HEAD'] : [method]) methods.add(served);
    allowed.set(path, methods);
  }
  for (const [path, methods] of allowed) {
    const allow = [...methods].join(', ');
    app.all(path, (c) => {
      throw new ApiError(405, resourceOf(c.req.path), 'Method not allowed', `${c.req.method} ${c.req.path}: allowed ${allow}`, { allow });
    });
  }
}

function toApiError(error: Error, path: string): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPException) {
    return new ApiError(error.status as ContentfulStatusCode, resourceOf(path), error.message || 'Bad request');
  }
  console.error('kyc-verify sandbox: unexpected error', error);
  return new ApiError(500, resourceOf(path), 'Internal server error');
}
