import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, test } from 'node:test';
import { createKycKit, signWebhookBody, toNodeHandler, type KycKitOptions } from '../../src/server/index.js';
import { createRequestWithoutId, pendingPayload, sandboxClient, useSandbox } from './harness.js';

const sandbox = useSandbox();
let close: () => Promise<void> = async () => {};
afterEach(() => close());

type Parsed = IncomingMessage & { body?: unknown; rawBody?: Buffer };

/** What `express.json()` does: read the stream, parse it, and (with a `verify` hook) keep the raw bytes. */
function jsonBodyParser(keepRaw: boolean) {
  return (req: Parsed, _res: ServerResponse, next: () => void) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      if (keepRaw) req.rawBody = raw;
      req.body = JSON.parse(raw.toString());
      next();
    });
  };
}

/** A webhook handler behind a body parser, Express-style: `(req, res, next)` middleware in a chain. */
async function webhookBehindParser(keepRaw: boolean, options: Partial<KycKitOptions> = {}) {
  const kit = createKycKit({
    client: sandboxClient(sandbox.url),
    buildRequest: () => createRequestWithoutId(),
    onResult: () => {},
    tuning: { sweepIntervalMs: 0 },
    ...options,
  });
  const handler = toNodeHandler(kit.webhook);
  const parse = jsonBodyParser(keepRaw);
  const server = createServer((req, res) => parse(req, res, () => handler(req, res, (error) => res.writeHead(599).end(String(error)))));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () => new Promise((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/kyc/webhook`;
}

const payload = JSON.stringify(pendingPayload(crypto.randomUUID()));
/** The webhook's delivery of `payload`, signed with `signature`. */
const deliver = async (url: string, signature: string) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-kyc-signature': signature }, body: payload });

test('behind a body parser that kept the raw body, the HMAC of the original bytes still checks', async () => {
  const url = await webhookBehindParser(true, { secret: 's' });
  assert.equal((await deliver(url, await signWebhookBody('s', payload))).status, 204);
});

test('each answer has the reason phrase of its status on its status line (HTTP/1.1 204 No Content, not "204 ")', async () => {
  const url = await webhookBehindParser(true, { secret: 's' });
  const [signed, forged] = [await deliver(url, await signWebhookBody('s', payload)), await deliver(url, 'forged')];
  assert.deepEqual(
    [signed, forged].map(({ status, statusText }) => `${status} ${statusText}`),
    ['204 No Content', '401 Unauthorized'],
  );
});

test('behind a body parser without the raw body, the parsed body is re-serialized and read', async () => {
  const url = await webhookBehindParser(false);
  assert.equal((await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload })).status, 204);
});

test('the session handler mounted where the path is stripped (Express’s app.use) creates, and answers GET /<uuid> with the status', async () => {
  const kit = createKycKit({
    client: sandboxClient(sandbox.url),
    buildRequest: () => createRequestWithoutId(),
    onResult: () => {},
    tuning: { sweepIntervalMs: 0 },
  });
  const handler = toNodeHandler(kit.session);
  const mount = '/kyc/session';
  // What app.use(mount, handler) does: the handler sees the path below the mount.
  const server = createServer((req, res) => {
    req.url = req.url!.slice(mount.length) || '/';
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () => new Promise((resolve) => server.close(() => resolve()));
  const sessionUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}${mount}`;
  const created = await fetch(sessionUrl, { method: 'POST', headers: { 'kyc-verify-session': 'resume' } });
  assert.equal(created.status, 201);
  const { uuid } = (await created.json()) as { uuid: string };
  const status = await fetch(`${sessionUrl}/${uuid}`);
  assert.equal(status.status, 200);
  assert.equal(((await status.json()) as { uuid: string }).uuid, uuid);
});
