/**
 * No request without a login creates state that fills the store: a flood of guessed codes, of
 * unknown links and of devices opening a live link, then a new person's session, a poll, a signed
 * webhook and a send are answered as ever; on Redis, the keys the flood wrote are counted.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
// The harness first: it imports the sandbox, whose schemas need @hono/zod-openapi loaded before the kit's zod.
import { pendingPayload, useHost } from './harness.js';
import { MemoryStore, signWebhookBody, type Store } from '../../src/server/index.js';
import { RedisStore } from '../../src/server/redis/index.js';
import { newCode } from '../../src/server/handoff/codes.js';
import { hostWithShortLink } from './handoff-host.js';
import { useRedis } from '../support/use-redis.js';

const { start } = useHost();
const SECRET = 'flood-secret';
/** Requests of each kind: more than a MemoryStore of 5 transactions has room for, were each kept. */
const FLOOD = 100;

const redis = useRedis();

async function floodThenServe(store: Store) {
  const host = await hostWithShortLink(start, {
    store,
    secret: SECRET,
    sendLink: async () => ({ to: 'a•••@mail.example' }),
    // The spent miss budget is told to onError; the test reads the answers.
    onError: () => {},
  });
  const { phone, url, body } = host;
  const random = () =>
    btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))))
      .replace(/[+/=]/g, 'A')
      .slice(0, 22);
  for (let request = 0; request < FLOOD; request++) {
    await phone().type(newCode());
    await phone().open(`${url}/kyc/go/${random()}`);
    // Browsers with a cookie of their own, on the live link: its devices, a few recorded at most.
    await Object.assign(phone(), { cookie: `kyc_device=${crypto.randomUUID()}` }).open(body.link);
  }
  const session = await host.startSession('bob');
  assert.equal(session.response.status, 201);
  assert.equal((await host.poll(session.body.uuid, 'bob')).status, 200);
  const payload = JSON.stringify(pendingPayload(session.body.uuid));
  const webhook = await fetch(`${url}/kyc/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-kyc-signature': await signWebhookBody(SECRET, payload) },
    body: payload,
  });
  assert.equal(webhook.status, 204);
  const send = await fetch(`${url}/kyc/status/${session.body.uuid}/send`, {
    method: 'POST',
    headers: { 'x-user': 'bob', 'sec-fetch-site': 'same-origin', 'kyc-verify-session': 'send' },
    body: JSON.stringify({ channel: 'email' }),
  });
  assert.equal(send.status, 200);
  assert.equal(
    (await phone().type((session.body.typed_code as { code: string }).code)).status,
    429,
    'the kit-wide miss budget is spent for a minute',
  );
  assert.equal((await phone().open(session.body.link)).status, 303, 'links are not guesses: they still work');
  /** What names each transaction in the store: its uuid, its link's token, its code, its webhook's digest. */
  const idsOf = async ({ uuid, link, typed_code }: { uuid: string; link: string; typed_code?: unknown }, body = '') => [
    uuid,
    link.split('/').at(-1)!,
    (typed_code as { code: string }).code,
    ...(body ? [await sha256Hex(body)] : []),
  ];
  return { alice: await idsOf(host.body), bob: await idsOf(session.body, payload) };
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

test('on a small MemoryStore (5 transactions): 100 guessed codes, 100 unknown links and 100 devices, then everyone else is answered', async () => {
  await floodThenServe(new MemoryStore({ maxEntries: 5 }));
});

test('on Redis: the same flood writes no key per guess, per unknown link, nor per device past the few a link records', async () => {
  const prefix = 'flood:';
  const { client } = redis;
  const store = new RedisStore({ client, prefix });
  const { alice, bob } = await floodThenServe(store);
  const written = (await client.keys(`${prefix}*`)).map((key) => key.slice(prefix.length));
  const of = (ids: string[]) => written.filter((key) => ids.some((id) => key.includes(id)));
  const transactions = of([...alice, ...bob, 'alice', 'bob']);
  // A link's devices: its first and 4 others (MAX_DEVICES), whatever 100 browsers did.
  assert.equal(of(alice).filter((key) => key.startsWith('lease:handoff:device:')).length, 4);
  assert.deepEqual(written.filter((key) => !transactions.includes(key)).sort(), [
    'followed:due',
    'followed:ends',
    'lease:budget-told:typedCodeMissesPerMinute',
    'limit:budget:createdPerMinute:*',
    'limit:budget:readsPerSecond:*',
    'limit:budget:sendsPerMinute:*',
    'limit:budget:typedCodeMissesPerMinute:*',
    'shared:step-webhooks-arrive',
  ]);
});
