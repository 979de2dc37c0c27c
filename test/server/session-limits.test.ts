/** Per-owner limits, and a full MemoryStore that refuses new transactions rather than forget live ones. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MemoryStore, type KycKitOptions, type TransactionStatus } from '../../src/server/index.js';
import { countingFetch, ownerFromHeader, pastReadBudget, sandboxClient, useHost, uuidsOf } from './harness.js';

const { sandbox, start } = useHost();

async function limitedHost(options: Partial<KycKitOptions> = {}) {
  const counter = countingFetch();
  const results: TransactionStatus[] = [];
  const errors: unknown[] = [];
  const host = await start({
    client: sandboxClient(sandbox.url, { fetch: counter.fetch }),
    owner: ownerFromHeader,
    onResult: (status) => void results.push(status),
    onError: (error) => void errors.push(error),
    // No short link: these kits are about limits (and the kit's line saying it is off on loopback is not among their errors).
    handoff: false,
    ...options,
  });
  return { ...host, counter, results, errors };
}

test('the (N+1)th pending transaction of one owner answers 429 too_many_pending with Retry-After; another owner is unaffected', async () => {
  const { startSession, counter } = await limitedHost({ sessions: { maxPending: 2 } });
  for (let session = 0; session < 2; session++) assert.equal((await startSession('alice', 'new')).response.status, 201);
  const refused = await startSession('alice', 'new');
  assert.equal(refused.response.status, 429);
  assert.equal(refused.body.error, 'too_many_pending');
  assert.ok(Number(refused.response.headers.get('retry-after')) >= 1);
  assert.equal(counter.creates(), 2);
  assert.equal((await startSession('bob', 'new')).response.status, 201);
});

test('an ended transaction no longer counts as pending', async () => {
  const { startSession, poll } = await limitedHost({ sessions: { maxPending: 1 } });
  const { body } = await startSession('alice', 'new');
  await sandbox.applyOutcome(body.uuid, 'time_out');
  await pastReadBudget();
  assert.equal(((await (await poll(body.uuid)).json()) as TransactionStatus).state, 'expired');
  assert.equal((await startSession('alice', 'new')).response.status, 201);
});

test('creations beyond maxCreated in the window answer 429 too_many_created with Retry-After', async () => {
  const { startSession, counter } = await limitedHost({ sessions: { maxPending: Infinity, maxCreated: 3, createdWindowMs: 600_000 } });
  for (let session = 0; session < 3; session++) assert.equal((await startSession('alice', 'new')).response.status, 201);
  const refused = await startSession('alice', 'new');
  assert.equal(refused.response.status, 429);
  assert.equal(refused.body.error, 'too_many_created');
  const retryAfter = Number(refused.response.headers.get('retry-after'));
  assert.ok(retryAfter > 590 && retryAfter <= 600, `Retry-After ${retryAfter}`);
  assert.equal(counter.creates(), 3);
});

test('a resume is answered whatever the limits: it creates nothing', async () => {
  const { startSession } = await limitedHost({ sessions: { maxPending: 1, maxCreated: 1 } });
  const { body } = await startSession();
  const again = await startSession();
  assert.deepEqual([again.response.status, again.body.uuid], [200, body.uuid]);
});

test("a flood of one owner's sessions on a small MemoryStore gets 503 store_full with Retry-After from the soonest room, and another owner's transaction is followed and delivered once", async () => {
  const { startSession, poll, counter, results, errors, kit } = await limitedHost({
    store: new MemoryStore({ maxEntries: 8 }),
    sessions: { maxPending: Infinity, maxCreated: Infinity },
  });
  const bob = (await startSession('bob')).body.uuid;
  const flood = [];
  for (let session = 0; session < 20; session++) flood.push(await startSession('mallory', 'new'));
  const statuses = flood.map(({ response }) => response.status);
  assert.equal(statuses.filter((status) => status === 201).length, 7, 'the store took transactions up to its maxEntries');
  const refused = flood.filter(({ response }) => response.status === 503);
  assert.equal(refused.length, 13);
  assert.ok(refused.every(({ body }) => body.error === 'store_full'));
  // From the soonest room: the kit's next check of a live transaction (its end, delivered, makes room), within the
  // reconciliation's minute; not the records' expiry a day away.
  const retryAfters = new Set(refused.map(({ response }) => Number(response.headers.get('retry-after'))));
  assert.ok(
    [...retryAfters].every((seconds) => seconds >= 1 && seconds <= 60),
    `Retry-After ${[...retryAfters]}`,
  );
  assert.equal(counter.creates(), 8, 'nothing was created at the service for a refused session');
  assert.deepEqual(
    errors.map((error) => (error as Error).name),
    ['KycStoreFullError'],
    'the first refusal is reported, the others counted in the window of the kit error reporter',
  );

  assert.equal((await poll(bob, 'bob')).status, 200);
  await sandbox.succeed(bob);
  await pastReadBudget();
  assert.equal(((await (await poll(bob, 'bob')).json()) as TransactionStatus).state, 'successful');
  await kit.idle();
  await pastReadBudget();
  assert.equal((await poll(bob, 'bob')).status, 200);
  await kit.idle();
  assert.deepEqual(uuidsOf(results), [bob]);
});
