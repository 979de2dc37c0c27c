/**
 * The demo's host backend: what an integrator writes with kyc-verify/server. It creates the
 * transaction for the "logged-in user" (here: the options the demo page chose), answers the
 * widget's polls, takes the sandbox's webhooks, and streams what it received to the demo page.
 */
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createKycClient, createVisitorIds, createKycKit, MemoryStore, type SendLimitOptions, type Store } from '../src/server/index.js';
import { RedisStore } from '../src/server/redis/index.js';
import { TEST_IDENTITIES } from '../src/sandbox/index.js';
import { formatRut } from '../src/shared/rut.js';
import { memoryFeed, redisFeed, type Feed, type FeedEntry } from './feed.js';
import { preparedPage } from './prepared.js';
import { demoDestination, demoSendLink } from './send-link.js';
import { demoRequest, optionsKey } from './verification-request.js';
import { loggingWebhooks } from './webhook-log.js';
import { demoTelemetry, funnelOf } from './telemetry.js';

export interface DemoHostOptions {
  /** Origin of the KYC service (the sandbox): auth, base, credential and verification URL. */
  kycUrl: string;
  port?: number;
  host?: string;
  /** What the kit remembers; pass the same store to a restarted host, as a database would persist it. */
  store?: Store;
  /** Serves every other path (the demo page through Vite); 404 without it. */
  fallback?: (req: IncomingMessage, res: ServerResponse) => void;
  /** One instance of a fleet: its store, shared token and backend log go through this Redis. */
  fleet?: FleetMember;
  /** Where the host's mailer sends (the demo's SMTP server): with it, the host sends the link by e-mail and SMS. */
  smtpUrl?: string;
  sendLimits?: SendLimitOptions;
  /** The backend log, when the caller shares it (the mail server writes to it too); else the host keeps its own. */
  feed?: Feed;
  /**
   * Where phones reach this host (`http://192.168.1.10:8080`, with `host: '0.0.0.0'`): the kit's short
   * link and typed code are then on, at `<publicUrl>/kyc/go` (docs/handoff.md).
   */
  publicUrl?: string;
  /** The short link on at this host's own URL (the fleet's balancer for an instance), even on loopback: for tests on one machine. */
  shortLinks?: boolean;
  /** The key that signs visitor ids (docs/sessions.md): every instance of a fleet, and a restarted host, must share it. */
  visitorSecret: string;
}

export interface FleetMember {
  redisUrl: string;
  /** Named in each answer's `x-kyc-instance` header and in the backend log's entries. */
  instance: string;
  /** Where the service sends webhooks: the fleet's balancer. */
  publicUrl: string;
}

/** Keys and the log's channel of the demo's fleet, apart from anything else in the same Redis: an environment's own hash-tagged prefix (docs/fleet.md). */
const FLEET_PREFIX = '{kyc-verify-demo}:';

/** The Redis channel of a fleet's backend log. */
export const FLEET_FEED_CHANNEL = `${FLEET_PREFIX}feed`;

export interface DemoHost {
  url: string;
  store: Store;
  close(): Promise<void>;
}

const STATIC_FILES: Record<string, [string, string]> = {
  '/script-tag.html': ['demo/script-tag.html', 'text/html; charset=utf-8'],
  '/script-tag.js': ['demo/script-tag.js', 'text/javascript; charset=utf-8'],
  '/log.js': ['demo/log.js', 'text/javascript; charset=utf-8'],
  '/demo.css': ['demo/demo.css', 'text/css; charset=utf-8'],
  '/kyc-verify.bundle.js': ['dist/kyc-verify.bundle.js', 'text/javascript; charset=utf-8'],
  // The languages the bundle loads beside it.
  '/kyc-verify.en.js': ['dist/kyc-verify.en.js', 'text/javascript; charset=utf-8'],
  '/kyc-verify.pt-BR.js': ['dist/kyc-verify.pt-BR.js', 'text/javascript; charset=utf-8'],
  // Sending the link, which the bundle loads beside it once an answer offers it (this host sends).
  '/kyc-verify.send.js': ['dist/kyc-verify.send.js', 'text/javascript; charset=utf-8'],
  // The QR encoder, which the bundle loads beside it once it draws a QR code.
  '/kyc-verify.qr.js': ['dist/kyc-verify.qr.js', 'text/javascript; charset=utf-8'],
};

/** What the demo host backend serves (the rest is the demo page, through Vite). */
export const isHostPath = (path: string): boolean => path in STATIC_FILES || path === PREPARED_PAGE || /^\/(kyc|demo)\//.test(path);

/** The page whose element the backend prepared and rendered (demo/prepared.ts). */
const PREPARED_PAGE = '/prepared.html';

