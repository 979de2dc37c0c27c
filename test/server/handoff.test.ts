import assert from 'node:assert/strict';
import { test } from 'node:test';
// The harness first: it imports the sandbox, whose schemas need @hono/zod-openapi loaded before the kit's zod.
import { ownerFromHeader, useHost, type HostOptions } from './harness.js';
import { MemoryStore, type HandoffEvent, type TransactionStatus } from '../../src/server/index.js';
import { CODE_ALPHABET } from '../../src/server/handoff/codes.js';
import { GUESS_LIMITS } from '../../src/server/handoff/guesses.js';
import { openStream } from './sse-client.js';

const { sandbox, start, closeAfterTest } = useHost();

/** A host whose go URL is its own loopback address, given in full: the handoff is on. */
async function hostWithShortLink(options: Partial<HostOptions> = {}, otherDevices: 'warn' | 'refuse' = 'warn') {
  const heard: HandoffEvent[] = [];
  const host = await start((url) => ({
    owner: ownerFromHeader,
    handoff: { url: `${url}/kyc/go`, otherDevices },
    onHandoff: (event) => void heard.push(event),
    ...options,
  }));
  const { body } = await host.startSession();
  const typed = body.typed_code as { url: string; code: string };
  /** Opens the short link as a device: without a cookie a new device, with one the device that got it. */
  const open = (cookie?: string, headers: Record<string, string> = {}) =>
    fetch(body.link, { redirect: 'manual', headers: { ...(cookie && { cookie }), ...headers } });
  const status = async () => (await (await host.poll(body.uuid)).json()) as TransactionStatus;
  return { ...host, body, typed, open, status, heard };
}

/** The `name=value` part of a Set-Cookie, as a browser sends it back. */
const cookieOf = (response: Response) => response.headers.get('set-cookie')!.split(';')[0]!;

test('the session answers a short link under the go URL, and the typed code: six characters of the unambiguous alphabet', async () => {
  const { body, typed, url } = await hostWithShortLink();
  assert.equal(typed.url, `${url}/kyc/go`);
  assert.match(typed.code, new RegExp(`^[${CODE_ALPHABET}]{6}$`));
  assert.equal(body.link, `${url}/kyc/go/${typed.code}`);
  assert.doesNotMatch(CODE_ALPHABET, /[0O1IL5S8B2Z]/);
});

test('off where phones cannot reach it: on a loopback host the service link, and once, a line saying so and how to turn it on', async () => {
  const told: unknown[] = [];
  const host = await start({ owner: ownerFromHeader, onError: (error) => void told.push(error) });
  const { body } = await host.startSession();
  assert.equal(body.link, `${sandbox.url}/transactions/${body.uuid}`);
  assert.equal(body.typed_code, undefined);
  await host.startSession('bob');
  const origin = new URL(host.url).origin;
  assert.deepEqual(
    told.map((error) => `${(error as Error).name}: ${(error as Error).message}`),
    [
      `KycConfigurationError: the handoff's short link is off on this loopback host (${new URL(host.url).host}), which a phone cannot reach: the QR code carries the service's own link. ` +
        `To turn it on, give createKycKit publicUrl, where browsers and phones reach the app ('${origin}' for a second tab of this machine, or this machine's address on your network); handoff: false says nothing`,
    ],
  );
  const quiet: unknown[] = [];
  const off = await start({ owner: ownerFromHeader, handoff: false, onError: (error) => void quiet.push(error) });
  await off.startSession();
  assert.deepEqual(quiet, []);
});

