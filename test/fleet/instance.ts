/**
 * One host instance of the fleet tests, run as its own process: the kit on the Redis store behind
 * node:http, as an integrator deploys it. It prints `listening <url>` once it serves, and reports
 * each onResult to the test over HTTP. Configured by the environment (see `InstanceEnv` in harness.ts).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createKycClient,
  createKycKit,
  toNodeHandler,
  type KycKitOptions,
  type Store,
  KycBudgetExceededError,
} from '../../src/server/index.js';
import { Cluster } from 'ioredis';
import { RedisStore } from '../../src/server/redis/index.js';
import { spanRecord, startTelemetry } from '../support/telemetry-sdk.js';

const env = process.env;
const kycUrl = env.KYC_URL!;
// The SDK before the kit, as docs/operations.md says: metrics at /metrics, spans at /test/spans.
const telemetry = env.TELEMETRY ? startTelemetry() : undefined;
/** On a Cluster, with the bounds the store's own client would have: commands fail fast while a node is away. */
const cluster = (nodes: string) =>
  new Cluster(
    nodes.split(',').map((node) => ({ host: node.split(':')[0]!, port: Number(node.split(':')[1]) })),
    { redisOptions: { commandTimeout: 1000, maxRetriesPerRequest: 1 } },
  );
const redisStore = env.REDIS_CLUSTER
  ? new RedisStore({ client: cluster(env.REDIS_CLUSTER), prefix: env.REDIS_PREFIX! })
  : new RedisStore({ url: env.REDIS_URL!, prefix: env.REDIS_PREFIX! });
