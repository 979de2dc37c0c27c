/**
 * The ready-made `clientAddress` readers (docs/budgets.md#client-addresses): each reads the address
 * the proxy or platform wrote, never one the client wrote, and gives it as the budget's key. And the
 * one line a kit without them says when it serves clients from beyond this machine.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { test } from 'node:test';
import { clientAddressFrom, KycConfigurationError, type ClientAddressOf, type KycKitOptions } from '../../src/server/index.js';
import { ownerFromHeader, sandboxClient, sessionHeader, useHost } from './harness.js';

const { sandbox, start } = useHost();

const read = (reader: ClientAddressOf, headers: Record<string, string>) =>
  reader(new Request('http://shop.example/kyc/session', { headers }));

test('X-Forwarded-For behind one proxy: the entry it appended, whatever the client wrote before it', async () => {
  const nginx = clientAddressFrom.forwardedFor(1);
  assert.equal(await read(nginx, { 'x-forwarded-for': '203.0.113.7' }), '203.0.113.7');
  assert.equal(await read(nginx, { 'x-forwarded-for': '10.0.0.1, 1.1.1.1, 203.0.113.7' }), '203.0.113.7', 'spoofed entries to its left');
  assert.equal(await read(nginx, { 'x-forwarded-for': 'not-an-address, 203.0.113.7' }), '203.0.113.7');
  assert.equal(await read(nginx, { 'x-forwarded-for': '203.0.113.7, garbage' }), undefined, 'what the proxy appended is no address');
  assert.equal(await read(nginx, {}), undefined, 'a request that did not come through the proxy');
});

test('X-Forwarded-For behind two proxies: the entry the outer one appended; fewer entries than proxies is no address', async () => {
  const behindTwo = clientAddressFrom.forwardedFor(2);
  assert.equal(await read(behindTwo, { 'x-forwarded-for': '198.51.100.1, 203.0.113.7, 10.0.0.2' }), '203.0.113.7');
  assert.equal(await read(behindTwo, { 'x-forwarded-for': '10.0.0.2' }), undefined);
  assert.throws(() => clientAddressFrom.forwardedFor(0), RangeError);
});

test("a platform's header: its one address, or none when the header holds a list or anything else", async () => {
  const cases: [ClientAddressOf, string][] = [
    [clientAddressFrom.platform('cloudflare'), 'cf-connecting-ip'],
    [clientAddressFrom.platform('fly'), 'fly-client-ip'],
    [clientAddressFrom.platform('vercel'), 'x-vercel-forwarded-for'],
    [clientAddressFrom.header('x-real-ip'), 'x-real-ip'],
  ];
  for (const [reader, header] of cases) {
    assert.equal(await read(reader, { [header]: '203.0.113.7', 'x-forwarded-for': '1.1.1.1' }), '203.0.113.7', header);
    assert.equal(await read(reader, { [header]: '1.1.1.1, 203.0.113.7' }), undefined, `${header}: a list`);
    assert.equal(await read(reader, { 'x-forwarded-for': '203.0.113.7' }), undefined, `${header}: missing`);
  }
});

test('addresses are keys: a port and brackets taken off, IPv4-mapped IPv6 as IPv4, IPv6 as its /64', async () => {
  const reader = clientAddressFrom.header('x-real-ip');
  const keys: [string, string][] = [
    ['203.0.113.7:51234', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3:8d3::/64'],
    ['[2001:DB8:85a3:08d3::1]:443', '2001:db8:85a3:8d3::/64'],
  ];
  for (const [written, key] of keys) assert.equal(await read(reader, { 'x-real-ip': written }), key, written);
});

test('a setting names a reader: the platforms, x-forwarded-for with its proxies, header:<name>; empty is none, anything else throws', async () => {
  const headers = { 'cf-connecting-ip': '192.0.2.1', 'x-forwarded-for': '192.0.2.9, 192.0.2.2, 192.0.2.3', 'x-client-ip': '192.0.2.4' };
  const settings: [string, string][] = [
    ['cloudflare', '192.0.2.1'],
    ['x-forwarded-for', '192.0.2.3'],
    ['X-Forwarded-For:2', '192.0.2.2'],
    ['header:x-client-ip', '192.0.2.4'],
  ];
  for (const [setting, address] of settings) assert.equal(await read(clientAddressFrom.setting(setting)!, headers), address, setting);
  assert.equal(clientAddressFrom.setting(undefined), undefined);
  assert.equal(clientAddressFrom.setting(' '), undefined);
  for (const wrong of ['cloudfare', 'x-forwarded-for:0', 'x-forwarded-for:two', 'header:'])
    assert.throws(() => clientAddressFrom.setting(wrong), /cloudflare, fly, vercel, x-forwarded-for/, wrong);
});

test('over HTTP, a client that rotates what it writes into X-Forwarded-For spends one address’s creations; another address is served', async () => {
  const host = await start({
    client: sandboxClient(sandbox.url),
    owner: ownerFromHeader,
    clientAddress: clientAddressFrom.forwardedFor(1),
    budgets: { createdPerAddressPerMinute: 2 },
  });
  // As a proxy passes it on: what the client wrote, then the address the proxy was reached from.
  const through = (written: string, peer: string) => ({ 'x-forwarded-for': `${written}, ${peer}` });
  const statuses = [];
  for (let attempt = 0; attempt < 4; attempt++)
    statuses.push((await host.startSession(`owner-${attempt}`, 'new', through(`10.0.0.${attempt}`, '198.51.100.7'))).response.status);
  assert.deepEqual(statuses, [201, 201, 429, 429]);
  assert.equal((await host.startSession('someone', 'new', through('198.51.100.7', '203.0.113.9'))).response.status, 201);
});

/** A kit's session POST for `host` (the Host header a browser sends on a real domain), over HTTP to the kit on loopback. */
function postSession(url: string, host: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      `${url}/kyc/session`,
      { method: 'POST', headers: { host, 'x-user': 'alice', ...sessionHeader(), ...headers } },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode!));
      },
    );
    outgoing.on('error', reject).end();
  });
}

