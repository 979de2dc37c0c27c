/**
 * `kyc-verify/sandbox`: a local emulator of the KYC service of the spec, as a real HTTP server.
 * One origin serves auth_url, base_url, credential_url and verification_url.
 */
import { createAdaptorServer } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { originOf, reachableHost } from './address.js';
import { createSandboxApp } from './app.js';
import { DEFAULT_CLIENTS, type SandboxClient } from './clients.js';
import { SandboxClock } from './clock.js';
import { generateNanoid } from './nanoid.js';
import type { WebhookDelivery } from './schemas.js';
import { KycService } from './service.js';
import { TokenIssuer } from './tokens.js';
import { WebhookDispatcher, type WebhookRetryOptions } from './webhooks.js';

export { DEFAULT_CLIENTS, READ_SCOPE, WRITE_SCOPE, type SandboxClient } from './clients.js';
export { SELFIE_SCORES } from './flow.js';
export { TEST_IDENTITIES, type TestIdentity } from './identities.js';
export type { WebhookDelivery } from './schemas.js';
export type { WebhookRetryOptions } from './webhooks.js';

export interface SandboxOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to listen on (default 127.0.0.1); with 0.0.0.0 or ::, `url` names the machine's network address. */
  host?: string;
  /** OAuth clients accepted; replaces DEFAULT_CLIENTS (spread them to add yours). */
  clients?: readonly SandboxClient[];
  /** Largest request body in bytes before 413 (default 64 KiB). */
  maxBodyBytes?: number;
  /** Retry policy of webhook deliveries on connection failure. */
  webhookRetry?: WebhookRetryOptions;
  /** Generator of the 6-character nanoids; tests inject one to produce duplicates. */
  generateNanoid?: () => string;
}

export interface SandboxHandle {
  /**
   * Origin of the sandbox, e.g. `http://127.0.0.1:4010`: the auth, base, credential and verification URL.
   * Listening on all interfaces, it names the machine's network address (`http://192.168.1.20:4010`), which a
   * phone on the same network reaches, and so do the verification links made by requests sent to it.
   */
  url: string;
  /** Webhook deliveries so far, oldest first (the same log as GET /sandbox/webhooks). */
  webhookDeliveries(uuid?: string): WebhookDelivery[];
  /** Resolves once no webhook delivery is in flight or waiting for a retry. */
  webhooksSettled(): Promise<void>;
  /** Stops the server, idle keep-alive connections included; resolves once closed. */
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  const clock = new SandboxClock();
  const webhooks = new WebhookDispatcher(clock, options.webhookRetry);
  const service = new KycService({ clock, webhooks, generateNanoid: options.generateNanoid ?? generateNanoid });
  const parts = { clock, clients: options.clients ?? DEFAULT_CLIENTS, tokens: new TokenIssuer(clock), service, webhooks };
  const app = createSandboxApp(parts, options.maxBodyBytes);
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  const host = options.host ?? '127.0.0.1';

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: originOf(reachableHost(host), port),
    webhookDeliveries: (uuid) => webhooks.deliveries(uuid),
    webhooksSettled: () => webhooks.settled(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        service.close();
        webhooks.close();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      }),
  };
}
