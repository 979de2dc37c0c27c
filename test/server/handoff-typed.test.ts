/** The typed code: its page, the way a right code leads to the service, and what guessing costs and finds. */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
// The harness first: it imports the sandbox, whose schemas need @hono/zod-openapi loaded before the kit's zod.
import { sandboxClient, useHost } from './harness.js';
import { MemoryStore, type Store } from '../../src/server/index.js';
import { CODE_ALPHABET, newCode } from '../../src/server/handoff/codes.js';
import { hostWithShortLink } from './handoff-host.js';

const { sandbox, start } = useHost();

/** A MemoryStore that notes every key something was written under (a limiter hit, a lease, a shared value). */
function keyNotingStore() {
  const written = new Set<string>();
  const memory = new MemoryStore();
  const store = new Proxy(memory, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const [key, , , cost] = args as [string, unknown, unknown, number | undefined];
        if (property === 'acquire' || property === 'setShared' || (property === 'hit' && (cost ?? 1) > 0)) written.add(key);
        return (value as (...args: unknown[]) => unknown).apply(target, args);
      };
    },
  }) as Store;
  return { store, written };
}

test("the typed-code page: a labelled form, no script, the site's name, a CSP that allows its own style and lets the form lead to the service and nowhere else", async () => {
  const { url } = await hostWithShortLink(start);
  const form = await fetch(`${url}/kyc/go`, { headers: { 'accept-language': 'en' } });
  assert.equal(form.status, 200);
  const page = await form.text();
  const styles = [...page.matchAll(/<style>([^<]*)<\/style>/g)].map(([, style]) => style!);
  assert.equal(styles.length, 1);
  const hash = createHash('sha256').update(styles[0]!).digest('base64');
  assert.equal(
    form.headers.get('content-security-policy'),
    `default-src 'none'; style-src 'sha256-${hash}'; form-action 'self' ${new URL(sandbox.url).origin}; frame-ancestors 'none'; base-uri 'none'`,
  );
  assert.match(page, /<label for="code">Code<\/label>/);
  assert.match(page, /<form method="post">/);
  assert.doesNotMatch(page, /<script|style=/);
  // No siteName given: the host name of the go URL the kit was given, never a request's Host.
  assert.match(page, /<title>Identity verification · 127\.0\.0\.1<\/title>/);
  assert.match(page, /<p class="site">127\.0\.0\.1<\/p>\n<h1>Identity verification<\/h1>/);
});

test('a right code, in any case and spacing, leads straight to the service as the first device; then it no longer answers', async () => {
  const { typed, body, status, phone, kit, heard } = await hostWithShortLink(start);
  const typing = phone();
  const spaced = `${typed.code.slice(0, 4).toLowerCase()} ${typed.code.slice(4)}`;
  const answer = await typing.type(spaced);
  assert.equal(answer.status, 303);
  assert.equal(answer.headers.get('location'), `${sandbox.url}/transactions/${body.uuid}`);
  assert.match(answer.headers.get('set-cookie')!, /^kyc_device=[0-9a-f-]{36}; Path=\/kyc\/go;/);
  assert.equal((await status()).handoff?.devices, 1);
  await kit.idle();
  assert.deepEqual(
    heard.map(({ kind }) => kind),
    ['opened'],
  );
  // Nobody needs it now: a guess can only find codes nobody used. The link still works. A second phone typing it
  // gets the one message of every wrong code, which names this case too: no answer tells a used code from a wrong one.
  const second = await phone().type(typed.code, { 'accept-language': 'en' });
  assert.equal(second.status, 400);
  assert.match(await second.text(), /role="alert">[^<]*If the verification was already opened on another device, continue on that one\./);
  assert.equal((await typing.open(body.link)).status, 303);
});

test("a right code whose link leads off the client's verification origin (a validator_url elsewhere) gets a page with the link to follow: the form may lead nowhere else", async () => {
  const { typed, body, phone } = await hostWithShortLink(start, {
    client: sandboxClient(sandbox.url, { verificationUrl: 'https://verify.example' }),
  });
  const answer = await phone().type(typed.code, { 'accept-language': 'en' });
  assert.equal(answer.status, 200);
  assert.match(answer.headers.get('content-security-policy')!, /form-action 'self' https:\/\/verify\.example;/);
  assert.match(
    await answer.text(),
    new RegExp(
      `Code accepted\\. Continue the verification:</p>\n<a class="button" href="${sandbox.url}/transactions/${body.uuid}">Continue</a>`,
    ),
  );
});

