/**
 * The fleet tests' world, all on 127.0.0.1: the sandbox behind a proxy that counts what reaches it,
 * a redis-server of their own, host instances as real child processes, and a round-robin proxy in
 * front of them standing for the load balancer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { after, before } from 'node:test';
import { startSandbox } from '../../src/sandbox/index.js';
import { connectSandbox, type SandboxEvent } from '../../src/testing/index.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';

/** What an instance reported: an onResult that ran (`result`), began (`entered`), a link it sent (`sent`), an error it met, or its clock (`clock`). */
export interface Report {
  event: 'result' | 'entered' | 'sent' | 'error' | 'handoff' | 'clock';
  /** Of a clock: how far the instance's clock was from Redis's at start. */
  skewMs?: number;
  /** The instance's name, where it has one. */
  instance?: string;
  /** Of a handoff: what onHandoff heard, and the devices counted. */
  kind?: string;
  devices?: number;
  /** Whose link was sent. */
  owner?: string;
  uuid?: string;
  state?: string;
  message?: string;
  /** Of an error: the part of the kit that met it (onError's context). */
  handler?: string;
  /** Of a KycBudgetExceededError: the budget spent. */
  budget?: string;
  pid: number;
}

/** A provider read as the sandbox's side saw it arrive. */
export interface ProviderRead {
  uuid: string;
  at: number;
}

/** What an instance is told through its environment (see instance.ts). */
export interface InstanceEnv {
  RESULT_LEASE_MS?: string;
  HANG_IN_ON_RESULT?: string;
  /** '1': a test may hold a uuid's next status write until it releases it (`POST <instance>/test/hold/<uuid>`, then `/test/release/<uuid>`). */
  HOLD_STATUS_WRITES?: string;
  /** How late every answer of the store reaches the instance. */
  STORE_LATENCY_MS?: string;
  /** How long one store call may take (`tuning.storeTimeoutMs`); default the kit's. */
  STORE_TIMEOUT_MS?: string;
  /** How often a streamed transaction is read by its instance (`tuning.streamFollowIntervalMs`). */
  STREAM_FOLLOW_MS?: string;
  /** Where the sessions ask the service to send webhooks; default the balancer. */
  WEBHOOK_URL?: string;
  /** The per-owner limits (`sessions.maxPending`, `sessions.maxCreated`); 'Infinity' turns one off. Default the kit's. */
  MAX_PENDING?: string;
  MAX_CREATED?: string;
  /** How often the kit checks each transaction it created (`tuning.reconcileIntervalMs`); default the kit's. */
  RECONCILE_MS?: string;
  /** A Redis Cluster's nodes, `host:port,host:port…`: the store runs on an ioredis Cluster instead of `REDIS_URL`. */
  REDIS_CLUSTER?: string;
  /** The send limits (`sendLimits.cooldownMs`, `sendLimits.perOwner`). Default the kit's. */
  SEND_COOLDOWN_MS?: string;
  SEND_PER_OWNER?: string;
  /** The handoff's go URL as phones reach it (`handoff.url`): the short link on; default off (loopback). */
  HANDOFF_URL?: string;
  /** The kit's budgets (`budgets`), as JSON. Default the kit's. */
  BUDGETS?: string;
  /** Registers an OpenTelemetry SDK before the kit: the instance serves `/metrics` and `/test/spans`. */
  TELEMETRY?: string;
  /** The webhook's `secret` and `replayToleranceMs`; default none (unsigned deliveries). */
  WEBHOOK_SECRET?: string;
  REPLAY_TOLERANCE_MS?: string;
}

export interface Instance {
  url: string;
  process: ChildProcess;
}

/** An HTTP server on a free loopback port; `close` ends its open connections too. */
async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A proxy that sends each request to the first of `targets()` that answers, and passes the answer
 * back. Given the instances in turn, it is a round-robin balancer that skips a dead instance.
 */
async function startProxy(targets: () => string[], onRequest: (req: IncomingMessage) => void | Promise<void> = () => {}) {
  const server = createServer(async (req, res) => {
    await onRequest(req);
    // A client gone while its request was held (an instance stopped mid-read) leaves nothing to answer.
    const body = await readBody(req).catch(() => null);
    if (!body) return void res.destroy();
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)),
    ) as Record<string, string>;
    for (const target of targets()) {
      try {
        const answer = await fetch(`${target}${req.url}`, {
          method: req.method,
          headers,
          body: body.length ? new Uint8Array(body) : undefined,
          redirect: 'manual',
        });
        const answerHeaders = Object.fromEntries(
          [...answer.headers].filter(([name]) => !['content-encoding', 'transfer-encoding', 'content-length', 'connection'].includes(name)),
        );
        res.writeHead(answer.status, answerHeaders).end(Buffer.from(await answer.arrayBuffer()));
        return;
      } catch {
        // That target is down: the next one.
      }
    }
    res.writeHead(502).end();
  });
  const url = await listen(server);
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve()).closeAllConnections()) };
}