test('opening the short link redirects in one hop to the service link, sets an HttpOnly device cookie scoped to the go path', async () => {
  const { open, body } = await hostWithShortLink();
  const response = await open();
  assert.equal(response.status, 303);
  assert.equal(response.headers.get('location'), `${sandbox.url}/transactions/${body.uuid}`);
  const cookie = response.headers.get('set-cookie')!;
  assert.match(cookie, /^kyc_device=[0-9a-f-]{36}; Path=\/kyc\/go; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
});

test('the first open is a status change: the poll and the stream carry the handoff, opened by one device', async () => {
  const { open, status, body, url, heard, kit } = await hostWithShortLink();
  assert.equal((await status()).handoff, undefined);
  const stream = closeAfterTest(await openStream(`${url}/kyc/status/${body.uuid}`, { 'x-user': 'alice' }));
  assert.equal((JSON.parse((await stream.next('status')).data) as TransactionStatus).handoff, undefined);
  await open();
  const streamed = JSON.parse((await stream.next('status')).data) as TransactionStatus;
  assert.equal(streamed.handoff?.devices, 1);
  assert.ok(Date.parse(streamed.handoff.opened_at) <= Date.now());
  assert.deepEqual((await status()).handoff, streamed.handoff);
  await kit.idle();
  assert.deepEqual(
    heard.map(({ kind, devices, refused }) => ({ kind, devices, refused })),
    [{ kind: 'opened', devices: 1, refused: false }],
  );
});

test('the handoff survives the next reads of the service, and a step after it', async () => {
  const { open, status, body } = await hostWithShortLink();
  await open();
  await sandbox.applyOutcome(body.uuid, '002');
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  const after = await status();
  assert.equal(after.step, 'Capture_credential_Ok');
  assert.equal(after.handoff?.devices, 1);
});

test('the same device again changes nothing; another device is counted, told once to onHandoff, and let through', async () => {
  const { open, status, heard, kit, body } = await hostWithShortLink();
  const first = cookieOf(await open());
  const openedAt = (await status()).handoff!.opened_at;
  assert.equal((await open(first)).status, 303);
  assert.deepEqual((await status()).handoff, { opened_at: openedAt, devices: 1 });
  const other = await open();
  assert.equal(other.status, 303);
  assert.equal((await open(cookieOf(other))).status, 303);
  assert.deepEqual((await status()).handoff, { opened_at: openedAt, devices: 2 });
  await kit.idle();
  assert.deepEqual(
    heard.map(({ kind, devices, uuid }) => ({ kind, devices, uuid })),
    [
      { kind: 'opened', devices: 1, uuid: body.uuid },
      { kind: 'other_device', devices: 2, uuid: body.uuid },
    ],
  );
});

test("with otherDevices 'refuse', another device gets a page that says so, and the first keeps working", async () => {
  const { open, status, heard, kit } = await hostWithShortLink({}, 'refuse');
  const first = cookieOf(await open());
  const refused = await open(undefined, { 'accept-language': 'en' });
  assert.equal(refused.status, 403);
  assert.match(await refused.text(), /already opened on another device/);
  assert.equal((await open(cookieOf(refused))).status, 403, 'refused again when it comes back');
  assert.equal((await open(first)).status, 303);
  assert.equal((await status()).handoff?.devices, 2);
  await kit.idle();
  assert.deepEqual(
    heard.map(({ kind, refused }) => ({ kind, refused })),
    [
      { kind: 'opened', refused: false },
      { kind: 'other_device', refused: true },
    ],
  );
});

test('an unknown code and an ended transaction get the same answer, which says the link no longer works', async () => {
  const { open, typed, url, body } = await hostWithShortLink();
  await sandbox.succeed(body.uuid);
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  const unknownCode = [...typed.code].map((character) => (character === '3' ? '4' : '3')).join('');
  const ended = await open();
  const unknown = await fetch(`${url}/kyc/go/${unknownCode}`, { redirect: 'manual' });
  assert.equal(ended.status, 404);
  assert.equal(unknown.status, 404);
  assert.equal(ended.headers.get('set-cookie'), null);
  const page = await ended.text();
  assert.equal(page, await unknown.text());
  assert.match(page, /<html lang="es">/);
  assert.match(page, /Este enlace ya no sirve/);
  assert.doesNotMatch(page, new RegExp(body.uuid));
});

test('the pages speak the language of Accept-Language, Spanish when none of ours is asked for', async () => {
  const { url } = await hostWithShortLink();
  const lang = async (accept: string) =>
    (await (await fetch(`${url}/kyc/go`, { headers: { 'accept-language': accept } })).text()).match(/<html lang="([^"]+)">/)![1];
  assert.equal(await lang('pt-BR,pt;q=0.9,en;q=0.8'), 'pt-BR');
  assert.equal(await lang('fr-FR, en;q=0.5'), 'en');
  assert.equal(await lang('de, en;q=0'), 'es');
});

