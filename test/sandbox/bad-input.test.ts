/**
 * Hostile input: what a stranger on the network, or a careless client, sends the sandbox. Each
 * test names the harm it keeps out. The sandbox here listens on every interface, as it does for a
 * phone, and the test reaches it at this machine's network address: the sandbox sees a caller that
 * is not on loopback.
 */
import assert from 'node:assert/strict';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import { newTransaction, sandboxForTests, type Reply } from './helpers.js';

// One attempt per delivery, and no console line for the deliveries these tests make fail.
const exposed = await sandboxForTests({ host: '0.0.0.0', webhookRetry: { attempts: 1 }, log: () => {} });
const onNetwork = !['127.0.0.1', 'localhost'].includes(new URL(exposed.url).hostname);
const token = await exposed.token();

/** The reply has `status` and its body is exactly an error envelope (spec §7.1) whose `errors` matches. */
function assertRefused({ status, body }: Reply, expected: number, errors: RegExp, resource = 'Transaction'): void {
  assert.equal(status, expected, JSON.stringify(body));
  assert.deepEqual(Object.keys(body).sort(), ['code', 'errors', 'message', 'resource']);
  assert.equal(body.code, expected);
  assert.equal(body.resource, resource);
  assert.match(body.errors, errors);
}

/** A server on every interface that counts the requests it receives. */
async function listenerOnEveryInterface(): Promise<{ port: number; received: () => number }> {
  let received = 0;
  const server = createServer((incoming, answer) => {
    received++;
    incoming.resume();
    answer.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port: (server.address() as AddressInfo).port, received: () => received };
}

// Request forgery: the sandbox must not POST where a stranger points it.

test('a webhook to a private address outside the allowed hosts is refused at creation with a 400 envelope', async () => {
  assertRefused(
    await exposed.create(token, newTransaction({ webhook: 'http://10.20.30.40:8080/admin' })),
    400,
    /^webhook: host 10\.20\.30\.40 is not allowed/,
  );
});

test('a webhook to the cloud metadata address is refused at creation', async () => {
  assertRefused(await exposed.create(token, newTransaction({ webhook: 'http://169.254.169.254/latest/meta-data/' })), 400, /^webhook: /);
});

test('a webhook naming this machine as 0.0.0.0 is refused, and nothing is posted there', async () => {
  const listener = await listenerOnEveryInterface();
  const reply = await exposed.create(token, newTransaction({ webhook: `http://0.0.0.0:${listener.port}/hook` }));
  if (reply.status === 201) await exposed.outcomes(reply.body.data.uuid, '016');
  await exposed.handle.webhooksSettled();
  assertRefused(reply, 400, /^webhook: host 0\.0\.0\.0 is not allowed/);
  assert.equal(listener.received(), 0);
});

test(
  'from another machine, the webhook log (which target answered what) is refused with 403',
  { skip: !onNetwork && 'no network address' },
  async () => {
    const { uuid } = await exposed.created(token, { webhook: 'http://127.0.0.1:9/closed-port' });
    await exposed.outcomes(uuid, '016');
    await exposed.handle.webhooksSettled();
    assertRefused(await exposed.request('GET', `/sandbox/webhooks?uuid=${uuid}`), 403, /machine only/, 'Webhook');
  },
);

// Open redirect: the sandbox's origin must not forward a browser to any site.

test('a redirect_uri outside the allowed hosts is refused at creation', async () => {
  const metadata = { nin: '11.111.111-1', redirect_uri: 'https://phishing.example/login', web_redirect: true };
  assertRefused(
    await exposed.create(token, newTransaction({ metadata })),
    400,
    /^metadata\.redirect_uri: host phishing\.example is not allowed/,
  );
});

test('a forged Host header does not become the origin of validator_url', async () => {
  const body = JSON.stringify(newTransaction());
  const reply = await new Promise<any>((resolve, reject) => {
    const headers = { host: 'phishing.example', authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const sent = request(new URL('/v1/transactions/', exposed.url), { method: 'POST', headers }, (answer) => {
      let text = '';
      answer.on('data', (chunk) => (text += chunk));
      answer.on('end', () => resolve(JSON.parse(text)));
    });
    sent.once('error', reject);
    sent.end(body);
  });
  assert.equal(new URL(reply.data.validator_url).origin, exposed.url);
});

// Memory: what one request can make the sandbox hold.

const OVERSIZED: Array<[string, Record<string, unknown>, RegExp]> = [
  ['a link of 60 KB', { link: `https://example.test/${'x'.repeat(60_000)}` }, /^link: /],
  ['a transaction_id of 256 characters', { transaction_id: 't'.repeat(256) }, /^transaction_id: /],
  ['a user_id of 256 characters', { user_id: 'u'.repeat(256) }, /^user_id: /],
  ['a webhook of 2049 characters', { webhook: `http://127.0.0.1/${'w'.repeat(2032)}` }, /^webhook: /],
  ['eleven allowed_clients', { allowed_clients: Array.from({ length: 11 }, (_, i) => `client-${i}`) }, /^allowed_clients: /],
  ['a metadata.country of 65 characters', { metadata: { nin: '11.111.111-1', country: 'C'.repeat(65) } }, /^metadata\.country: /],
];

for (const [what, overrides, errors] of OVERSIZED) {
  test(`${what} answers 422 naming the field, under the body limit`, async () => {
    assertRefused(await exposed.create(token, newTransaction(overrides)), 422, errors);
  });
}

test('an expiration longer than a week answers 422: no timer waits a century', async () => {
  assertRefused(await exposed.create(token, newTransaction({ expiration: 7 * 86_400 + 1 })), 422, /^expiration: /);
});

test('once maxTransactions are all in progress, creating answers 503 and the others stay readable', async () => {
  const full = await sandboxForTests({ maxTransactions: 2 });
  const fullToken = await full.token();
  const first = await full.created(fullToken);
  await full.created(fullToken);
  assertRefused(await full.create(fullToken), 503, /2 transactions in progress/);
  assert.equal((await full.get(fullToken, first.uuid)).status, 200);
});

test('at maxTransactions, the oldest ended transaction makes room for a new one', async () => {
  const full = await sandboxForTests({ maxTransactions: 2 });
  const fullToken = await full.token();
  const ended = await full.created(fullToken);
  await full.outcomes(ended.uuid, '016');
  const live = await full.created(fullToken);
  assert.equal((await full.create(fullToken)).status, 201);
  assert.equal((await full.get(fullToken, ended.uuid)).status, 404);
  assert.equal((await full.get(fullToken, live.uuid)).status, 200);
});

test('an ended transaction is dropped once its retention has passed', async () => {
  const brief = await sandboxForTests({ endedRetentionSeconds: 0 });
  const briefToken = await brief.token();
  const { uuid } = await brief.created(briefToken);
  await brief.outcomes(uuid, '016');
  assertRefused(await brief.get(briefToken, uuid), 404, new RegExp(uuid));
});

// The clock: each move is bounded, and so is their sum.

test('a clock advance past the largest date answers 400, and the sandbox goes on serving', async () => {
  const clock = await sandboxForTests();
  const century = 100 * 365 * 86_400;
  // About 2,740 centuries reach the largest date, +275760-09-13; sent a hundred at a time.
  const statuses = new Set<number>();
  for (let batch = 0; batch < 30 && !statuses.has(400); batch++) {
    const replies = await Promise.all(Array.from({ length: 100 }, () => clock.advanceClock(century)));
    for (const { status } of replies) statuses.add(status);
  }
  assert.deepEqual([...statuses].sort(), [200, 400]);
  assertRefused(await clock.advanceClock(century), 400, /largest date/, 'Clock');
  assert.equal((await clock.request('GET', '/sandbox/clock')).status, 200);
  assert.equal((await clock.create(await clock.token())).status, 201);
});
