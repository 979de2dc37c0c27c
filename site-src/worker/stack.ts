/**
 * The whole backend of the playground, in the visitor's browser: the real sandbox (the KYC service,
 * src/sandbox) and a host backend built with the real kit (src/server), as the demo's host builds it
 * (demo/host.ts), both answering Fetch requests under the Service Worker's scope:
 *
 *   <scope>kyc/session, kyc/session/<uuid>, …/send   the kit's session, status and send handlers
 *   <scope>kyc/go, kyc/go/<code>                      the short link and the typed code (docs/handoff.md)
 *   <scope>kyc/webhook                                the service's webhooks
 *   <scope>service/…                                  the sandbox: token, transactions, verification page, controls
 *
 * The kit calls the sandbox and the sandbox delivers its webhooks in this same worker, without the
 * network. What the backend sees (sessions, webhooks, results, the handoff, links sent, errors) is told to the
 * playground's pages on a BroadcastChannel.
 */
import { Hono } from 'hono';
import { demoRequest, optionsKey } from '../../demo/verification-request.js';
import { loggingWebhooks } from '../../demo/webhook-log.js';
import { ANY_HOST } from '../../src/sandbox/allowed-hosts.js';
import { createSandbox } from '../../src/sandbox/sandbox.js';
import { createKycClient } from '../../src/server/client/client.js';
import { createKycKit } from '../../src/server/kit.js';
import { answerRequestsWith } from './shims/http.js';
import { BACKEND_CHANNEL, type BackendEntry } from './messages.js';

/** Who the playground's visitor is to the kit: one visitor per browser, as the worker is. */
const VISITOR = 'playground-visitor';

/** What a sandbox route sees of its caller: this browser, the sandbox's own machine (its controls and webhook log answer it). */
const SAME_MACHINE = { incoming: { socket: { remoteAddress: '127.0.0.1', remotePort: 0, remoteFamily: 'IPv4' } } };

export interface BrowserStack {
  /** Whether a request is the stack's to answer (else it goes to the network: the site's own files). */
  answers(request: Request): boolean;
  fetch(request: Request): Promise<Response>;
  /** The options of the verifications created from now on (`demoRequest`'s, as a query string). */
  useOptions(options: string): void;
}

/** The stack served at `scope` (the Service Worker's, an absolute URL ending in `/`). */
export function createBrowserStack(scope: string): BrowserStack {
  const scopePath = new URL(scope).pathname;
  const serviceUrl = `${scope}service`;
  const backend = new BroadcastChannel(BACKEND_CHANNEL);
  const publish = (kind: BackendEntry['kind'], body: unknown) => backend.postMessage({ kind, at: new Date().toISOString(), body });

  const sandbox = createSandbox({
    // Nothing but this worker can be reached from here anyway: webhooks go to the kit beside it.
    allowedHosts: [ANY_HOST],
    publicUrl: () => serviceUrl,
    log: (line) => publish('error', line),
  });
  const app = new Hono().basePath(scopePath);
  let options = new URLSearchParams();
  const answer = async (request: Request) => app.fetch(request, SAME_MACHINE);

  const kit = createKycKit({
    client: createKycClient({
      authUrl: serviceUrl,
      baseUrl: serviceUrl,
      credentialUrl: serviceUrl,
      verificationUrl: serviceUrl,
      clientId: 'sandbox-client',
      clientSecret: 'sandbox-secret',
      fetch: (input, init) => answer(new Request(input, init)),
    }),
    owner: () => VISITOR,
    buildRequest: () => demoRequest(options, `${scope}kyc/webhook`),
    // Each choice of options is a verification of its own: the same options resume it. The one visitor
    // tries verification after verification: up to 100 an hour, where a site keeps the default 10 (docs/sessions.md).
    sessions: { key: () => optionsKey(options), maxCreated: 100 },
    handoff: { url: `${scope}kyc/go` },
    onHandoff: (event) => publish('handoff', event),
    onResult: (result) => publish('result', result),
    onError: (error) => publish('error', error instanceof Error ? `${error.name}: ${error.message}` : String(error)),
    // The playground's outbox stands for the backend's mailer and SMS provider.
    sendLink: async ({ link, channel }) => {
      publish('sent', { channel, link });
      return { to: channel === 'sms' ? '+56 9 •••• ••34' : 'v•••@example.com' };
    },
    sendChannels: ['email', 'sms'],
  });

  app.route('/service', sandbox.app);
  app.post('/kyc/session', async (c) => {
    const answer = await kit.session(c.req.raw);
    publish(
      'session',
      await answer
        .clone()
        .json()
        .catch(() => null),
    );
    return answer;
  });
  app.on(['GET', 'POST'], '/kyc/session/*', (c) => kit.session(c.req.raw));
  app.on(['GET', 'POST'], ['/kyc/go', '/kyc/go/*'], (c) => kit.go(c.req.raw));
  const webhook = loggingWebhooks(kit.webhook, (body) => publish('webhook', body));
  app.post('/kyc/webhook', (c) => webhook(c.req.raw));
  // The sandbox's webhook deliveries (node:http in Node) reach the kit here, in this worker.
  answerRequestsWith((request) => (request.url.startsWith(scope) ? answer(request) : fetch(request)));

  return {
    answers: (request) => request.url.startsWith(`${scope}kyc/`) || request.url.startsWith(`${serviceUrl}/`),
    fetch: async (request) => answer(request),
    useOptions: (query) => void (options = new URLSearchParams(query)),
  };
}