test('the typed code page: a labelled form, a strict CSP, no script; a typed code in any case and spacing leads to its short link', async () => {
  const { typed, url, body } = await hostWithShortLink();
  const form = await fetch(`${url}/kyc/go`, { headers: { 'accept-language': 'en' } });
  assert.equal(form.status, 200);
  assert.match(form.headers.get('content-security-policy')!, /^default-src 'none'; form-action 'self'/);
  const page = await form.text();
  assert.match(page, /<label for="code">Code<\/label>/);
  assert.doesNotMatch(page, /<script|style=/);
  const spaced = `${typed.code.slice(0, 3).toLowerCase()} ${typed.code.slice(3)}`;
  const posted = await fetch(`${url}/kyc/go`, { method: 'POST', body: new URLSearchParams({ code: spaced }), redirect: 'manual' });
  assert.equal(posted.status, 303);
  assert.equal(new URL(posted.headers.get('location')!, url).href, body.link);
});

test('a wrong typed code gets the form again, with the error announced and tied to the field', async () => {
  const { url } = await hostWithShortLink();
  const wrong = await fetch(`${url}/kyc/go`, {
    method: 'POST',
    body: new URLSearchParams({ code: 'ACD' }),
    headers: { 'accept-language': 'en' },
  });
  assert.equal(wrong.status, 400);
  const page = await wrong.text();
  assert.match(page, /<title>Error: Identity verification<\/title>/);
  assert.match(page, /<p id="code-error" role="alert">That code does not work/);
  assert.match(page, /aria-describedby="code-error code-hint" aria-invalid="true" autofocus/);
});

test('guessing is bounded per client address (codes that answer nothing) and per code, with Retry-After beyond', async () => {
  const { url, typed, open } = await hostWithShortLink({ clientAddress: (request) => request.headers.get('x-test-address') ?? undefined });
  const guess = (code: string, address: string) =>
    fetch(`${url}/kyc/go`, {
      method: 'POST',
      body: new URLSearchParams({ code }),
      headers: { 'x-test-address': address },
      redirect: 'manual',
    });
  // Codes that answer nothing, never the real one.
  const misses = CODE_ALPHABET.split('')
    .map((character) => `ACDEF${character}`)
    .filter((code) => code !== typed.code);
  for (let attempt = 0; attempt < GUESS_LIMITS.missesPerAddress; attempt++)
    assert.equal((await guess(misses[attempt % misses.length]!, 'a')).status, 400);
  const refused = await guess(typed.code, 'a');
  assert.equal(refused.status, 429);
  assert.ok(Number(refused.headers.get('retry-after')) > 0);
  assert.match(await refused.text(), /role="alert">Demasiados intentos/);
  // A found code gives its attempt back: people behind one address who open their own links never add up.
  for (let attempt = 0; attempt < GUESS_LIMITS.missesPerAddress + 1; attempt++) assert.equal((await guess(typed.code, 'b')).status, 303);
  // Per code, found or not: the short link too.
  for (let attempt = GUESS_LIMITS.missesPerAddress + 1; attempt < GUESS_LIMITS.attemptsPerCode; attempt++)
    assert.equal((await open()).status, 303);
  const tooMany = await open();
  assert.equal(tooMany.status, 429);
  assert.ok(Number(tooMany.headers.get('retry-after')) > 0);
});

test('a MemoryStore holds the short links and handoffs of as many transactions as it is sized for', async () => {
  // Alice's first, then 39 more.
  const { startSession, url, body } = await hostWithShortLink({ store: new MemoryStore({ maxEntries: 40 }) });
  const links = [body.link];
  for (let user = 1; user < 40; user++) links.push((await startSession(`user-${user}`)).body.link);
  assert.ok(links.every((link) => link.startsWith(`${url}/kyc/go/`)));
  const opened = await Promise.all(links.map(async (link) => (await fetch(link, { redirect: 'manual' })).status));
  assert.deepEqual(new Set(opened), new Set([303]));
});