test('a wrong typed code gets the form again, with the error announced and tied to the field', async () => {
  const { phone } = await hostWithShortLink(start);
  const wrong = await phone().type('ACD', { 'accept-language': 'en' });
  assert.equal(wrong.status, 400);
  const page = await wrong.text();
  assert.match(page, /<title>Error: Identity verification · 127\.0\.0\.1<\/title>/);
  assert.match(page, /<p id="code-error" role="alert">That code does not work/);
  assert.match(page, /aria-describedby="code-error code-hint" aria-invalid="true" autofocus/);
  assert.doesNotMatch(page, /ACD/, 'what was typed is never written back');
});

test('a form posted from another site is refused, a right code included, and counts nothing', async () => {
  const { typed, phone, status } = await hostWithShortLink(start);
  for (const headers of <Record<string, string>[]>[
    { origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' },
    { origin: 'https://attacker.example', 'sec-fetch-site': '' },
    { origin: 'null', 'sec-fetch-site': '' },
    { 'sec-fetch-site': 'same-site' },
  ]) {
    const answer = await phone().type(typed.code, headers);
    assert.equal(answer.status, 403, JSON.stringify(headers));
    assert.equal(answer.headers.get('set-cookie'), null);
  }
  assert.equal((await status()).handoff, undefined);
  assert.equal((await phone().type(typed.code)).status, 303, 'the code still answers its own page');
});

test('brute force at the defaults, with no client address: past 10 misses a minute every guess is refused, no live code is found, and nothing is written per guess', async () => {
  const { store, written } = keyNotingStore();
  const { startSession, phone, typed, kit } = await hostWithShortLink(start, { store });
  const live = new Set([typed.code]);
  for (let user = 0; user < 5; user++) live.add(((await startSession(`user-${user}`)).body.typed_code as { code: string }).code);
  const before = new Set(written);
  const guesses = Array.from({ length: 60 }, newCode).filter((code) => !live.has(code));
  const statuses: number[] = [];
  for (const code of guesses) statuses.push((await phone().type(code)).status);
  assert.equal(statuses.filter((status) => status === 400).length, 10);
  assert.equal(statuses.filter((status) => status === 429).length, guesses.length - 10);
  const refused = await phone().type(guesses[0]!);
  assert.equal(refused.status, 429);
  assert.ok(Number(refused.headers.get('retry-after')) > 0);
  assert.match(await refused.text(), /role="alert">Demasiados intentos/);
  assert.deepEqual(
    [...written].filter((key) => !before.has(key)),
    ['budget:typedCodeMissesPerMinute:*', 'budget-told:typedCodeMissesPerMinute'],
  );
  await kit.idle();
});

test("a client address's misses are bounded too, while other addresses type; a right code gives its misses back; links are never refused", async () => {
  const clientAddress = (request: Request) => request.headers.get('x-test-address') ?? undefined;
  const { phone, typed, body, startSession } = await hostWithShortLink(start, { clientAddress });
  const misses = CODE_ALPHABET.split('').map((character) => `ACDEFGH${character}`);
  const from = (address: string) => ({ 'x-test-address': address });
  for (let miss = 0; miss < 3; miss++) assert.equal((await phone().type(misses[miss]!, from('a'))).status, 400);
  assert.equal((await phone().type(misses[3]!, from('a'))).status, 429);
  assert.equal((await phone().type(typed.code, from('a'))).status, 429, 'refused before it is looked up');
  // A person at address a opens their link: links are not guesses.
  assert.equal((await phone().open(body.link, from('a'))).status, 303);
  // Behind address b, more people than its misses allow type their own codes right: none counts.
  for (let user = 0; user < 5; user++) {
    const code = ((await startSession(`b-${user}`)).body.typed_code as { code: string }).code;
    assert.equal((await phone().type(code, from('b'))).status, 303);
  }
  assert.equal((await phone().type(misses[4]!, from('b'))).status, 400);
});