/**
 * The sandbox behind a proxy that records every transaction read and token request reaching it;
 * with `holdReadsMs`, each read is held that long after it arrives, as a slow service would.
 */
export async function startCountedSandbox({ holdReadsMs = 0 } = {}) {
  const sandbox = await startSandbox({ port: 0 });
  const sandboxUrl = sandbox.url.replace(/\/+$/, '');
  const reads: ProviderRead[] = [];
  let tokenRequests = 0;
  let creates = 0;
  const proxy = await startProxy(
    () => [sandboxUrl],
    (req) => {
      const path = new URL(req.url!, sandboxUrl).pathname;
      const read = /^\/v1\/transactions\/([^/]+)$/.exec(path);
      if (path === '/oauth/token/') tokenRequests++;
      if (req.method === 'POST' && path === '/v1/transactions/') creates++;
      if (req.method !== 'GET' || !read) return;
      reads.push({ uuid: read[1]!, at: performance.now() });
      return delay(holdReadsMs).then(() => {});
    },
  );
  // Driven as an integrator's tests drive it (docs/testing.md): outcomes, faults, waits.
  const testing = connectSandbox(sandbox);
  return {
    sandbox,
    sandboxUrl,
    testing,
    /** Tells the sandbox the phone's outcome `code` (docs/sandbox.md); its webhooks go out. */
    outcome: async (uuid: string, code: SandboxEvent) => void (await testing.outcome(uuid, code)),
    /** A document capture and a good selfie: the transaction ends successful. */
    succeed: async (uuid: string) => void (await testing.succeed(uuid)),
    /** Where the instances reach the service: through the counter. */
    kycUrl: proxy.url,
    reads,
    get tokenRequests() {
      return tokenRequests;
    },
    /** Transactions created at the service. */
    get creates() {
      return creates;
    },
    close: async () => {
      await proxy.close();
      await sandbox.close();
    },
  };
}

/** Starts one instance process (`script`, the fleet tests' instance by default) and resolves once it prints `listening <url>`. */
export async function startInstance(env: Record<string, string>, script = 'test/fleet/instance.ts'): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`instance exited with ${code} before serving`);
  });
  const listening = (async () => {
    for await (const line of lines) {
      const match = /^listening (\S+)$/.exec(line);
      if (match) return match[1]!;
    }
    throw new Error('instance closed its output before serving');
  })();
  const url = await Promise.race([listening, exited]);
  exited.catch(() => {});
  return { url, process: child };
}

export interface FleetOptions {
  count: number;
  redisUrl: string;
  kycUrl: string;
  /** The environment of instance `index`. */
  env?: (index: number) => InstanceEnv;
}

/** Where instances report (POST, one JSON `Report` each): `reports` in the order they came. */
export async function collectReports() {
  const reports: Report[] = [];
  const collector = createServer(async (req, res) => {
    reports.push(JSON.parse((await readBody(req)).toString()) as Report);
    res.writeHead(204).end();
  });
  return {
    url: await listen(collector),
    reports,
    close: () => new Promise<void>((resolve) => collector.close(() => resolve()).closeAllConnections()),
  };
}

