/** A session POST answers the caller's current transaction instead of creating (and paying for) another. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { KycKitOptions, TransactionStatus } from '../../src/server/index.js';
import { countingFetch, ownerFromHeader, pastReadBudget, sandboxClient, useHost, uuidsOf } from './harness.js';

const { sandbox, start } = useHost();

async function resumingHost(options: Partial<KycKitOptions> = {}) {
  const counter = countingFetch();
  const results: TransactionStatus[] = [];
  const host = await start({
    client: sandboxClient(sandbox.url, { fetch: counter.fetch }),
    owner: ownerFromHeader,
    onResult: (status) => void results.push(status),
    ...options,
  });
  return { ...host, counter, results };
}

test('a second POST of the same owner answers 200 with the same uuid and link; the service saw one create', async () => {
  const { startSession, counter } = await resumingHost();
  const first = await startSession();
  const again = await startSession();
  assert.deepEqual([first.response.status, first.body.resumed], [201, false]);
  assert.deepEqual([again.response.status, again.body.resumed], [200, true]);
  assert.equal(again.body.uuid, first.body.uuid);
  assert.equal(again.body.link, first.body.link);
  assert.equal(counter.creates(), 1);
});

test('a resumed pending transaction answers its current status, read from the service', async () => {
  const { startSession } = await resumingHost();
  const { body } = await startSession();
  await sandbox.applyOutcome(body.uuid, '002');
  await pastReadBudget();
  const again = await startSession();
  assert.equal(again.body.state, 'pending');
  assert.equal(again.body.step, 'Capture_credential_Ok');
});

test('after the transaction ends, a POST within the window answers its end, and its result is delivered once', async () => {
  const { startSession, counter, results, kit } = await resumingHost();
  const { body } = await startSession();
  await sandbox.succeed(body.uuid);
  await pastReadBudget();
  const again = await startSession();
  assert.equal(again.response.status, 200);
  assert.deepEqual([again.body.uuid, again.body.state], [body.uuid, 'successful']);
  assert.equal(counter.creates(), 1);
  await kit.idle();
  assert.deepEqual(uuidsOf(results), [body.uuid]);
});

test('past the window, a POST after the end creates a new transaction', async () => {
  const { startSession, counter } = await resumingHost({ sessions: { resumeEndedForMs: 0 } });
  const { body } = await startSession();
  await sandbox.applyOutcome(body.uuid, 'time_out');
  await pastReadBudget();
  const next = await startSession();
  assert.equal(next.response.status, 201);
  assert.notEqual(next.body.uuid, body.uuid);
  assert.equal(counter.creates(), 2);
});

test('"new" creates exactly one new transaction, and resumes then answer it', async () => {
  const { startSession, counter } = await resumingHost();
  const first = await startSession();
  const fresh = await startSession('alice', 'new');
  assert.equal(fresh.response.status, 201);
  assert.notEqual(fresh.body.uuid, first.body.uuid);
  assert.equal(counter.creates(), 2);
  const again = await startSession();
  assert.deepEqual([again.response.status, again.body.uuid], [200, fresh.body.uuid]);
  assert.equal(counter.creates(), 2);
});

test('another owner gets a transaction of its own', async () => {
  const { startSession, counter } = await resumingHost();
  const alice = await startSession('alice');
  const bob = await startSession('bob');
  assert.equal(bob.response.status, 201);
  assert.notEqual(bob.body.uuid, alice.body.uuid);
  assert.equal(counter.creates(), 2);
});

test('each kind of verification (sessions.key) resumes its own transaction', async () => {
  const { startSession, counter } = await resumingHost({ sessions: { key: (request) => request.headers.get('x-kind') ?? '' } });
  const as = (kind: string) => startSession('alice', 'resume', { 'x-kind': kind });
  const signup = await as('signup');
  const payout = await as('payout');
  assert.equal(payout.response.status, 201);
  assert.notEqual(payout.body.uuid, signup.body.uuid);
  assert.equal((await as('signup')).body.uuid, signup.body.uuid);
  assert.equal((await as('payout')).body.uuid, payout.body.uuid);
  assert.equal(counter.creates(), 2);
});

test('ten POSTs of one owner at once create one transaction, the others resume it', async () => {
  const { startSession, counter } = await resumingHost();
  const answers = await Promise.all(Array.from({ length: 10 }, () => startSession()));
  assert.equal(counter.creates(), 1);
  assert.deepEqual(answers.map((answer) => answer.response.status).sort(), [200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
  assert.equal(new Set(answers.map((answer) => answer.body.uuid)).size, 1);
});

test('without an owner function every POST creates: nothing to resume, nobody to limit', async () => {
  const { startSession, counter } = await resumingHost({ owner: undefined });
  const first = await startSession();
  const second = await startSession();
  assert.deepEqual([first.response.status, second.response.status], [201, 201]);
  assert.notEqual(second.body.uuid, first.body.uuid);
  assert.equal(counter.creates(), 2);
});
