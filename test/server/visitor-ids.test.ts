/** Signed visitor ids for anonymous owners: issued by the backend, refused when forged, unsigned or expired, rotated at login. */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import { createKycKit, createVisitorIds, toNodeHandler } from '../../src/server/index.js';
import { createRequestWithoutId, sandboxClient, sessionHeader, useSandbox } from './harness.js';

const sandbox = useSandbox();
const SECRET = 'a visitor-id secret of 32 chars+';
let now = Date.now();
const visitors = createVisitorIds({ secret: SECRET, maxAgeMs: 3600_000, now: () => now });

/** An anonymous host as docs/sessions.md shows it: the visitor id is the owner, the session handler issues it. */
async function anonymousHost() {
  const kit = createKycKit({
    client: sandboxClient(sandbox.url),
    buildRequest: () => createRequestWithoutId(),
    onResult: () => {},
    owner: visitors.read,
  });
  const session = toNodeHandler(visitors.withVisitor(kit.session));
  const status = toNodeHandler(kit.status);
  const server = createServer((req, res) => (req.url!.startsWith('/kyc/session') ? session(req, res) : status(req, res)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  after(() => {
    kit.close();
    server.closeAllConnections();
    server.close();
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const startSession = async (cookie?: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${url}/kyc/session`, {
      method: 'POST',
      headers: { ...sessionHeader(), ...headers, ...(cookie && { cookie }) },
    });
    return { response, uuid: ((await response.json()) as { uuid: string }).uuid, setCookie: response.headers.get('set-cookie') };
  };
  const poll = (uuid: string, cookie: string) => fetch(`${url}/kyc/status/${uuid}`, { headers: { cookie } });
  return { startSession, poll };
}

const cookieOf = (setCookie: string | null) => setCookie!.split(';')[0]!;

test('a first visit gets a signed id in an HttpOnly, SameSite=Lax cookie (Secure but on local http), and resumes with it', async () => {
  const host = await anonymousHost();
  const first = await host.startSession();
  assert.equal(first.response.status, 201);
  assert.match(first.setCookie!, /^kyc-visitor=[\w-]+\.[\da-z]+\.[\w-]+; Path=\/; Max-Age=3600; HttpOnly; SameSite=Lax$/);
  const again = await host.startSession(cookieOf(first.setCookie));
  assert.deepEqual([again.response.status, again.uuid, again.setCookie], [200, first.uuid, null]);
  assert.equal((await host.poll(first.uuid, cookieOf(first.setCookie))).status, 200);
  const { setCookie } = await visitors.rotate(new Request('https://shop.example/login'));
  assert.match(setCookie, /; HttpOnly; Secure; SameSite=Lax$/, 'Secure wherever the page is not local http');
});

test('an id it did not sign, or signed and expired, is refused: it neither resumes nor reads the transaction of the id it names', async () => {
  const host = await anonymousHost();
  const victim = await host.startSession();
  const [id, expiry, signature] = cookieOf(victim.setCookie).slice('kyc-visitor='.length).split('.');
  const otherSecret = await createVisitorIds({ secret: 'another secret, of 32 chars too!' }).rotate(new Request('http://127.0.0.1/'));
  const forged = [
    `kyc-visitor=${id}`,
    `kyc-visitor=${id}.${expiry}.${signature!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
    `kyc-visitor=${id}.${(Number.parseInt(expiry!, 36) + 1).toString(36)}.${signature}`,
    `kyc-visitor=${id}.${expiry}.not*base64`,
    cookieOf(otherSecret.setCookie),
  ];
  for (const cookie of forged) {
    assert.equal((await host.poll(victim.uuid, cookie)).status, 404, cookie);
    const planted = await host.startSession(cookie);
    assert.equal(planted.response.status, 201, cookie);
    assert.notEqual(planted.uuid, victim.uuid, 'a transaction of its own, under a new id');
    assert.notEqual(cookieOf(planted.setCookie), cookie);
  }
  now += 3600_000;
  assert.equal((await host.poll(victim.uuid, cookieOf(victim.setCookie))).status, 404, 'expired');
  now -= 3600_000;
  assert.equal((await host.poll(victim.uuid, cookieOf(victim.setCookie))).status, 200, 'the genuine id, before its expiry');
});

test('over https the id is a __Host- cookie, which no sibling subdomain can set: an id planted under the bare name does not resume its transaction', async () => {
  const host = await anonymousHost();
  // The page is https://shop.example (its Origin), behind a proxy that reaches the app on loopback.
  const fromPage = (cookie?: string) => host.startSession(cookie, { origin: 'https://shop.example', 'sec-fetch-site': 'same-origin' });
  const attacker = await fromPage();
  assert.equal(attacker.response.status, 201);
  assert.match(attacker.setCookie!, /^__Host-kyc-visitor=[\w-]+\.[\da-z]+\.[\w-]+; Path=\/; Max-Age=3600; HttpOnly; Secure; SameSite=Lax$/);
  assert.equal((await fromPage(cookieOf(attacker.setCookie))).uuid, attacker.uuid, 'its own cookie resumes its own');

  // evil.shop.example sets `kyc-visitor=<the attacker's signed id>; Domain=shop.example`: the victim's browser sends it.
  const planted = `kyc-visitor=${cookieOf(attacker.setCookie).split('=')[1]}`;
  const victim = await fromPage(planted);
  assert.equal(victim.response.status, 201, 'a transaction of its own');
  assert.notEqual(victim.uuid, attacker.uuid, "the victim is not sent into the attacker's verification");
  assert.match(victim.setCookie!, /^__Host-kyc-visitor=/);
});

test('rotating at login gives a new id: the one planted before no longer names the visitor', async () => {
  const host = await anonymousHost();
  const planted = cookieOf((await host.startSession()).setCookie);
  const { visitor, setCookie } = await visitors.rotate(new Request('http://127.0.0.1/login'));
  assert.notEqual(visitor, planted.split('=')[1]!.split('.')[0]);
  assert.equal(await visitors.read(new Request('http://127.0.0.1/', { headers: { cookie: cookieOf(setCookie) } })), visitor);
});

test('refuses a secret shorter than 32 characters', () => {
  assert.throws(() => createVisitorIds({ secret: 'short' }), RangeError);
});
