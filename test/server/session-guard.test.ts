/** Only the host's own pages (or allowed origins) create sessions: a hostile page's forged POST creates nothing. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { countingFetch, sandboxClient, sessionHeader, useHost } from './harness.js';

const { sandbox, start } = useHost();

/** The host's login session is a cookie here, as a browser would send it along with a forged request. */
const ownerFromCookie = (request: Request) => /(?:^|;\s*)login=([^;]+)/.exec(request.headers.get('cookie') ?? '')?.[1];
const VICTIM = { cookie: 'login=victim' };

async function guardedHost(options: { allowedOrigins?: string[] } = {}) {
  const counter = countingFetch();
  const errors: unknown[] = [];
  const host = await start({
    client: sandboxClient(sandbox.url, { fetch: counter.fetch }),
    owner: ownerFromCookie,
    onError: (error) => void errors.push(error),
    sessions: { allowedOrigins: options.allowedOrigins },
  });
  const post = (headers: Record<string, string>, body?: string) =>
    fetch(`${host.url}/kyc/session`, { method: 'POST', headers: { ...VICTIM, ...headers }, body });
  return { ...host, counter, errors, post };
}

test('a forged cross-site POST (foreign Origin, text/plain, the victim cookie) answers 403 and nothing reaches the service', async () => {
  const { post, counter } = await guardedHost();
  const forged = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' };
  const answer = await post(forged, '{}');
  assert.equal(answer.status, 403);
  assert.equal(((await answer.json()) as { error: string }).error, 'forbidden');
  assert.equal((await post({ ...forged, ...sessionHeader() }, '{}')).status, 403, 'even with the header, were CORS to let it through');
  assert.equal(counter.creates(), 0);
  assert.equal(counter.calls.length, 0);
});

test('a POST without the kyc-verify-session header, or with another value, answers 403', async () => {
  const { post, counter } = await guardedHost();
  assert.equal((await post({ 'sec-fetch-site': 'same-origin' })).status, 403);
  assert.equal((await post({ 'sec-fetch-site': 'same-origin', 'kyc-verify-session': 'yes' })).status, 403);
  assert.equal(counter.creates(), 0);
});

test("a same-origin POST with the header creates (201), behind a proxy too, where the Request's host is the upstream's", async () => {
  const { post, counter } = await guardedHost();
  const answer = await post({ 'sec-fetch-site': 'same-origin', origin: 'https://kyc.host.example', ...sessionHeader() });
  assert.equal(answer.status, 201);
  assert.equal(counter.creates(), 1);
});

test("without Sec-Fetch-Site, the host's own Origin creates and another answers 403", async () => {
  const { post, url, counter } = await guardedHost();
  assert.equal((await post({ origin: 'https://evil.example', ...sessionHeader() })).status, 403);
  assert.equal((await post({ origin: 'null', ...sessionHeader() })).status, 403);
  assert.equal((await post({ origin: url, ...sessionHeader() })).status, 201);
  assert.equal(counter.creates(), 1);
});

test('a same-site POST (a sibling subdomain) answers 403 unless its origin is allowed', async () => {
  const sibling = { origin: 'https://blog.host.example', 'sec-fetch-site': 'same-site', ...sessionHeader() };
  const refusing = await guardedHost();
  assert.equal((await refusing.post(sibling)).status, 403);
  assert.equal(refusing.counter.creates(), 0);
  await refusing.close();
  const allowing = await guardedHost({ allowedOrigins: ['https://blog.host.example'] });
  assert.equal((await allowing.post(sibling)).status, 201);
});

test('an allowed foreign origin creates (201), cross-site', async () => {
  const { post, counter } = await guardedHost({ allowedOrigins: ['https://shop.example'] });
  const answer = await post({ origin: 'https://shop.example', 'sec-fetch-site': 'cross-site', ...sessionHeader() });
  assert.equal(answer.status, 201);
  assert.equal(counter.creates(), 1);
});

test('a client that is no browser (neither Origin nor Sec-Fetch-Site) creates with the header', async () => {
  const { post } = await guardedHost();
  assert.equal((await post(sessionHeader())).status, 201);
});

test('refusals reach onError at once, then as one report a second counting the others', async () => {
  const { post, errors } = await guardedHost();
  const forged = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
  for (let attempt = 0; attempt < 3; attempt++) await post(forged);
  assert.deepEqual(
    errors.map((error) => (error as Error).name),
    ['KycSessionRefusedError'],
  );
  await new Promise((resolve) => setTimeout(resolve, 1100));
  assert.deepEqual(
    errors.map((error) => [(error as Error).name, (error as { count?: number }).count]),
    [
      ['KycSessionRefusedError', undefined],
      ['KycRepeatedError', 2],
    ],
  );
});

test('without onError, a refusal is one line on the console (console.warn), not a stack trace', async (t) => {
  const warned = t.mock.method(console, 'warn', () => {});
  const failed = t.mock.method(console, 'error', () => {});
  const host = await start({ client: sandboxClient(sandbox.url), owner: ownerFromCookie });
  const answer = await fetch(`${host.url}/kyc/session`, { method: 'POST', headers: { ...VICTIM, 'sec-fetch-site': 'cross-site' } });
  assert.equal(answer.status, 403);
  assert.deepEqual(
    warned.mock.calls.map((call) => call.arguments),
    [['kyc-verify session: the kyc-verify-session header must be "resume" or "new" (got none)']],
  );
  assert.equal(failed.mock.callCount(), 0);
});
