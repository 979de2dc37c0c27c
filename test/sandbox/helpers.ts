/** Test helpers: a sandbox over real HTTP, a small client for it, its envelope assertion, and a webhook receiver. */
import assert from 'node:assert/strict';
import { after } from 'node:test';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../src/sandbox/index.js';

export interface Reply {
  status: number;
  headers: Headers;
  // Tests read arbitrary JSON fields; the OpenAPI test checks the shapes.
  body: any;
}

/**
 * The reply has the HTTP status `code`, and its body is exactly the envelope (spec §2.6, §7.1) with that code:
 * `code`, `resource`, `message`, and the rest (`data`, or `errors`).
 */
export function assertEnvelope(
  { status, body }: Reply,
  code: number,
  resource: string,
  message: string,
  rest: { data: unknown } | { errors: string },
): void {
  assert.equal(status, code);
  assert.deepEqual(body, { code, resource, message, ...rest });
}

let transactionCounter = 0;

/** A create-transaction body with a fresh transaction_id, for sandbox-company. */
export function newTransaction(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    transaction_id: `tx-${++transactionCounter}-${Date.now()}`,
    company_id: 'sandbox-company',
    authorization_method: 'kyc_register',
    metadata: { nin: '11.111.111-1' },
    ...overrides,
  };
}

/** A sandbox on a free port for the current test file, closed after it, with a client for its API. */
export async function sandboxForTests(options: SandboxOptions = {}): Promise<SandboxClient> {
  const handle = await startSandbox({ port: 0, ...options });
  after(() => handle.close());
  return new SandboxClient(handle);
}

export class SandboxClient {
  constructor(readonly handle: SandboxHandle) {}

  get url(): string {
    return this.handle.url;
  }

  /** Where the controls answer: loopback, whatever interface the sandbox listens on. */
  get controlsUrl(): string {
    return `http://127.0.0.1:${new URL(this.url).port}`;
  }

  async request(
    method: string,
    path: string,
    options: { token?: string; json?: unknown; body?: string; headers?: Record<string, string>; base?: string } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch((options.base ?? this.url) + path, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('json');
    return { status: response.status, headers: response.headers, body: isJson && text ? JSON.parse(text) : text };
  }

  async token(client_id = 'sandbox-client', client_secret = 'sandbox-secret'): Promise<string> {
    const reply = await this.request('POST', '/oauth/token/', { json: { client_id, client_secret, grant_type: 'client_credentials' } });
    if (reply.status !== 200) throw new Error(`token for ${client_id}: ${reply.status}`);
    return reply.body.access_token;
  }

  create(token: string, request: Record<string, unknown> = newTransaction()): Promise<Reply> {
    return this.request('POST', '/v1/transactions/', { token, json: request });
  }

  /** Creates a transaction that must succeed and returns its data. */
  async created(token: string, overrides: Record<string, unknown> = {}): Promise<any> {
    const reply = await this.create(token, newTransaction(overrides));
    if (reply.status !== 201) throw new Error(`create: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body.data;
  }

  get(token: string, identifier: string): Promise<Reply> {
    return this.request('GET', `/v1/transactions/${identifier}`, { token });
  }

  outcome(uuid: string, code: string): Promise<Reply> {
    return this.request('POST', `/sandbox/transactions/${uuid}/outcome`, { json: { code }, base: this.controlsUrl });
  }

  /** Applies codes in order, each of which must fit; returns the transaction after the last. */
  async outcomes(uuid: string, ...codes: string[]): Promise<any> {
    let data;
    for (const code of codes) {
      const reply = await this.outcome(uuid, code);
      if (reply.status !== 200) throw new Error(`outcome ${code}: ${reply.status} ${JSON.stringify(reply.body)}`);
      data = reply.body.data;
    }
    return data;
  }

  /** The end user's verification page of `uuid` (its HTML in `body`). */
  page(uuid: string, query = '', headers: Record<string, string> = {}): Promise<Reply> {
    return this.request('GET', `/transactions/${uuid}${query}`, { headers });
  }

  advanceClock(seconds: number): Promise<Reply> {
    return this.request('POST', '/sandbox/clock', { json: { advance_seconds: seconds }, base: this.controlsUrl });
  }

  credentialInformation(token: string, uuid: string): Promise<Reply> {
    return this.request('GET', `/api/v1/user/credential_information?transaction_id=${uuid}`, { token });
  }
}

export interface WebhookReceiver {
  url: string;
  received: Array<{ headers: IncomingMessage['headers']; body: any }>;
}

/** A real HTTP receiver on a free port answering `status`, closed after the test file. */
export async function webhookReceiver(status = 200): Promise<WebhookReceiver> {
  const received: WebhookReceiver['received'] = [];
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: JSON.parse(text) });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received };
}

/** A URL on which nothing listens: a port that was free a moment ago. */
export async function refusingUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/hook`;
}
