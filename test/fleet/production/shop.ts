/**
 * One instance of the production-shape run's shop, run as its own process (three of them behind
 * nginx, on one Redis): an Express app built from docs/fleet.md's blocks, each from the module the
 * test wrote from it: the login kept in Redis
 * (`useFleetSessions`), visitor ids on the fleet's key (`fleetVisitorIds`), the clock's check
 * (`clockSkewMs`) and the SIGTERM handler (`stopOnSigterm`), which the rolling restart uses.
 *
 * Its pages are the test's (STATIC_DIR: a page with `<kyc-verify>`, the bundle). A fake login:
 * `GET /login?user=<name>`. A logged-in user owns their transactions; anyone else is an anonymous
 * visitor with a signed id. Every onResult, and the clock's skew at start, is reported to the test
 * (REPORT_URL); `GET /instance` (on the instance's own port, not through nginx) says which instance
 * it is and how many streams it holds. Listens on PORT (the same across restarts: nginx's upstream)
 * and prints `listening <url>`.
 */
import express from 'express';
import type { Express } from 'express';
import type { Server } from 'node:http';
import type {} from 'express-session';
import { Redis } from 'ioredis';
import type { KitHandler, KycKit, NodeContext, VisitorIds } from '../../../src/server/index.js';
import { clientAddressFrom, createKycClient, createKycKit, toNodeHandler } from '../../../src/server/index.js';
import { RedisStore } from '../../../src/server/redis/index.js';

interface FromDocs {
  useFleetSessions(app: Express, redis: Redis): void;
  fleetVisitorIds(): VisitorIds;
  clockSkewMs(redis: Redis): Promise<number>;
  stopOnSigterm(server: Server, kit: Pick<KycKit, 'close' | 'idle'>, closeConnections: () => Promise<unknown>): void;
}

// The fake login's user, on express-session's session.
declare module 'express-session' {
  interface SessionData {
    user?: string;
  }
}

const env = process.env;
/** Each block's module, by the variable the test names it in. */
const fromDocs = async <Name extends keyof FromDocs>(name: Name, variable: string) =>
  ((await import(env[variable]!)) as Pick<FromDocs, Name>)[name];
const useFleetSessions = await fromDocs('useFleetSessions', 'SESSIONS_MODULE');
const fleetVisitorIds = await fromDocs('fleetVisitorIds', 'VISITORS_MODULE');
const clockSkewMs = await fromDocs('clockSkewMs', 'CLOCK_MODULE');
const stopOnSigterm = await fromDocs('stopOnSigterm', 'STOP_MODULE');

const instance = env.INSTANCE!;
const report = (body: Record<string, unknown>) =>
  fetch(env.REPORT_URL!, { method: 'POST', body: JSON.stringify({ ...body, instance, pid: process.pid }) }).then(() => {});

const redis = new Redis(env.REDIS_URL!);
const visitors = fleetVisitorIds();
const kycUrl = env.KYC_URL!;
// A test machine running several test parts on two cores answers Redis in seconds at times: bounds
// that fail a poll for the machine's sake (not the restart's) would hide what this run is about.
const store = new RedisStore({ url: env.REDIS_URL!, prefix: env.KYC_REDIS_PREFIX!, commandTimeoutMs: 10_000 });
const kit = createKycKit<NodeContext<express.Request>>({
  client: createKycClient({
    ...{ authUrl: kycUrl, baseUrl: kycUrl, credentialUrl: kycUrl, clientId: 'sandbox-client', clientSecret: 'sandbox-secret' },
    tokenStore: store,
  }),
  store,
  tuning: { storeTimeoutMs: 10_000 },
  owner: async (request, { req }) => (req.session.user ? `user:${req.session.user}` : await visitors.read(request)),
  buildRequest: () => ({
    company_id: 'sandbox-company',
    authorization_method: 'kyc_register',
    webhook: env.WEBHOOK_URL!,
    metadata: { nin: '11.111.111-1' },
  }),
  onResult: (status, { owner }) => report({ event: 'result', uuid: status.uuid, state: status.state, owner }),
  onError: (error, { handler }) => void report({ event: 'error', message: String(error), handler }).catch(() => {}),
  // Where browsers and phones reach the shop: the short link and the typed code are on it (the handoff is on: not loopback).
  publicUrl: env.PUBLIC_URL!,
  // The address nginx saw: the entry it appended to X-Forwarded-For (docs/fleet.md, "Behind nginx").
  clientAddress: clientAddressFrom.forwardedFor(1),
  // Every browser of this run comes from 127.0.0.1: one address holds them all.
  budgets: { createdPerAddressPerMinute: 100, streamsPerAddress: 100 },
});

const app = express();
app.use((_req, res, next) => {
  res.setHeader('x-kyc-instance', instance);
  next();
});
useFleetSessions(app, redis);
app.get('/login', (req, res) => {
  req.session.user = String(req.query.user);
  res.redirect(303, '/');
});
app.get('/me', (req, res) => void res.json({ user: req.session.user ?? null, instance }));
app.get('/instance', (_req, res) => void res.json({ instance, openStreams: kit.openStreams }));
// The kit after the login it reads: the session (and below it the status), the handoff's links, the webhook.
// withVisitor hands the context on as it is.
app.use('/kyc/session', toNodeHandler(visitors.withVisitor(kit.session as KitHandler) as typeof kit.session));
app.use('/kyc/go', toNodeHandler(kit.go));
app.post('/kyc/webhook', toNodeHandler(kit.webhook));
app.use(express.static(env.STATIC_DIR!));

const server = app.listen(Number(env.PORT), '127.0.0.1', async () => {
  await report({ event: 'clock', skewMs: await clockSkewMs(redis) });
  console.log(`listening http://127.0.0.1:${env.PORT}`);
});
stopOnSigterm(server, kit, () => Promise.all([store.close(), redis.quit()]));
