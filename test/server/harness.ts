/** What the host-kit tests share: a sandbox on a free port, a counting fetch, and the handlers on a real node:http server. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, afterEach, before } from 'node:test';
import { startSandbox } from '../../src/sandbox/index.js';
import { connectSandbox, type SandboxEvent, type TestSandbox } from '../../src/testing/index.js';
import {
  createKycClient,
  createKycKit,
  toNodeHandler,
  type CreateTransactionRequest,
  type KycClientOptions,
  type KycKitOptions,
  type TransactionStatus,
  type WebhookPayload,
} from '../../src/server/index.js';

export const COMPANY = 'sandbox-company';
/** A RUT with a valid check digit (one of the sandbox's test identities). */
export const NIN = '12.345.678-5';

type SandboxHandle = Awaited<ReturnType<typeof startSandbox>>;

/**
 * The sandbox, started once per test file on port 0, driven with `kyc-verify/testing` (docs/testing.md) as
 * an integrator's tests drive it: `testing` has the faults and waits, the rest are its shortcuts.
 */
export function useSandbox() {
  let sandbox: SandboxHandle | undefined;
  let testing: TestSandbox | undefined;
  before(async () => {
    sandbox = await startSandbox({ port: 0 });
    testing = connectSandbox(sandbox);
  });
  after(() => sandbox?.close());
  return {
    get url() {
      return testing!.url;
    },
    get testing() {
      return testing!;
    },
    /** The webhook payloads the sandbox sent for `uuid`, once every delivery has settled. */
    async deliveredPayloads(uuid: string) {
      await sandbox!.webhooksSettled();
      return sandbox!.webhookDeliveries(uuid).map((delivery) => delivery.payload);
    },
    /** Moves the flow of `uuid` with an issue code (or `time_out`). */
    applyOutcome: async (uuid: string, code: SandboxEvent) => void (await testing!.outcome(uuid, code)),
    /** Runs a document capture and a successful selfie: the transaction ends successful. */
    succeed: async (uuid: string) => void (await testing!.succeed(uuid)),
    advanceClock: async (seconds: number) => void (await testing!.advanceClock(seconds)),
  };
}

/** A fetch that records every call it passes on, so tests count what reached the service. */
export function countingFetch(inner: typeof fetch = fetch) {
  const calls: { method: string; url: string }[] = [];
  const fetchFunction = (input: string, init: RequestInit) => {
    calls.push({ method: init.method ?? 'GET', url: input });
    return inner(input, init);
  };
  /** How many calls went to a path containing `fragment`. */
  const count = (fragment: string) => calls.filter((call) => new URL(call.url).pathname.includes(fragment)).length;
  return {
    fetch: fetchFunction,
    calls,
    count,
    tokenRequests: () => count('/oauth/token/'),
    /** Transactions created at the service (`POST /v1/transactions/`). */
    creates: () => calls.filter((call) => call.method === 'POST' && new URL(call.url).pathname === '/v1/transactions/').length,
    transactionReads: () =>
      calls.filter((call) => call.method === 'GET' && new URL(call.url).pathname.startsWith('/v1/transactions/')).length,
  };
}

/** A client of the sandbox as `sandbox-client`, with overrides. */
export function sandboxClient(sandboxUrl: string, overrides: Partial<KycClientOptions> = {}) {
  return createKycClient({
    authUrl: sandboxUrl,
    baseUrl: sandboxUrl,
    credentialUrl: sandboxUrl,
    clientId: 'sandbox-client',
    clientSecret: 'sandbox-secret',
    ...overrides,
  });
}

