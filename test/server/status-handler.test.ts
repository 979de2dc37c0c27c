import assert from 'node:assert/strict';
import { test } from 'node:test';
import { countingFetch, createRequest, NIN, ownerFromHeader, sandboxClient, useHost } from './harness.js';

const { sandbox, start } = useHost();

/**
 * A host whose kit clock the test moves (`tick`), with every call to the service counted. Its
 * session was just created, so the cached status is fresh until the clock moves a second.
 */
async function hostWithSession(options: { owner?: boolean; fetch?: typeof fetch; staleForMs?: number } = {}) {
  // A frozen clock that only `tick` moves, so no real time passing can age the cache. A tick passes
  // the read lease (a second and a margin).
  let now = Date.now();
  const counter = countingFetch(options.fetch);
  const client = sandboxClient(sandbox.url, { fetch: counter.fetch, now: () => now });
  const owner = options.owner ? { owner: ownerFromHeader } : {};
  const host = await start({ client, ...owner, ...(options.staleForMs && { tuning: { staleForMs: options.staleForMs } }) });
  const { body } = await host.startSession();
  return { ...host, uuid: body.uuid, counter, client, tick: (ms = 1_100) => void (now += ms) };
}

const STATUS_FIELDS = [
  'code',
  'expires_at',
  'issue_description',
  'server_time',
  'state',
  'step',
  'step_expires_at',
  'stream',
  'updated_at',
  'uuid',
];

test('answers the status object of design.md, and nothing else', async () => {
  const { poll, uuid } = await hostWithSession();
  const response = await poll(uuid);
  assert.equal(response.status, 200);
  const status = (await response.json()) as Record<string, unknown>;
  assert.deepEqual(Object.keys(status).sort(), STATUS_FIELDS);
  assert.equal(status.uuid, uuid);
  assert.equal(status.state, 'pending');
});

test('follows the flow to its end: successful, with step, code and issue_description', async () => {
  const { poll, uuid, tick } = await hostWithSession();
  await sandbox.succeed(uuid);
  tick();
  const status = (await (await poll(uuid)).json()) as Record<string, unknown>;
  assert.deepEqual(
    [status.state, status.step, status.code, status.issue_description],
    ['successful', 'Session_complete_Ok', '013', 'Flow completed successfully'],
  );
});

test('no personal data: no field of CredentialInformation and no nin appear in any status answer', async () => {
  const { poll, uuid, tick, client } = await hostWithSession();
  const answers = [await (await poll(uuid)).text()];
  await sandbox.succeed(uuid);
  tick();
  answers.push(await (await poll(uuid)).text());
  const credential = await client.getCredentialInformation(uuid);
  const { identity_verification_score: score, ...texts } = credential;
  const secrets = [...Object.values(texts), NIN, NIN.replace(/[.-]/g, ''), credential.nin.replace(/[.-]/g, '')];
  for (const answer of answers) {
    for (const secret of secrets) assert.ok(!answer.includes(secret), `the status answer leaks ${JSON.stringify(secret)}: ${answer}`);
    // The score is a number: compared as a value, since its digits may well occur inside a date.
    assert.ok(!Object.values(JSON.parse(answer)).includes(score), `the status answer leaks the score: ${answer}`);
    for (const field of Object.keys(credential)) assert.ok(!(field in JSON.parse(answer)), `the status answer has ${field}`);
  }
});

test('404 without a provider call for a uuid this host did not create', async () => {
  const { poll, counter } = await hostWithSession();
  const foreign = await sandboxClient(sandbox.url).createTransaction(createRequest());
  const before = counter.calls.length;
  assert.equal((await poll(foreign.uuid)).status, 404);
  assert.equal((await poll(crypto.randomUUID())).status, 404);
  assert.equal(counter.calls.length, before);
});

test('with an owner function, only the creator may poll: others and anonymous callers get 404', async () => {
  const { poll, uuid, url } = await hostWithSession({ owner: true });
  assert.equal((await poll(uuid, 'alice')).status, 200);
  assert.equal((await poll(uuid, 'mallory')).status, 404);
  assert.equal((await fetch(`${url}/kyc/status/${uuid}`)).status, 404);
});

test('50 concurrent polls of one uuid make one provider read', async () => {
  const { poll, uuid, counter, tick } = await hostWithSession();
  tick();
  const answers = await Promise.all(Array.from({ length: 50 }, () => poll(uuid)));
  assert.ok(answers.every((answer) => answer.status === 200));
  assert.equal(counter.transactionReads(), 1);
});

test('polls within a second reuse the last read; the next second reads again', async () => {
  const { poll, uuid, counter, tick } = await hostWithSession();
  for (let i = 0; i < 5; i++) await poll(uuid);
  assert.equal(counter.transactionReads(), 0, 'the session answer is the first read');
  tick(999);
  await poll(uuid);
  assert.equal(counter.transactionReads(), 0);
  tick(1);
  await poll(uuid);
  assert.equal(counter.transactionReads(), 1);
});

test('an end state is cached for good', async () => {
  const { poll, uuid, counter, tick } = await hostWithSession();
  await sandbox.applyOutcome(uuid, 'time_out');
  tick();
  assert.equal(((await (await poll(uuid)).json()) as { state: string }).state, 'expired');
  for (let i = 0; i < 3; i++) {
    tick(3600_000);
    await poll(uuid);
  }
  assert.equal(counter.transactionReads(), 1);
});

