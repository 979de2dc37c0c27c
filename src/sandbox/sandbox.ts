/**
 * The sandbox without a server: its state and its HTTP app, a Fetch handler. `startSandbox` serves it
 * over node:http; the documentation site's playground runs it in a Service Worker (site-src/worker).
 */
import { AllowedHosts } from './allowed-hosts.js';
import { createSandboxApp } from './app.js';
import { DEFAULT_CLIENTS } from './clients.js';
import type { SandboxApp } from './context.js';
import { SandboxClock } from './clock.js';
import { DEFAULT_ENDED_RETENTION_SECONDS, DEFAULT_MAX_TRANSACTIONS } from './defaults.js';
import type { SandboxHandle, SandboxOptions } from './index.js';
import { generateNanoid } from './nanoid.js';
import { WebhookFaultRequestSchema } from './schemas.js';
import { KycService } from './service.js';
import { TokenIssuer } from './tokens.js';
import { WebhookDispatcher } from './webhooks.js';

export interface SandboxCoreOptions extends Omit<SandboxOptions, 'port' | 'host' | 'publicUrl' | 'allowedHosts'> {
  /** Hosts that a `webhook` or a `metadata.redirect_uri` may point at (`SandboxOptions.allowedHosts`). */
  allowedHosts: readonly string[];
  /** The sandbox's address as others reach it, read when a link is made (it may be known only once listening). */
  publicUrl: () => string;
}

export interface SandboxCore extends Omit<SandboxHandle, 'url' | 'close'> {
  /** The sandbox's HTTP app: every route of the service, the controls and /openapi.json (its `fetch` answers a Request). */
  app: SandboxApp;
  /** Stops the expiry timers and webhook deliveries; the handler keeps answering. */
  close(): void;
}

export function createSandbox(options: SandboxCoreOptions): SandboxCore {
  const allowedHosts = new AllowedHosts(options.allowedHosts);
  const limits = {
    capacity: positive('maxTransactions', options.maxTransactions ?? DEFAULT_MAX_TRANSACTIONS),
    retentionMs: 1000 * positive('endedRetentionSeconds', options.endedRetentionSeconds ?? DEFAULT_ENDED_RETENTION_SECONDS, 0),
  };
  const clock = new SandboxClock();
  const webhooks = new WebhookDispatcher(clock, options.webhookRetry, options.log);
  for (const fault of options.webhookFaults ?? []) webhooks.faults.add(WebhookFaultRequestSchema.parse(fault));
  const service = new KycService({ clock, webhooks, generateNanoid: options.generateNanoid ?? generateNanoid, limits, allowedHosts });
  const clients = options.clients ?? DEFAULT_CLIENTS;
  const parts = { clock, clients, tokens: new TokenIssuer(clock), service, webhooks, publicUrl: options.publicUrl };
  const app = createSandboxApp(parts, options.maxBodyBytes);
  return {
    app,
    transactionsCreated: () => service.created,
    webhookDeliveries: (uuid) => webhooks.deliveries(uuid),
    webhooksSettled: () => webhooks.settled(),
    addWebhookFault: (fault) => webhooks.faults.add(WebhookFaultRequestSchema.parse(fault)),
    clearWebhookFaults: () => webhooks.clearFaults(),
    close: () => {
      service.close();
      webhooks.close();
    },
  };
}

function positive(name: string, value: number, least = 1): number {
  if (!Number.isInteger(value) || value < least) throw new Error(`${name} must be an integer of at least ${least}, not ${value}`);
  return value;
}