async function hostTelling(options: Partial<KycKitOptions> = {}) {
  const told: unknown[] = [];
  const host = await start({
    client: sandboxClient(sandbox.url),
    owner: ownerFromHeader,
    onError: (error) => void told.push(error),
    ...options,
  });
  return {
    url: host.url,
    notes: () =>
      told
        .filter((error): error is KycConfigurationError => error instanceof KycConfigurationError)
        .map((error) => error.message)
        .filter((message) => /clientAddress/.test(message)),
  };
}

test('without clientAddress, the first session request for a public host says once what one client can spend, and which reader its headers call for', async () => {
  const { url, notes } = await hostTelling();
  assert.equal(await postSession(url, 'shop.example', { 'x-forwarded-for': '203.0.113.7' }), 201);
  assert.equal(await postSession(url, 'shop.example'), 200);
  assert.deepEqual(notes(), [
    "no clientAddress while serving shop.example: the per-address budgets are off, so one client can spend the whole kit's alone " +
      '(60 transactions created a minute, 20 links sent a minute, 20 provider reads a second, 1000 streams a process, 10 typed-code misses a minute) and the next visitors wait. ' +
      'Give createKycKit clientAddress: clientAddressFrom.forwardedFor(<the number of your proxies>) (this request carries x-forwarded-for) (docs/budgets.md#client-addresses)',
  ]);
});

test("behind a proxy that keeps the upstream's loopback Host, its forwarding header says the same; on loopback alone, or with clientAddress, nothing is said", async () => {
  const proxied = await hostTelling();
  await postSession(proxied.url, '127.0.0.1', { 'cf-connecting-ip': '203.0.113.7' });
  assert.match(
    proxied.notes()[0]!,
    /^no clientAddress while serving 127\.0\.0\.1.*clientAddressFrom\.platform\('cloudflare'\) \(this request carries cf-connecting-ip\)/,
  );

  const local = await hostTelling();
  await postSession(local.url, `localhost:${new URL(local.url).port}`);
  await postSession(local.url, new URL(local.url).host);
  const withReader = await hostTelling({ clientAddress: clientAddressFrom.forwardedFor(1) });
  await postSession(withReader.url, 'shop.example', { 'x-forwarded-for': '203.0.113.7' });
  assert.deepEqual([local.notes(), withReader.notes()], [[], []]);
});

test('by default the note is one console.warn line, as docs/budgets.md shows it', async (t) => {
  const warn = t.mock.method(console, 'warn', () => {});
  // With publicUrl, the only setting missing is clientAddress.
  const host = await start({ client: sandboxClient(sandbox.url), owner: ownerFromHeader, publicUrl: 'https://shop.example' });
  await postSession(host.url, 'shop.example', { 'x-forwarded-for': '203.0.113.7' });
  const documented = /## Client addresses[\s\S]*?```text\n(.*)\n```/.exec(await readFile('docs/budgets.md', 'utf8'))![1];
  // The kit's other note (its handoff off without publicUrl) aside.
  assert.deepEqual(
    warn.mock.calls.map((call) => call.arguments).filter(([line]) => /clientAddress/.test(String(line))),
    [[documented]],
  );
});