test('If-None-Match with the current ETag answers 304 without a body; a change answers 200 with a new ETag', async () => {
  const { poll, uuid, tick } = await hostWithSession();
  const first = await poll(uuid);
  const etag = first.headers.get('etag')!;
  assert.match(etag, /^"[0-9a-f]{32}"$/);
  const unchanged = await poll(uuid, 'alice', { 'if-none-match': etag });
  assert.equal(unchanged.status, 304);
  assert.equal(await unchanged.text(), '');
  assert.equal(unchanged.headers.get('etag'), etag);
  await sandbox.applyOutcome(uuid, '002');
  tick();
  const changed = await poll(uuid, 'alice', { 'if-none-match': etag });
  assert.equal(changed.status, 200);
  assert.notEqual(changed.headers.get('etag'), etag);
});

test('answers are private to the caller and revalidated every time', async () => {
  const { poll, uuid } = await hostWithSession();
  assert.equal((await poll(uuid)).headers.get('cache-control'), 'private, no-cache');
});

test('booleans that match no state answer 502, never a guess', async () => {
  let corrupt = false;
  const corrupting = async (input: string | URL | Request, init?: RequestInit) => {
    const response = await fetch(input, init);
    if (!corrupt || init?.method !== 'GET') return response;
    const envelope = (await response.json()) as { data: Record<string, unknown> };
    return Response.json({ ...envelope, data: { ...envelope.data, active: true, complete: true } });
  };
  const { poll, uuid, tick } = await hostWithSession({ fetch: corrupting });
  corrupt = true;
  tick();
  const response = await poll(uuid);
  assert.equal(response.status, 502);
  assert.equal(((await response.json()) as { error: string }).error, 'upstream_protocol');
});

test('the service refusing the read (403/404) answers 404', async () => {
  let answer: number | null = null;
  const refusing = async (input: string | URL | Request, init?: RequestInit) =>
    answer && init?.method === 'GET' ? new Response('{}', { status: answer }) : fetch(input, init);
  const { poll, uuid, tick } = await hostWithSession({ fetch: refusing });
  for (const provider of [403, 404]) {
    answer = provider;
    tick();
    assert.equal((await poll(uuid)).status, 404, `provider ${provider}`);
  }
});

/** A host whose service answers 503 to reads while `failing` is set. */
async function hostWithFailingReads(options: { staleForMs?: number } = {}) {
  const service = { failing: false };
  const flaky = async (input: string | URL | Request, init?: RequestInit) =>
    service.failing && init?.method === 'GET' ? new Response('{}', { status: 503 }) : fetch(input, init);
  const session = await hostWithSession({ fetch: flaky, ...options });
  return { ...session, service };
}

test('while the service fails, polls get the last known status, marked stale with its age in seconds', async () => {
  const { poll, uuid, tick, service } = await hostWithFailingReads();
  service.failing = true;
  tick(5000);
  const response = await poll(uuid);
  assert.equal(response.status, 200);
  assert.equal(((await response.json()) as { state: string }).state, 'pending');
  assert.equal(response.headers.get('x-kyc-stale'), '5');
  assert.equal(response.headers.get('age'), '5');
});

test('a fresh answer carries no stale mark', async () => {
  const { poll, uuid, tick } = await hostWithFailingReads();
  tick();
  const response = await poll(uuid);
  assert.equal(response.headers.get('x-kyc-stale'), null);
  assert.equal(response.headers.get('age'), null);
});

test('past staleForMs a failing service answers 502 again', async () => {
  const { poll, uuid, tick, service } = await hostWithFailingReads({ staleForMs: 10_000 });
  service.failing = true;
  tick(9000);
  assert.equal((await poll(uuid)).status, 200);
  tick(2000);
  assert.equal((await poll(uuid)).status, 502);
});

test('a failing service is read at most once a second too', async () => {
  const { poll, uuid, tick, counter, service } = await hostWithFailingReads();
  service.failing = true;
  tick();
  for (let i = 0; i < 10; i++) assert.equal((await poll(uuid)).headers.get('x-kyc-stale'), '1');
  assert.equal(counter.transactionReads(), 1);
  service.failing = false;
  tick();
  const recovered = await poll(uuid);
  assert.equal(recovered.status, 200);
  assert.equal(recovered.headers.get('x-kyc-stale'), null);
  assert.equal(counter.transactionReads(), 2);
});

test('a malformed uuid answers 400 and a POST 405, both without a provider call', async () => {
  const { url, counter } = await hostWithSession();
  const before = counter.calls.length;
  assert.equal((await fetch(`${url}/kyc/status/not-a-uuid`)).status, 400);
  assert.equal((await fetch(`${url}/kyc/status/${crypto.randomUUID()}`, { method: 'POST' })).status, 405);
  assert.equal(counter.calls.length, before);
});

test('a transaction created for an owner answers nobody through a status handler without the owner check', async () => {
  const host = await start({ owner: ownerFromHeader });
  const { body } = await host.startSession('alice');
  assert.equal((await host.poll(body.uuid, 'mallory')).status, 404);
});

test('a path segment that is not a uuid, even malformed percent-encoding, answers 400', async () => {
  const { url } = await hostWithSession();
  const response = await fetch(`${url}/kyc/status/%E0%A4%A`);
  assert.equal(response.status, 400);
});

test('an answer of the service against the spec says so without naming the service', async () => {
  const garbage = (input: string | URL | Request, init?: RequestInit) =>
    new URL(String(input)).pathname.startsWith('/v1/transactions/') && (init?.method ?? 'GET') === 'GET'
      ? Promise.resolve(new Response('<html>maintenance</html>', { status: 200 }))
      : fetch(input, init);
  const { uuid, poll, tick } = await hostWithSession({ fetch: garbage as typeof fetch });
  tick();
  const response = await poll(uuid);
  assert.equal(response.status, 502);
  assert.doesNotMatch(await response.text(), /127\.0\.0\.1|http:/);
});
