/**
 * The demo's host backend: what an integrator writes with kyc-verify/server. It creates the
 * transaction for the "logged-in user" (here: the options the demo page chose), answers the
 * widget's polls, takes the sandbox's webhooks, and streams what it received to the demo page.
 */
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { EventEmitter } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createKycClient, createKycKit, MemoryStore, type SessionTransactionRequest, type Store } from '../src/server/index.js';
import { TEST_IDENTITIES } from '../src/sandbox/index.js';

export interface DemoHostOptions {
  /** Origin of the KYC service (the sandbox): auth, base, credential and verification URL. */
  kycUrl: string;
  port?: number;
  host?: string;
  /** What the kit remembers; pass the same store to a restarted host, as a database would persist it. */
  store?: Store;
  /** Serves every other path (the demo page through Vite); 404 without it. */
  fallback?: (req: IncomingMessage, res: ServerResponse) => void;
}

export interface DemoHost {
  url: string;
  store: Store;
  close(): Promise<void>;
}

/** One line of the demo page's backend log. */
export interface FeedEntry {
  kind: 'webhook' | 'result';
  at: string;
  body: unknown;
}

const STATIC_FILES: Record<string, [string, string]> = {
  '/script-tag.html': ['demo/script-tag.html', 'text/html; charset=utf-8'],
  '/script-tag.js': ['demo/script-tag.js', 'text/javascript; charset=utf-8'],
  '/log.js': ['demo/log.js', 'text/javascript; charset=utf-8'],
  '/demo.css': ['demo/demo.css', 'text/css; charset=utf-8'],
  '/kyc-verify.bundle.js': ['dist/kyc-verify.bundle.js', 'text/javascript; charset=utf-8'],
};

/** The demo's user, from the options the page put in the session URL. Never trust a real browser with these. */
function demoRequest(request: Request, webhook: string): SessionTransactionRequest {
  const options = new URL(request.url).searchParams;
  const expiration = Math.max(30, Number(options.get('expiration')) || 600);
  const capture = Math.min(120, expiration);
  return {
    company_id: 'sandbox-company',
    authorization_method: 'kyc_register',
    expiration,
    tries: Math.max(1, Number(options.get('tries')) || 3),
    webhook,
    metadata: {
      country: 'CL',
      nin: options.get('nin') || '11.111.111-1',
      challenges_required: Math.min(2, Math.max(0, Number(options.get('challenges')) || 0)),
      webhook_full_update: options.get('full_update') === 'true',
      capture_document_expiration: capture,
      capture_facial_expiration: capture,
      capture_challenge_expiration: capture,
      show_timer: true,
    },
  };
}

export async function startDemoHost(options: DemoHostOptions): Promise<DemoHost> {
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host ?? '127.0.0.1'}:${port}`;

  const client = createKycClient({
    authUrl: options.kycUrl,
    baseUrl: options.kycUrl,
    credentialUrl: options.kycUrl,
    verificationUrl: options.kycUrl,
    clientId: 'sandbox-client',
    clientSecret: 'sandbox-secret',
  });
  const store = options.store ?? new MemoryStore();
  const feed = new EventEmitter();
  const publish = (kind: FeedEntry['kind'], body: unknown) => {
    feed.emit('entry', { kind, at: new Date().toISOString(), body } satisfies FeedEntry);
  };

  const kit = createKycKit({
    client,
    store,
    buildRequest: (request) => demoRequest(request, `${url}/kyc/webhook`),
    onResult: (result) => publish('result', result),
  });

  const app = new Hono();
  app.post('/kyc/session', (c) => kit.session(c.req.raw));
  app.get('/kyc/status/:uuid', (c) => kit.status(c.req.raw));
  app.post('/kyc/webhook', async (c) => {
    publish('webhook', await c.req.raw.clone().json().catch(() => null));
    return kit.webhook(c.req.raw);
  });
  app.get('/demo/feed', (c) =>
    streamSSE(c, async (stream) => {
      const send = (entry: FeedEntry) => void stream.writeSSE({ data: JSON.stringify(entry) });
      feed.on('entry', send);
      stream.onAbort(() => void feed.off('entry', send));
      await new Promise<void>((resolve) => stream.onAbort(resolve));
    }),
  );
  app.get('/demo/identities', (c) => c.json(Object.entries(TEST_IDENTITIES).map(([nin, person]) => ({ nin, name: `${person.name} ${person.last_name}` }))));
  for (const [path, [file, type]] of Object.entries(STATIC_FILES)) {
    app.get(path, async (c) => c.body(await readFile(file), 200, { 'content-type': type, 'cache-control': 'no-cache' }));
  }

  const listener = getRequestListener(app.fetch, { overrideGlobalObjects: false });
  server.on('request', (req, res) => {
    const path = new URL(req.url ?? '/', url).pathname;
    if (path in STATIC_FILES || /^\/(kyc|demo)\//.test(path) || !options.fallback) void listener(req, res);
    else options.fallback(req, res);
  });

  return {
    url,
    store,
    close: () =>
      new Promise<void>((resolve) => {
        kit.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