export async function startDemoHost(options: DemoHostOptions): Promise<DemoHost> {
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  // Listening on every interface (a phone on the network opens the short link), it is still reached on loopback here.
  const url = `http://${!options.host || options.host === '0.0.0.0' ? '127.0.0.1' : options.host}:${port}`;

  const { fleet } = options;
  const redisStore = fleet && new RedisStore({ url: fleet.redisUrl, prefix: FLEET_PREFIX });
  const store = options.store ?? redisStore ?? new MemoryStore();
  const client = createKycClient({
    authUrl: options.kycUrl,
    baseUrl: options.kycUrl,
    credentialUrl: options.kycUrl,
    verificationUrl: options.kycUrl,
    clientId: 'sandbox-client',
    clientSecret: 'sandbox-secret',
    // A fleet asks the service for one token, not one per instance.
    tokenStore: redisStore,
  });
  const feed: Feed = options.feed ?? (fleet ? redisFeed(fleet.redisUrl, FLEET_FEED_CHANNEL) : memoryFeed());
  const publish = (kind: FeedEntry['kind'], body: unknown) => {
    feed.publish({ kind, at: new Date().toISOString(), ...(fleet && { instance: fleet.instance }), body });
  };

  // Before the kit, which binds its instruments to the SDK registered when it is created.
  const telemetry = demoTelemetry();
  // The demo's stand-in for a login: a visitor id the host issued and signed, so that a reload resumes the visitor's verification.
  const visitors = createVisitorIds({ secret: options.visitorSecret, cookieName: 'kyc-demo-visitor' });
  const kit = createKycKit({
    client,
    store,
    buildRequest: (request) => demoRequest(new URL(request.url).searchParams, `${fleet?.publicUrl ?? url}/kyc/webhook`),
    onResult: (result) => publish('result', result),
    owner: visitors.read,
    // Each choice of options on the demo page is a kind of verification of its own: a reload resumes the one of the same options.
    sessions: { key: (request) => optionsKey(new URL(request.url).searchParams) },
    // The short link, when phones reach this host (or a test says so); the backend log shows who opened it.
    ...((options.publicUrl || options.shortLinks) && {
      handoff: { url: `${options.publicUrl ?? fleet?.publicUrl ?? url}/kyc/go`, siteName: 'kyc-verify demo' },
    }),
    onHandoff: (event) => publish('handoff', event),
    // The link by e-mail (to the demo's SMTP server) and by SMS (to the page's outbox), to the visitor's address in the demo's records.
    ...(options.smtpUrl && {
      sendLink: demoSendLink(options.smtpUrl, (sms) => publish('sms', sms)),
      sendDestination: demoDestination,
      sendChannels: ['email', 'sms'] as const,
      sendLimits: options.sendLimits,
    }),
  });

  const app = new Hono();
  if (fleet) {
    app.use(async (c, next) => {
      await next();
      c.header('x-kyc-instance', fleet.instance);
    });
  }
  const session = visitors.withVisitor(kit.session);
  app.post('/kyc/session', (c) => session(c.req.raw));
  app.get('/kyc/status/:uuid', (c) => kit.status(c.req.raw));
  app.post('/kyc/status/:uuid/send', (c) => kit.send(c.req.raw));
  app.on(['GET', 'POST'], ['/kyc/go', '/kyc/go/:code'], (c) => kit.go(c.req.raw));
  // A visitor's first page gets a visitor id, so that its session can be prepared (and resumed by the element's POST).
  const prepared = visitors.withVisitor(preparedPage(kit));
  app.get(PREPARED_PAGE, (c) => prepared(c.req.raw));
  const webhook = loggingWebhooks(kit.webhook, (body) => publish('webhook', body));
  app.post('/kyc/webhook', (c) => webhook(c.req.raw));
  app.get('/demo/feed', (c) =>
    streamSSE(c, async (stream) => {
      const unsubscribe = feed.subscribe((entry) => void stream.writeSSE({ data: JSON.stringify(entry) }));
      stream.onAbort(unsubscribe);
      await new Promise<void>((resolve) => stream.onAbort(resolve));
    }),
  );
  // The operator's view: the funnel the page's panel draws (the metrics for Prometheus: /demo/metrics, below).
  app.get('/demo/funnel', async (c) => c.json(await funnelOf(telemetry)));
  app.get('/demo/identities', (c) =>
    c.json(Object.entries(TEST_IDENTITIES).map(([rut, person]) => ({ nin: formatRut(rut), name: `${person.name} ${person.last_name}` }))),
  );
  for (const [path, [file, type]] of Object.entries(STATIC_FILES)) {
    app.get(path, async (c) => c.body(await readFile(file), 200, { 'content-type': type, 'cache-control': 'no-cache' }));
  }

  const listener = getRequestListener(app.fetch, { overrideGlobalObjects: false });
  server.on('request', (req, res) => {
    const path = new URL(req.url ?? '/', url).pathname;
    if (path === '/demo/metrics') telemetry.getMetricsRequestHandler(req, res);
    else if (isHostPath(path) || !options.fallback) void listener(req, res);
    else options.fallback(req, res);
  });

  return {
    url,
    store,
    async close() {
      kit.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      // A feed passed in is its caller's to close.
      await Promise.all([options.feed ? undefined : feed.close(), redisStore?.close()]);
    },
  };
}
