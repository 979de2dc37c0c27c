/** Scanners are not devices, and the device's cookie says only what the kit's settings say. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
// The harness first: it imports the sandbox, whose schemas need @hono/zod-openapi loaded before the kit's zod.
import { useHost } from './harness.js';
import { hostWithShortLink } from './handoff-host.js';
import { browserFetch } from '../support/browser-fetch.js';

const { sandbox, start } = useHost();

/** iMessage's previews, Slack's and WhatsApp's say who they are. */
const PREVIEWER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0';

test("under 'refuse', a mail scanner's fetch of a sent link, a HEAD and a previewer that keeps cookies are no device: the person's phone is then the first", async () => {
  const { body, phone, status, heard, kit } = await hostWithShortLink(start, {}, 'refuse');
  // A scanner follows redirects and keeps no cookie (Node's fetch, as many do).
  const scanned = await fetch(`${body.link}?via=email`);
  assert.equal(scanned.status, 403);
  assert.equal((await fetch(body.link, { method: 'HEAD', redirect: 'manual' })).status, 303);
  const previewer = phone();
  const previewed = await previewer.open(body.link, { 'user-agent': PREVIEWER });
  assert.equal(previewed.status, 403);
  assert.equal(previewer.cookie, undefined, 'the kit gives a previewer no device cookie');
  assert.equal((await status()).handoff, undefined);

  const person = phone();
  const admitted = await person.open(`${body.link}?via=email`);
  assert.equal(admitted.status, 303);
  assert.equal(admitted.headers.get('location'), `${sandbox.url}/transactions/${body.uuid}`);
  assert.equal((await person.open(body.link)).status, 303, 'and its reload');
  assert.equal((await status()).handoff?.devices, 1);
  await kit.idle();
  assert.deepEqual(
    heard.map(({ kind }) => kind),
    ['opened'],
  );
});

test("under 'warn', a scanner reaches the service's page uncounted: the desktop hears one device, the person's", async () => {
  const { body, phone, status } = await hostWithShortLink(start);
  const scanned = await fetch(body.link, { redirect: 'manual' });
  const again = await fetch(scanned.headers.get('location')!, { redirect: 'manual' });
  assert.equal(again.headers.get('location'), `${sandbox.url}/transactions/${body.uuid}`);
  assert.equal((await phone().open(body.link, { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' })).status, 303);
  assert.equal((await status()).handoff, undefined);
  await phone().open(body.link);
  assert.equal((await status()).handoff?.devices, 1);
});

test("a browser that keeps no cookie is never a device: under 'refuse' a page says the link needs cookies", async () => {
  const { body } = await hostWithShortLink(start, {}, 'refuse');
  const first = await browserFetch(body.link, { headers: { 'accept-language': 'en' } });
  const back = await browserFetch(first.headers.get('location')!, { headers: { 'accept-language': 'en' } });
  assert.equal(back.status, 403);
  assert.match(await back.text(), /<h1>This link needs cookies<\/h1>/);
});

test('the device cookie: its path from the configured go URL, whatever path the request came by', async () => {
  const { body, url } = await hostWithShortLink(start);
  const token = body.link.split('/').at(-1)!;
  const hostile = await browserFetch(`${url}/kyc/go;Path=/;Domain=attacker.example/${token}`);
  assert.match(hostile.headers.get('set-cookie')!, /^kyc_device=[0-9a-f-]{36}; Path=\/kyc\/go; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
});

test('behind a proxy that ends TLS, the device cookie is Secure (phones reach the go URL over https), its path percent-encoded', async () => {
  // The kit is reached over plain http; phones reach https://shop.test.
  const { body, url } = await hostWithShortLink(start, { publicUrl: 'https://shop.test', handoff: { url: '/kyc/go;v=1' } });
  assert.match(body.link, /^https:\/\/shop\.test\/kyc\/go;v=1\/[\w-]{22}$/);
  const opened = await browserFetch(body.link.replace('https://shop.test', url));
  assert.equal(opened.headers.get('location'), `${body.link}?cookie=1`);
  assert.match(opened.headers.get('set-cookie')!, /; Path=\/kyc\/go%3Bv=1; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/);
});
