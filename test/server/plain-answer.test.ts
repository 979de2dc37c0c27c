// The Node adapter answers a poll without Fetch objects (src/server/handlers/plain-answer.ts): these
// tests ask the same questions of the kit's Fetch handler and of its Node mount over real HTTP, and
// require the same answer, byte for byte: status, the headers that say anything, body.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import { createKycKit, MemoryStore, toNodeHandler, type KycKit, type Store } from '../../src/server/index.js';
import { createRequestWithoutId, ownerFromHeader, sandboxClient, sessionHeader, useSandbox } from './harness.js';

const sandbox = useSandbox();

/** What differs by transport only: how the body is framed and the connection kept. */
const TRANSPORT_HEADERS = new Set(['connection', 'content-length', 'date', 'keep-alive', 'transfer-encoding']);

/** A frozen clock that only `tick` moves: both ways of asking then answer at the same `server_time`. */
let now = Date.now();
const tick = (ms = 1_100) => void (now += ms);
/** While set, the service cannot be reached: the kit serves the last known status, stale. */
let serviceDown = false;
/** While set, the store fails every `getCreated`. */
let storeDown = false;

const memory = new MemoryStore({ now: () => now });
const store = new Proxy(memory, {
  get(target, property) {
    if (property === 'getCreated' && storeDown) return () => Promise.reject(new Error('the store is down'));
    const value: unknown = Reflect.get(target, property);
    return typeof value === 'function' ? value.bind(target) : value;
  },
}) as Store;

let kit: KycKit;
let origin: string;
let closeServer: (() => Promise<void>) | undefined;

