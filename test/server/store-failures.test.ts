import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createKycKit, MemoryStore, type Store, type TransactionStatus } from '../../src/server/index.js';
import { createRequestWithoutId, pastReadBudget, pendingPayload, sandboxClient, useSandbox, uuidsOf, sessionHeader } from './harness.js';

const sandbox = useSandbox();

/** A MemoryStore whose method `name` is replaced by `replacement` while `broken.on` is set. */
function storeBreaking<K extends keyof Store>(name: K, replacement: Store[K]) {
  const memory = new MemoryStore();
  const broken = { on: true };
  const store = new Proxy(memory, {
    get(target, property) {
      if (property === name && broken.on) return replacement;
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { store, broken };
}

function kitOn(store: Store, options: { retentionMs?: number; storeTimeoutMs?: number } = {}) {
  const results: TransactionStatus[] = [];
  const errors: unknown[] = [];
  const kit = createKycKit({
    client: sandboxClient(sandbox.url),
    store,
    buildRequest: () => createRequestWithoutId(),
    onResult: (status) => void results.push(status),
    onError: (error) => void errors.push(error),
    // Where browsers reach it: the short link on, as on a deployed host.
    publicUrl: 'http://host.example',
    tuning: { sweepIntervalMs: 0, ...options },
  });
  const session = () => kit.session(new Request('http://127.0.0.1/kyc/session', { method: 'POST', headers: sessionHeader() }));
  const poll = (uuid: string) => kit.status(new Request(`http://127.0.0.1/kyc/status/${uuid}`));
  return { kit, results, errors, session, poll };
}

test('a store that stops answering costs a poll storeTimeoutMs and a 503 with Retry-After, never a hang', async () => {
  const { store } = storeBreaking('getCreated', () => new Promise(() => {}));
  const { poll } = kitOn(store, { storeTimeoutMs: 200 });
  const answer = await poll(crypto.randomUUID());
  assert.equal(answer.status, 503);
  assert.equal(answer.headers.get('retry-after'), '1');
});

test('a transaction created but not recorded is reported to onError with its uuid and transaction_id', async () => {
  const { store } = storeBreaking('saveCreated', () => Promise.reject(new Error('redis is down')));
  const { session, errors } = kitOn(store);
  assert.equal((await session()).status, 503);
  const [orphan] = errors as { name: string; uuid: string; transactionId: string }[];
  assert.equal(orphan?.name, 'KycOrphanedTransactionError');
  assert.match(orphan.uuid, /^[0-9a-f-]{36}$/);
  assert.ok(orphan.transactionId);
});

test('a transaction recorded but not followed is still answered 201, and the failure reported', async () => {
  const { store } = storeBreaking('follow', () => Promise.reject(new Error('redis blinked')));
  const { session, errors } = kitOn(store);
  const answer = await session();
  assert.equal(answer.status, 201);
  assert.deepEqual(
    errors.map((error) => (error as Error).message),
    ["the kit's store failed: redis blinked"],
  );
});

test('a session whose status cache cannot be written is still answered 201: the first poll reads the service', async () => {
  const { store } = storeBreaking('writeStatus', () => Promise.reject(new Error('redis is slow')));
  const { session } = kitOn(store);
  const answer = await session();
  assert.equal(answer.status, 201);
  assert.equal(((await answer.json()) as TransactionStatus).state, 'pending');
});

test('an end whose result could not be recorded answers 503: the next poll that serves it records and delivers it', async () => {
  const { store, broken } = storeBreaking('enqueueJob', () => Promise.reject(new Error('redis blinked')));
  const { session, poll, kit, results } = kitOn(store);
  broken.on = false;
  const { uuid } = (await (await session()).json()) as TransactionStatus;
  await sandbox.succeed(uuid);
  await pastReadBudget();
  broken.on = true;
  assert.equal((await poll(uuid)).status, 503);
  broken.on = false;
  await pastReadBudget();
  assert.equal(((await (await poll(uuid)).json()) as TransactionStatus).state, 'successful');
  await kit.idle();
  assert.deepEqual(uuidsOf(results), [uuid]);
});

test('a delivered result stays done as long as its transaction is remembered: a late duplicate webhook does not call onResult again', async () => {
  const { session, kit, results } = kitOn(new MemoryStore(), { retentionMs: 300 });
  const { uuid } = (await (await session()).json()) as TransactionStatus;
  await sandbox.succeed(uuid);
  const end = () =>
    new Request('http://host.example/kyc/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...pendingPayload(uuid), active: false, complete: true }),
    });
  await kit.webhook(end());
  await kit.idle();
  // Past the retention, but not past the transaction's expiry (600 s): its record is still there.
  await new Promise((resolve) => setTimeout(resolve, 500));
  await kit.webhook(end());
  await kit.idle();
  assert.deepEqual(uuidsOf(results), [uuid]);
});