/** A valid create request with a fresh transaction_id. */
export function createRequest(overrides: Partial<CreateTransactionRequest> = {}): CreateTransactionRequest {
  return {
    transaction_id: `test-${crypto.randomUUID()}`,
    company_id: COMPANY,
    authorization_method: 'kyc_register',
    metadata: { nin: NIN },
    ...overrides,
  };
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

export type HostOptions = Pick<KycKitOptions, 'client'> & Partial<KycKitOptions>;

/**
 * A kit's handlers on a real node:http server on port 0, mounted as an integrator would:
 * `POST /kyc/session`, `GET /kyc/status/{uuid}` (and its `POST …/send`, which the status handler routes), `POST /kyc/webhook`,
 * and the handoff's `/kyc/go`.
 */
export async function startHost(options: HostOptions | ((url: string) => HostOptions)) {
  let routes: { prefix: string; handler: ReturnType<typeof toNodeHandler> }[] = [];
  const server = createServer((req, res) => {
    // A webhook target that only acknowledges: tests replay what the sandbox sent there.
    if (req.url === '/sink') return void req.resume().on('end', () => res.writeHead(204).end());
    const route = routes.find(({ prefix }) => req.url!.startsWith(prefix));
    if (route) route.handler(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Options may name the host's own URL (the handoff's absolute go URL): the kit is built once it listens.
  const kit = createKycKit({
    buildRequest: () => createRequestWithoutId(),
    onResult: () => {},
    ...(typeof options === 'function' ? options(url) : options),
  });
  routes = [
    { prefix: '/kyc/session', handler: toNodeHandler(kit.session) },
    { prefix: '/kyc/status/', handler: toNodeHandler(kit.status) },
    { prefix: '/kyc/webhook', handler: toNodeHandler(kit.webhook) },
    { prefix: '/kyc/go', handler: toNodeHandler(kit.go) },
  ];
  return {
    url,
    kit,
    /**
     * POSTs to the session handler as the user `user` (the `x-user` header stands for the host's
     * login session), as the element does: with `kyc-verify-session: resume` unless told `new`.
     */
    startSession: async (user = 'alice', mode: 'resume' | 'new' = 'resume', headers: Record<string, string> = {}) => {
      const response = await fetch(`${url}/kyc/session`, {
        method: 'POST',
        headers: { 'x-user': user, ...sessionHeader(mode), ...headers },
      });
      return { response, body: (await response.json()) as Record<string, unknown> & { uuid: string; link: string } };
    },
    /** GETs the status handler for `uuid` as `user`. */
    poll: (uuid: string, user = 'alice', headers: Record<string, string> = {}) =>
      fetch(`${url}/kyc/status/${uuid}`, { headers: { 'x-user': user, ...headers } }),
    close: () => {
      kit.close();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The header the element sends with each session POST. */
export const sessionHeader = (mode: 'resume' | 'new' = 'resume') => ({ 'kyc-verify-session': mode });

export type Host = Awaited<ReturnType<typeof startHost>>;

/**
 * The sandbox, started once per test file, and a host per test, closed after it. `start` mounts a kit
 * whose client is `sandbox-client` unless the options give one.
 */
export function useHost() {
  const sandbox = useSandbox();
  let host: Host | undefined;
  const closeFirst: { close(): void }[] = [];
  afterEach(() => {
    for (const resource of closeFirst.splice(0)) resource.close();
    return host?.close();
  });
  return {
    sandbox,
    async start(options: Partial<HostOptions> | ((url: string) => Partial<HostOptions>) = {}) {
      host = await startHost((url) => ({
        client: sandboxClient(sandbox.url),
        ...(typeof options === 'function' ? options(url) : options),
      }));
      return host;
    },
    /** Closes `resource` after the test, whatever happened, before the host: its server waits for open connections. */
    closeAfterTest<T extends { close(): void }>(resource: T): T {
      closeFirst.push(resource);
      return resource;
    },
  };
}

/** A create request for the session handler (which generates `transaction_id`). */
export function createRequestWithoutId(overrides: Partial<CreateTransactionRequest> = {}) {
  const { transaction_id: _, ...request } = createRequest(overrides);
  return request;
}

/** The `owner` function of these tests: the login session is the `x-user` header. */
export const ownerFromHeader = (request: Request) => request.headers.get('x-user');

/** A well-formed pending payload (spec §2.7) for `uuid`, as if the service had sent it. */
export function pendingPayload(uuid: string): WebhookPayload {
  return {
    uuid,
    transaction_id: 'forged',
    company_id: COMPANY,
    authorization_method: 'kyc_register',
    active: true,
    complete: false,
    failed: false,
    updated_at: new Date().toISOString(),
    verification_result: {},
  };
}

/** The transactions whose results `onResult` received, in order. */
export const uuidsOf = (results: TransactionStatus[]) => results.map((status) => status.uuid);

/** Waits past the read budget (a second) of a status the kit stored, so the next poll reads the service. */
export const pastReadBudget = () => new Promise((resolve) => setTimeout(resolve, 1_200));