/** `count` instances on one Redis (a fresh key prefix), behind a round-robin balancer, reporting to the test. */
export async function startFleet({ count, redisUrl, kycUrl, env = () => ({}) }: FleetOptions) {
  const collector = await collectReports();
  const { reports, url: reportUrl } = collector;
  const instances: Instance[] = [];
  let turn = 0;
  const balancer = await startProxy(() => {
    const alive = instances.filter((instance) => instance.process.exitCode === null && instance.process.signalCode === null);
    turn = (turn + 1) % Math.max(1, alive.length);
    return [...alive.slice(turn), ...alive.slice(0, turn)].map((instance) => instance.url);
  });
  // Hash-tagged, as a Cluster needs: every key of the fleet in one slot.
  const prefix = `{fleet-${crypto.randomUUID()}}:`;
  const common = {
    KYC_URL: kycUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    REPORT_URL: reportUrl,
    WEBHOOK_URL: `${balancer.url}/kyc/webhook`,
  };
  instances.push(...(await Promise.all(Array.from({ length: count }, (_, index) => startInstance({ ...common, ...env(index) })))));

  const stop = async (instance: Instance, signal: NodeJS.Signals = 'SIGTERM') => {
    if (instance.process.exitCode !== null || instance.process.signalCode !== null) return;
    const exited = once(instance.process, 'exit');
    instance.process.kill(signal);
    await exited;
  };
  return {
    /** The balancer: what the widgets and the service talk to. */
    url: balancer.url,
    instances,
    reports,
    /** The key prefix of the fleet's store. */
    prefix,
    /** The errors reported to onError. */
    errors: () => reports.filter((report) => report.event === 'error'),
    /** The onResult calls that completed, per uuid. */
    results: () => reports.filter((report) => report.event === 'result'),
    kill: (instance: Instance) => stop(instance, 'SIGKILL'),
    /** POSTs the session URL as `user`, as the element does, through the balancer or to `target` (an instance's URL). */
    postSession: (user = 'alice', mode: 'resume' | 'new' = 'resume', target = balancer.url, headers: Record<string, string> = {}) =>
      fetch(`${target}/kyc/session`, { method: 'POST', headers: { 'x-user': user, 'kyc-verify-session': mode, ...headers } }),
    /** Starts (or resumes) a session as `user` through the balancer; its uuid. */
    startSession: async (user = 'alice') => {
      const answer = await fetch(`${balancer.url}/kyc/session`, {
        method: 'POST',
        headers: { 'x-user': user, 'kyc-verify-session': 'resume' },
      });
      if (answer.status !== 201 && answer.status !== 200) throw new Error(`session answered ${answer.status}: ${await answer.text()}`);
      return ((await answer.json()) as { uuid: string }).uuid;
    },
    poll: (uuid: string, user = 'alice') => fetch(`${balancer.url}/kyc/status/${uuid}`, { headers: { 'x-user': user } }),
    close: async () => {
      await Promise.all(instances.map((instance) => stop(instance)));
      await balancer.close();
      await collector.close();
    },
  };
}

export type Fleet = Awaited<ReturnType<typeof startFleet>>;

export type CountedSandbox = Awaited<ReturnType<typeof startCountedSandbox>>;

/**
 * A test file's Redis and counted sandbox, started before its tests and stopped after them:
 * `redis` and `service` once they have started, and `where` for `useFleet` (a fleet on both).
 */
export function useRedisAndService() {
  let redis: RedisServer | undefined;
  let service: CountedSandbox | undefined;
  before(async () => {
    [redis, service] = await Promise.all([startRedisServer(), startCountedSandbox()]);
  });
  after(async () => {
    await service?.close();
    await redis?.stop();
  });
  return {
    get redis() {
      return redis!;
    },
    get service() {
      return service!;
    },
    where: () => ({ redisUrl: redis!.url, kycUrl: service!.kycUrl }),
  };
}

/** A webhook target that refuses connections (the discard port): sessions whose webhooks go nowhere. */
export const UNREACHABLE_WEBHOOK = 'http://127.0.0.1:9/kyc/webhook';

/**
 * A fleet started before a group of tests and closed after it, on the Redis and the service that
 * `where()` names once they have started.
 */
export function useFleet(where: () => Pick<FleetOptions, 'redisUrl' | 'kycUrl'>, options: Omit<FleetOptions, 'redisUrl' | 'kycUrl'>) {
  let fleet: Fleet | undefined;
  before(async () => {
    fleet = await startFleet({ ...where(), ...options });
  });
  after(() => fleet?.close());
  return () => fleet!;
}

/** The highest number of reads of one uuid within any window of `windowMs`. */
export function mostReadsInWindow(reads: ProviderRead[], windowMs = 1000): number {
  const byUuid = new Map<string, number[]>();
  for (const read of reads) byUuid.set(read.uuid, [...(byUuid.get(read.uuid) ?? []), read.at]);
  let most = 0;
  for (const unsorted of byUuid.values()) {
    const times = unsorted.sort((a, b) => a - b);
    for (let first = 0, last = 0; last < times.length; last++) {
      while (times[last]! - times[first]! >= windowMs) first++;
      most = Math.max(most, last - first + 1);
    }
  }
  return most;
}

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `condition` every 50 ms until it holds, or fails after `limitMs`. */
export async function eventually(condition: () => boolean, limitMs: number, what: string): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${limitMs} ms: ${what}`);
    await delay(50);
  }
}