/** The kit, its status handler mounted on node:http: made by the first test (the sandbox is up by then). */
async function mounted(): Promise<void> {
  if (closeServer) return;
  kit = createKycKit({
    client: sandboxClient(sandbox.url, {
      now: () => now,
      fetch: (input, init) => (serviceDown ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init)),
    }),
    store,
    owner: ownerFromHeader,
    buildRequest: () => createRequestWithoutId(),
    onResult: () => {},
    onError: () => {},
    tuning: { sweepIntervalMs: 0 },
  });
  const status = toNodeHandler(kit.status);
  const server = createServer((req, res) => status(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closeServer = () => new Promise((resolve) => server.close(() => resolve()));
}
after(async () => {
  kit?.close();
  await closeServer?.();
});

async function answerOf(response: Response) {
  const headers = [...response.headers].filter(([name]) => !TRANSPORT_HEADERS.has(name));
  return { status: response.status, headers, body: await response.text() };
}

/**
 * Asks the Node mount, then the Fetch handler, the same question; asserts they answer the same and
 * gives the answer. The Node mount's plain answer has a Content-Length (a Response's body is piped, chunked).
 */
async function askBoth(path: string, init: RequestInit = {}) {
  const overNode = await fetch(`${origin}${path}`, init);
  const plain = overNode.headers.has('content-length') || overNode.status === 304;
  const node = await answerOf(overNode);
  const direct = await answerOf(await kit.status(new Request(`${origin}${path}`, init)));
  assert.deepEqual(node, direct);
  return { ...node, plain };
}

/** A transaction created for a caller of its own (each caller may create only so many a minute); its uuid, and how its caller asks. */
async function created() {
  await mounted();
  const user = `user-${crypto.randomUUID()}`;
  const answer = await kit.session(
    new Request(`${origin}/kyc/session`, { method: 'POST', headers: { 'x-user': user, ...sessionHeader('new') } }),
  );
  assert.equal(answer.status, 201);
  return { uuid: ((await answer.json()) as { uuid: string }).uuid, user, asOwner: { headers: { 'x-user': user } } };
}

test('a pending transaction: the status and its ETag, then 304 for If-None-Match, alone or in a list', async () => {
  const { uuid, user, asOwner } = await created();
  const pending = await askBoth(`/kyc/status/${uuid}`, asOwner);
  assert.equal(pending.status, 200);
  assert.ok(pending.plain, 'answered without Fetch objects');
  assert.equal((JSON.parse(pending.body) as { state: string }).state, 'pending');
  const etag = pending.headers.find(([name]) => name === 'etag')![1];
  for (const ifNoneMatch of [etag, `W/"other", ${etag}`]) {
    const unchanged = await askBoth(`/kyc/status/${uuid}`, { headers: { 'x-user': user, 'if-none-match': ifNoneMatch } });
    assert.equal(unchanged.status, 304);
    assert.equal(unchanged.body, '');
  }
  assert.equal((await askBoth(`/kyc/status/${uuid}`, { headers: { 'x-user': user, 'if-none-match': '"other"' } })).status, 200);
});

test("another caller's transaction, an unknown uuid and no uuid at all: 404, 404 and 400", async () => {
  const { uuid, asOwner } = await created();
  const refused = await askBoth(`/kyc/status/${uuid}`, { headers: { 'x-user': 'bob' } });
  assert.deepEqual([refused.status, refused.plain], [404, true]);
  assert.equal((await askBoth(`/kyc/status/${uuid}`)).status, 404);
  assert.equal((await askBoth(`/kyc/status/${crypto.randomUUID()}`, asOwner)).status, 404);
  assert.equal((await askBoth('/kyc/status/not-a-uuid', asOwner)).status, 400);
});

test('another method: 405 with Allow, from the Fetch handler itself', async () => {
  const { uuid, asOwner } = await created();
  for (const method of ['POST', 'DELETE']) {
    const answer = await askBoth(`/kyc/status/${uuid}`, { method, ...asOwner });
    assert.equal(answer.status, 405);
    assert.ok(answer.headers.some(([name, value]) => name === 'allow' && value === 'GET'));
  }
});

test('an ended transaction: its end, the same both ways', async () => {
  const { uuid, asOwner } = await created();
  await sandbox.succeed(uuid);
  tick();
  const ended = await askBoth(`/kyc/status/${uuid}`, asOwner);
  assert.equal((JSON.parse(ended.body) as { state: string }).state, 'successful');
  await kit.idle();
});

test('while the service cannot be read: the last known status, stale, with the same Age', async () => {
  const { uuid, asOwner } = await created();
  await askBoth(`/kyc/status/${uuid}`, asOwner);
  serviceDown = true;
  try {
    tick(3_000);
    const stale = await askBoth(`/kyc/status/${uuid}`, asOwner);
    assert.equal(stale.status, 200);
    assert.ok(stale.headers.some(([name, value]) => name === 'x-kyc-stale' && value === '3'));
  } finally {
    serviceDown = false;
  }
});

test('while the store fails: 503 with Retry-After', async () => {
  const { uuid, asOwner } = await created();
  storeDown = true;
  try {
    const failing = await askBoth(`/kyc/status/${uuid}`, asOwner);
    assert.deepEqual([failing.status, failing.plain], [503, true]);
  } finally {
    storeDown = false;
  }
});

/** A stream's status, headers and text up to its first status event, then closed. */
async function streamStart(response: Response, close: () => void) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!/event: status\n.*\n\n/.test(text)) text += decoder.decode((await reader.read()).value, { stream: true });
  close();
  await reader.cancel().catch(() => {});
  const headers = [...response.headers].filter(([name]) => !TRANSPORT_HEADERS.has(name));
  return { status: response.status, headers, text };
}

test('a stream: the same headers and the same first events, written straight to the Node response', async () => {
  const { uuid, user } = await created();
  const headers = { 'x-user': user, accept: 'text/event-stream' };
  const overNode = new AbortController();
  const node = await streamStart(await fetch(`${origin}/kyc/status/${uuid}`, { headers, signal: overNode.signal }), () => overNode.abort());
  const direct = new AbortController();
  const request = new Request(`${origin}/kyc/status/${uuid}`, { headers, signal: direct.signal });
  const fetched = await streamStart(await kit.status(request), () => direct.abort());
  assert.deepEqual(node, fetched);
  assert.match(node.text, /^retry: 3000\n\nid: \w+\nevent: status\ndata: \{"uuid":/);
  // Both streams closed: the kit counts none open.
  for (let tries = 0; tries < 100 && kit.openStreams > 0; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(kit.openStreams, 0);
});