const latencyMs = Number(env.STORE_LATENCY_MS ?? 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * With `HOLD_STATUS_WRITES`, a test holds a uuid's next status write (`POST /test/hold/<uuid>`) until it
 * releases it (`POST /test/release/<uuid>`): a write that leaves late by the test's order, not by a
 * delay that a busy machine could outrun.
 */
const heldWrites = new Map<string, { release: () => void; released: Promise<void> }>();
function hold(uuid: string): void {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  heldWrites.set(uuid, { release, released });
}
/**
 * The store as this instance sees it (its token store too): held status writes (above); with
 * `STORE_LATENCY_MS`, every call reaches Redis that late and its answer comes back that late (a
 * lease is granted, and its holder hears of it later still).
 */
const store: Store = new Proxy(redisStore, {
  get(target, property) {
    const value: unknown = Reflect.get(target, property);
    if (typeof value !== 'function') return value;
    if (property === 'subscribeStatuses') return value.bind(target);
    return async (...args: unknown[]): Promise<unknown> => {
      await sleep(latencyMs);
      if (property === 'writeStatus') await heldWrites.get(args[0] as string)?.released;
      try {
        return await value.apply(target, args);
      } finally {
        await sleep(latencyMs);
      }
    };
  },
});

const report = (body: Record<string, unknown>) =>
  fetch(env.REPORT_URL!, { method: 'POST', body: JSON.stringify({ ...body, pid: process.pid }) }).then((answer) => {
    if (!answer.ok) throw new Error(`report answered ${answer.status}`);
  });

const client = createKycClient({
  authUrl: kycUrl,
  baseUrl: kycUrl,
  credentialUrl: kycUrl,
  clientId: 'sandbox-client',
  clientSecret: 'sandbox-secret',
  tokenStore: store,
});
const kit = createKycKit({
  client,
  store,
  owner: (request) => request.headers.get('x-user'),
  // A test may name the webhook target per session, to choose the instance that gets its webhooks.
  buildRequest: (request) => ({
    company_id: 'sandbox-company',
    authorization_method: 'kyc_register',
    webhook: request.headers.get('x-webhook-url') ?? env.WEBHOOK_URL!,
    metadata: { nin: '11.111.111-1', webhook_full_update: true },
  }),
  onResult: async (status, transaction) => {
    if (env.HANG_IN_ON_RESULT) {
      await report({ event: 'entered', uuid: status.uuid });
      await new Promise(() => {});
    }
    await report({ event: 'result', uuid: status.uuid, state: status.state, transactionId: transaction.transactionId });
  },
  onError: (error, context) =>
    void report({
      event: 'error',
      message: String(error),
      handler: context.handler,
      ...(error instanceof KycBudgetExceededError && { budget: error.budget }),
    }).catch(() => {}),
  // The link "goes" to the owner: the instance reports it, as a mailer would deliver it.
  sendLink: async ({ uuid, owner }) => {
    await report({ event: 'sent', uuid, owner });
    return { to: `${owner[0]}•••@mail.example` };
  },
  // The host's records, as the flood tests have them: an owner `name@destination` receives at `destination`.
  sendDestination: ({ owner }) => owner.split('@')[1] ?? owner,
  ...(env.BUDGETS && { budgets: JSON.parse(env.BUDGETS) as KycKitOptions['budgets'] }),
  clientAddress: (request) => request.headers.get('x-client-address') ?? undefined,
  sendLimits: {
    ...(env.SEND_COOLDOWN_MS && { cooldownMs: Number(env.SEND_COOLDOWN_MS) }),
    ...(env.SEND_PER_OWNER && { perOwner: Number(env.SEND_PER_OWNER) }),
  },
  sessions: {
    ...(env.MAX_PENDING && { maxPending: Number(env.MAX_PENDING) }),
    ...(env.MAX_CREATED && { maxCreated: Number(env.MAX_CREATED) }),
  },
  // The handoff only where a test follows it: off, the kit has no note on its loopback host to tell onError.
  handoff: env.HANDOFF_URL ? { url: env.HANDOFF_URL } : false,
  ...(env.WEBHOOK_SECRET && { secret: env.WEBHOOK_SECRET }),
  ...(env.REPLAY_TOLERANCE_MS && { replayToleranceMs: Number(env.REPLAY_TOLERANCE_MS) }),
  onHandoff: (event) => report({ event: 'handoff', uuid: event.uuid, kind: event.kind, devices: event.devices }),
  tuning: {
    resultLeaseMs: Number(env.RESULT_LEASE_MS ?? 15_000),
    ...(env.STORE_TIMEOUT_MS && { storeTimeoutMs: Number(env.STORE_TIMEOUT_MS) }),
    retryDelaysMs: [200, 400, 800],
    streamFollowIntervalMs: Number(env.STREAM_FOLLOW_MS ?? 1000),
    ...(env.RECONCILE_MS && { reconcileIntervalMs: Number(env.RECONCILE_MS) }),
  },
});

const routes: [string | RegExp, ReturnType<typeof toNodeHandler>][] = [
  [/^\/kyc\/status\/[^/]+\/send$/, toNodeHandler(kit.send)],
  ['/kyc/session', toNodeHandler(kit.session)],
  ['/kyc/status/', toNodeHandler(kit.status)],
  ['/kyc/webhook', toNodeHandler(kit.webhook)],
  ['/kyc/go', toNodeHandler(kit.go)],
];
const server = createServer((req, res) => {
  const control = env.HOLD_STATUS_WRITES && req.method === 'POST' && /^\/test\/(hold|release)\/([^/]+)$/.exec(req.url!);
  if (control) {
    const [, verb, uuid] = control;
    if (verb === 'hold') hold(uuid!);
    else {
      // A release that comes before the write lets it through too.
      heldWrites.get(uuid!)?.release();
      heldWrites.delete(uuid!);
    }
    return void res.writeHead(204).end();
  }
  if (telemetry && req.url === '/metrics') return telemetry.serveMetrics(req, res);
  if (telemetry && req.url === '/test/spans') return void res.end(JSON.stringify(telemetry.spans().map(spanRecord)));
  const route = routes.find(([path]) => (typeof path === 'string' ? req.url!.startsWith(path) : path.test(req.url!)));
  if (route) route[1](req, res);
  else res.writeHead(404).end();
});
server.listen(0, '127.0.0.1', () => console.log(`listening http://127.0.0.1:${(server.address() as AddressInfo).port}`));
