/**
 * `kyc-verify/sandbox`: a local emulator of the KYC service of the spec, as a real HTTP server.
 * One origin serves auth_url, base_url, credential_url and verification_url.
 */
import { createAdaptorServer } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { originOf, reachableHost } from './address.js';
import { defaultAllowedHosts } from './allowed-hosts.js';
import type { SandboxClient } from './clients.js';
import { createSandbox } from './sandbox.js';
import type { WebhookDelivery, WebhookFault, WebhookFaultRequest } from './schemas.js';
import type { LogLine, WebhookRetryOptions } from './webhooks.js';

export { DEFAULT_CLIENTS, READ_SCOPE, WRITE_SCOPE, type SandboxClient } from './clients.js';
export { SELFIE_SCORES } from './flow.js';
export { TEST_IDENTITIES, type TestIdentity } from './identities.js';
export type { WebhookDelivery, WebhookFault, WebhookFaultRequest } from './schemas.js';
export type { LogLine, WebhookRetryOptions } from './webhooks.js';
export { ANY_HOST } from './allowed-hosts.js';
export { FIELD_LIMITS } from './schemas.js';

export { DEFAULT_ENDED_RETENTION_SECONDS, DEFAULT_MAX_TRANSACTIONS } from './defaults.js';

export interface SandboxOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to listen on (default 127.0.0.1); with 0.0.0.0 or ::, `url` names the machine's network address. */
  host?: string;
  /**
   * The sandbox's address as others reach it (`url`, and the origin of the links it makes), whatever
   * Host header a request carries. Default: `http://<host, or the machine's address for a wildcard>:<port>`.
   */
  publicUrl?: string;
  /**
   * Hosts that a `webhook` or a `metadata.redirect_uri` may point at (400 at creation otherwise): host
   * names, IP addresses, CIDR ranges, or `*` for any. Default: any while listening on loopback; else
   * loopback and the public URL's host.
   */
  allowedHosts?: readonly string[];
  /** Most transactions kept, live and ended together (default 10,000); the oldest ended make room, and when all are live creation answers 503. */
  maxTransactions?: number;
  /** Real seconds an ended transaction stays readable (default 3600; the sandbox clock does not count). */
  endedRetentionSeconds?: number;
  /** Where one line per failed webhook delivery goes (default console.warn). */
  log?: LogLine;
  /** OAuth clients accepted; replaces DEFAULT_CLIENTS (spread them to add yours). */
  clients?: readonly SandboxClient[];
  /** Largest request body in bytes before 413 (default 64 KiB). */
  maxBodyBytes?: number;
  /** Retry policy of webhook deliveries on connection failure. */
  webhookRetry?: WebhookRetryOptions;
  /**
   * Webhook faults installed at start (docs/sandbox.md, "Webhook faults"), e.g. `[{ fault: 'duplicate', times: 2, every: true }]`;
   * more can be added while it runs (`addWebhookFault`, or `POST /sandbox/webhooks/faults`).
   */
  webhookFaults?: readonly WebhookFaultRequest[];
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
  /** Transactions created so far: what a flow cost at the service. */
  transactionsCreated(): number;
  /** Webhook deliveries so far, oldest first (the same log as GET /sandbox/webhooks). */
  webhookDeliveries(uuid?: string): WebhookDelivery[];
  /** Resolves once no webhook delivery is in flight, waiting for a retry or delayed (one held by a reorder fault does not count). */
  webhooksSettled(): Promise<void>;
  /** Installs a webhook fault for the next matching delivery (or every one): as `POST /sandbox/webhooks/faults`. */
  addWebhookFault(fault: WebhookFaultRequest): WebhookFault;
  /** Removes every webhook fault; deliveries held by a reorder fault are sent as they are. */
  clearWebhookFaults(): void;
  /** Stops the server, idle keep-alive connections included; resolves once closed. */
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  const host = options.host ?? '127.0.0.1';
  const configuredUrl = options.publicUrl === undefined ? undefined : publicUrlOf(options.publicUrl);
  const publicHost = configuredUrl ? new URL(configuredUrl).hostname : reachableHost(host);
  let url = configuredUrl ?? '';
  const { app, ...sandbox } = createSandbox({
    ...options,
    allowedHosts: options.allowedHosts ?? defaultAllowedHosts(host, publicHost),
    publicUrl: () => url,
  });
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  url ||= originOf(publicHost, (server.address() as AddressInfo).port);

  return {
    ...sandbox,
    url,
    close: () =>
      new Promise<void>((resolve, reject) => {
        sandbox.close();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      }),
  };
}

/** An http(s) URL without its trailing slashes, or an error naming the option. */
function publicUrlOf(value: string): string {
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
    throw new Error(`publicUrl must be an http(s) URL, not "${value}"`);
  return value.replace(/\/+$/, '');
}
