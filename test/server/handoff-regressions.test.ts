/**
 * What the handoff's security review found to hold, kept: no open redirect, nothing a request
 * says written back, and a store that fails answers 503 and then works again.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
// The harness first: it imports the sandbox, whose schemas need @hono/zod-openapi loaded before the kit's zod.
import { useHost } from './harness.js';
import { RedisStore } from '../../src/server/redis/index.js';
import { hostWithShortLink } from './handoff-host.js';
import { browserFetch } from '../support/browser-fetch.js';
import { useRedis } from '../support/use-redis.js';

const { sandbox, start } = useHost();
const MARK = '<script>kyc-mark</script>';

const redis = useRedis({ persistent: true });

test('no open redirect: every variant of the go path leads only to the link itself or the service', async () => {
  const { url, body, phone, typed } = await hostWithShortLink(start);
  const token = body.link.split('/').at(-1)!;
  const service = `${sandbox.url}/transactions/${body.uuid}`;
  // A right code leads to the service, whatever else the form or the request says.
  const right = await phone().type(typed.code, { 'x-next': 'https://attacker.example' });
  assert.equal(right.headers.get('location'), service);
  const variants = [
    '/kyc/go//attacker.example',
    '/kyc/go/..%2F..%2Fattacker.example',
    '/kyc/go?next=https://attacker.example',
    '/kyc/go/https:%2F%2Fattacker.example',
    `/kyc/go/%2F%2Fattacker.example%2F${token}`,
    `/kyc/go/${token}%0d%0aLocation:%20https://attacker.example`,
    `/kyc/go/${token}?next=//attacker.example&cookie=1`,
    `/kyc/go/attacker.example/${token}`,
  ];
  const device = `kyc_device=${crypto.randomUUID()}`;
  for (const variant of variants) {
    for (const cookie of [undefined, device]) {
      const answer = await browserFetch(`${url}${variant}`, { headers: { ...(cookie && { cookie }) } });
      const location = answer.headers.get('location');
      if (location) assert.ok(location.startsWith(`${body.link}?`) || location === service, `${variant} → ${location}`);
    }
  }
});

test('nothing a request says is written back: not its path, its query, its form, its headers', async () => {
  const { url, body, phone, typed } = await hostWithShortLink(start);
  const token = body.link.split('/').at(-1)!;
  const marked = encodeURIComponent(MARK);
  const answers = [
    await browserFetch(`${url}/kyc/go/${marked}?q=${marked}`, { headers: { 'accept-language': MARK } }),
    await browserFetch(`${url}/kyc/go/${token}?via=${marked}`, { headers: { 'user-agent': MARK } }),
    await phone().type(`${MARK}ACDE`),
    await phone().type(typed.code.slice(0, 7) + MARK),
  ];
  for (const answer of answers) {
    const text = `${[...answer.headers].map(([name, value]) => `${name}: ${name === 'location' ? '' : value}`).join('\n')}\n${await answer.text()}`;
    assert.ok(!text.includes('kyc-mark'), text);
  }
});

test(
  'on Redis, a store that fails answers 503 with Retry-After, and the link works again once it is back',
  { timeout: 30_000 },
  async () => {
    const { server } = redis;
    const store = new RedisStore({ url: server.url, commandTimeoutMs: 1000 });
    try {
      const { body, phone } = await hostWithShortLink(start, { store, onError: () => {} });
      const device = phone();
      await server.stop();
      const down = await device.open(body.link);
      assert.equal(down.status, 503);
      assert.equal(down.headers.get('retry-after'), '5');
      await server.restart();
      for (let attempt = 0; ; attempt++) {
        const answer = await device.open(body.link);
        if (answer.status === 303) break;
        assert.ok(attempt < 100, `still ${answer.status}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await store.close();
    }
  },
);
