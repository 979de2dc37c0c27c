/**
 * `publicUrl`: where browsers and phones reach the app. The absolute URLs the kit answers with
 * are built on it, never on the request's Host; without it, nothing is built on a Host that is not
 * loopback, and the integrator is told once how to turn the short link on.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
// The harness first: it imports the sandbox, whose schemas need @hono/zod-openapi loaded before the kit's zod.
import { sessionHeader, useHost } from './harness.js';
import { KycConfigurationError, createKycKit, toNodeHandler } from '../../src/server/index.js';
import { NamedHostBrowser } from '../support/named-host-browser.js';

const { sandbox, start } = useHost();

/** A session POST as the element sends it from a page on `origin`, to the host on 127.0.0.1 `port`. */
async function sessionOn(origin: string, port: number, path = '/kyc/session') {
  const answer = await new NamedHostBrowser(origin, port).request(`${origin}${path}`, {
    method: 'POST',
    headers: { ...sessionHeader('new'), origin, 'sec-fetch-site': 'same-origin' },
  });
  assert.ok(answer.status < 300, answer.body);
  return JSON.parse(answer.body) as { uuid: string; link: string; status_url?: string; typed_code?: { url: string; code: string } };
}

const portOf = (url: string) => Number(new URL(url).port);

test('behind a proxy that takes /app off, the short link, the typed code and status_url are on the public URL with its prefix, whatever the Host', async () => {
  const host = await start({ publicUrl: 'https://shop.test/app/', statusUrl: '/kyc/status/{uuid}' });
  // The proxy passes its upstream's name on, as nginx does without proxy_set_header Host.
  const body = await sessionOn('http://internal-upstream:8080', portOf(host.url));
  assert.match(body.link, /^https:\/\/shop\.test\/app\/kyc\/go\/[^/]+$/);
  assert.equal(body.typed_code?.url, 'https://shop.test/app/kyc/go');
  assert.equal(body.status_url, `https://shop.test/app/kyc/status/${body.uuid}`);
});

test("the public URL's origin is the backend's own for the session guard, whatever Host the proxy passes on", async () => {
  const host = await start({ publicUrl: 'https://shop.test' });
  const answer = await new NamedHostBrowser('http://internal-upstream:8080', portOf(host.url)).request(
    'http://internal-upstream:8080/kyc/session',
    // Origin says where the page is; no Sec-Fetch-Site (a browser that sends none).
    { method: 'POST', headers: { ...sessionHeader('new'), origin: 'https://shop.test' } },
  );
  assert.equal(answer.status, 201, answer.body);
});

test('without publicUrl, a Host that is not loopback builds nothing: the service link, and onError told once how to turn the short link on', async () => {
  const told: unknown[] = [];
  // With clientAddress, the only setting missing is publicUrl.
  const host = await start({ onError: (error) => told.push(error), clientAddress: () => '203.0.113.7' });
  for (let session = 0; session < 2; session++) {
    const body = await sessionOn('http://shop.test', portOf(host.url));
    assert.equal(body.link, `${sandbox.url}/transactions/${body.uuid}`);
    assert.equal(body.typed_code, undefined);
  }
  // The kit's other note of its setup (no clientAddress, on a public host) aside.
  const handoff = told.filter((error) => error instanceof KycConfigurationError && /short link/.test(error.message));
  assert.equal(handoff.length, 1);
  assert.match((handoff[0] as Error).message, /publicUrl/);
});

test('a kit missing two settings tells both, each once: neither folds into the other as a repeat', async () => {
  const told: unknown[] = [];
  const host = await start({ onError: (error) => told.push(error) });
  await sessionOn('http://shop.test', portOf(host.url));
  await sessionOn('http://shop.test', portOf(host.url));
  const notes = told.map((error) => (error instanceof KycConfigurationError ? error.message : String(error)));
  assert.equal(notes.length, 2, notes.join('\n'));
  assert.ok(notes.some((note) => note.startsWith('no clientAddress')));
  assert.ok(notes.some((note) => note.includes('without publicUrl')));
});

test('by default, that is one warning line on the console', async (t) => {
  const warned = t.mock.method(console, 'warn', () => {});
  const failed = t.mock.method(console, 'error', () => {});
  const host = await start({ clientAddress: () => '203.0.113.7' });
  await sessionOn('http://shop.test', portOf(host.url));
  assert.equal(warned.mock.callCount(), 1);
  assert.match(String(warned.mock.calls[0]!.arguments[0]), /^kyc-verify session: the handoff's short link is off: without publicUrl/);
  assert.equal(failed.mock.callCount(), 0);
});

test('without publicUrl on a loopback host (development), the short link is off, and told once as that, not as an untrusted Host', async () => {
  const told: unknown[] = [];
  const host = await start({ onError: (error) => told.push(error) });
  const body = await sessionOn(host.url, portOf(host.url));
  assert.equal(body.link, `${sandbox.url}/transactions/${body.uuid}`);
  assert.deepEqual(
    told.map((error) => (error as Error).message.replace(/ \(.*/, '')),
    ["the handoff's short link is off on this loopback host"],
  );
});

test("a mount that hides the session's path (it sees '/') turns the short link off and tells onError once, with the fix", async () => {
  const told: unknown[] = [];
  const host = await start({ publicUrl: 'https://shop.test', onError: (error) => told.push(error) });
  // The host's router sends /kyc/session* to the kit: '/kyc/session' with its prefix cut is what Hono's app.mount passes on.
  const hidden = await host.kit.session(
    new Request(`${host.url}/`, { method: 'POST', headers: { ...sessionHeader('new'), origin: 'https://shop.test' } }),
  );
  const body = (await hidden.json()) as { uuid: string; link: string };
  assert.equal(body.link, `${sandbox.url}/transactions/${body.uuid}`);
  assert.equal(told.length, 1);
  assert.match(
    (told[0] as Error).message,
    /sees the path '\/'.*app\.all, app\.route or toNodeHandler, or give handoff\.url as an absolute URL/,
  );
});

test('toNodeHandler keeps a request path that reads as another host (//other.example/…) a path of the Host it came to', async () => {
  const told: unknown[] = [];
  const host = await start({ onError: (error) => told.push(error) });
  const server = createServer(toNodeHandler(host.kit.session));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Read as a URL of other.example, this request would look like one from a host a phone reaches: a Host not trusted, told.
    const body = await sessionOn(origin, portOf(origin), '//other.example/kyc/session');
    assert.equal(body.link, `${sandbox.url}/transactions/${body.uuid}`);
    assert.deepEqual(
      told.map((error) => (error as Error).message.replace(/ \(.*/, '')),
      ["the handoff's short link is off on this loopback host"],
    );
  } finally {
    server.close();
  }
});

test('publicUrl must be an absolute http(s) URL with no query, fragment or credentials: refused when the kit is built', () => {
  const build = (publicUrl: string) => () =>
    createKycKit({
      client: { now: Date.now } as never,
      buildRequest: () => new Response(null),
      onResult: () => {},
      publicUrl,
    });
  for (const wrong of [
    'shop.example',
    '/kyc',
    'ftp://shop.example',
    'https://shop.example/?a=1',
    'https://shop.example/#top',
    'https://u:p@shop.example',
  ])
    assert.throws(build(wrong), KycConfigurationError, wrong);
});
