import assert from 'node:assert/strict';
import { test } from 'node:test';
// The harness first: it imports the sandbox, whose schemas need @hono/zod-openapi loaded before the kit's zod.
import { ownerFromHeader, useHost } from './harness.js';
import { MemoryStore, type TransactionStatus } from '../../src/server/index.js';
import { CODE_ALPHABET } from '../../src/server/handoff/codes.js';
import { hostWithShortLink } from './handoff-host.js';
import { openStream } from './sse-client.js';

const { sandbox, start, closeAfterTest } = useHost();

test('the session answers a link under the go URL carrying 128 random bits, and a typed code of 8 characters of the unambiguous alphabet that the link does not carry', async () => {
  const { body, typed, url } = await hostWithShortLink(start);
  assert.equal(typed.url, `${url}/kyc/go`);
  assert.match(typed.code, new RegExp(`^[${CODE_ALPHABET}]{8}$`));
  assert.match(body.link, new RegExp(`^${url}/kyc/go/[A-Za-z0-9_-]{22}$`));
  assert.ok(!body.link.includes(typed.code));
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

test("a browser's first visit is sent back to the link with the device's cookie, HttpOnly and scoped to the go path; back with it, it goes to the service link", async () => {
  const { phone, body } = await hostWithShortLink(start);
  const device = phone();
  const answer = await device.open(`${body.link}?via=email`);
  const [first, second] = device.answers;
  assert.equal(first!.status, 303);
  assert.equal(first!.headers.get('location'), `${body.link}?via=email&cookie=1`);
  assert.match(first!.headers.get('set-cookie')!, /^kyc_device=[0-9a-f-]{36}; Path=\/kyc\/go; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
  assert.equal(second, answer);
  assert.equal(answer.status, 303);
  assert.equal(answer.headers.get('location'), `${sandbox.url}/transactions/${body.uuid}`);
  assert.equal(answer.headers.get('referrer-policy'), 'no-referrer');
});

test('the first device is a status change: the poll and the stream carry the handoff, opened by one device', async () => {
  const { phone, status, body, url, heard, kit } = await hostWithShortLink(start);
  assert.equal((await status()).handoff, undefined);
  const stream = closeAfterTest(await openStream(`${url}/kyc/status/${body.uuid}`, { 'x-user': 'alice' }));
  assert.equal((JSON.parse((await stream.next('status')).data) as TransactionStatus).handoff, undefined);
  await phone().open(body.link);
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
  const { phone, status, body } = await hostWithShortLink(start);
  await phone().open(body.link);
  await sandbox.applyOutcome(body.uuid, '002');
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  const after = await status();
  assert.equal(after.step, 'Capture_credential_Ok');
  assert.equal(after.handoff?.devices, 1);
});

test('the same device again changes nothing; another device is counted, told once to onHandoff, and let through', async () => {
  const { phone, status, heard, kit, body } = await hostWithShortLink(start);
  const first = phone();
  await first.open(body.link);
  const openedAt = (await status()).handoff!.opened_at;
  assert.equal((await first.open(body.link)).status, 303);
  assert.deepEqual((await status()).handoff, { opened_at: openedAt, devices: 1 });
  const other = phone();
  assert.equal((await other.open(body.link)).status, 303);
  assert.equal((await other.open(body.link)).status, 303);
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
  const { phone, status, heard, kit, body } = await hostWithShortLink(start, {}, 'refuse');
  const first = phone();
  await first.open(body.link);
  const other = phone();
  const refused = await other.open(body.link, { 'accept-language': 'en' });
  assert.equal(refused.status, 403);
  assert.match(await refused.text(), /already opened on another device/);
  assert.equal((await other.open(body.link)).status, 403, 'refused again when it comes back');
  assert.equal((await first.open(body.link)).status, 303);
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

test("under 'refuse', simultaneous devices: exactly one reaches the service, and every one is counted", async () => {
  const { phone, status, body } = await hostWithShortLink(start, {}, 'refuse');
  // Browsers that kept a device cookie of the kit's (from an earlier link): the five arrive at once with it.
  const devices = Array.from({ length: 5 }, () => Object.assign(phone(), { cookie: `kyc_device=${crypto.randomUUID()}` }));
  const answers = await Promise.all(devices.map((device) => device.open(body.link)));
  assert.deepEqual(answers.map((answer) => answer.status).sort(), [303, 403, 403, 403, 403]);
  assert.equal((await status()).handoff?.devices, 5);
});

test('an unknown link and an ended transaction get the same answer, which says the link no longer works', async () => {
  const { phone, url, body } = await hostWithShortLink(start);
  await sandbox.succeed(body.uuid);
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  const ended = await phone().open(body.link);
  const unknown = await phone().open(`${url}/kyc/go/${'A'.repeat(22)}`);
  assert.equal(ended.status, 404);
  assert.equal(unknown.status, 404);
  assert.equal(ended.headers.get('set-cookie'), null);
  assert.deepEqual(
    [...ended.headers].filter(([name]) => name !== 'date'),
    [...unknown.headers].filter(([name]) => name !== 'date'),
  );
  const page = await ended.text();
  assert.equal(page, await unknown.text());
  assert.match(page, /<html lang="es">/);
  assert.match(page, /Este enlace ya no sirve/);
  assert.doesNotMatch(page, new RegExp(body.uuid));
});

test('the pages speak the language of Accept-Language, Spanish when none of ours is asked for', async () => {
  const { url } = await hostWithShortLink(start);
  const lang = async (accept: string) =>
    (await (await fetch(`${url}/kyc/go`, { headers: { 'accept-language': accept } })).text()).match(/<html lang="([^"]+)">/)![1];
  assert.equal(await lang('pt-BR,pt;q=0.9,en;q=0.8'), 'pt-BR');
  assert.equal(await lang('fr-FR, en;q=0.5'), 'en');
  assert.equal(await lang('de, en;q=0'), 'es');
});

test('a MemoryStore holds the links and handoffs of as many transactions as it is sized for', async () => {
  // Alice's first, then 39 more.
  const { startSession, url, body, phone } = await hostWithShortLink(start, { store: new MemoryStore({ maxEntries: 40 }) });
  const links = [body.link];
  for (let user = 1; user < 40; user++) links.push((await startSession(`user-${user}`)).body.link);
  assert.ok(links.every((link) => link.startsWith(`${url}/kyc/go/`)));
  const opened = await Promise.all(links.map(async (link) => (await phone().open(link)).status));
  assert.deepEqual(new Set(opened), new Set([303]));
});
