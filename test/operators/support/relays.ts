/**
 * What stands between the fleet and the service in the operators' tests: a relay that signs the
 * sandbox's webhooks (the signature docs/service.md §5.5 announces; the sandbox sends none) on
 * their way to the balancer, and a proxy in front of the service that can answer every read 503,
 * as a provider's outage would. Both count what they did.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signWebhookBody } from '../../../src/server/index.js';

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function serve(handle: (req: IncomingMessage, body: Buffer) => Promise<{ status: number; headers: Headers; body: ArrayBuffer }>) {
  const server = createServer(async (req, res) => {
    const answer = await handle(req, await bodyOf(req)).catch(() => undefined);
    if (!answer) return void res.writeHead(502).end();
    const headers = Object.fromEntries(
      [...answer.headers].filter(([name]) => !['content-encoding', 'transfer-encoding', 'content-length', 'connection'].includes(name)),
    );
    res.writeHead(answer.status, headers).end(Buffer.from(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()).closeAllConnections()),
  };
}

const forward = async (target: string, req: IncomingMessage, body: Buffer, headers: Record<string, string>) => {
  const answer = await fetch(target, {
    method: req.method,
    headers,
    body: body.length ? new Uint8Array(body) : undefined,
    redirect: 'manual',
  });
  return { status: answer.status, headers: answer.headers, body: await answer.arrayBuffer() };
};

const passed = (req: IncomingMessage) =>
  Object.fromEntries(Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name))) as Record<
    string,
    string
  >;

/** Signs each delivery with `secret` and passes it to `target(path)` (the path it came to); `forwarded` counts them. */
export async function startSigningRelay(secret: string, target: (path: string) => string) {
  let forwarded = 0;
  const relay = await serve(async (req, body) => {
    forwarded++;
    return forward(target(req.url!), req, body, { ...passed(req), 'x-kyc-signature': await signWebhookBody(secret, new Uint8Array(body)) });
  });
  return {
    ...relay,
    get forwarded() {
      return forwarded;
    },
  };
}

/** The service behind a switch: while `down`, every transaction read answers 503 (`failedReads` counts them). */
export async function startOutageProxy(serviceUrl: string) {
  let failedReads = 0;
  const state = { down: false };
  const proxy = await serve(async (req, body) => {
    if (state.down && req.method === 'GET' && req.url!.startsWith('/v1/transactions/')) {
      failedReads++;
      return { status: 503, headers: new Headers({ 'content-type': 'application/json' }), body: new TextEncoder().encode('{}').buffer };
    }
    return forward(`${serviceUrl}${req.url}`, req, body, passed(req));
  });
  return {
    ...proxy,
    state,
    get failedReads() {
      return failedReads;
    },
  };
}
