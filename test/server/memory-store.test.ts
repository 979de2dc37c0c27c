import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MemoryStore } from '../../src/server/state/memory-store.js';
import { cached, storeContract } from './store-contract.js';

storeContract(() => new MemoryStore());

const NO_LIMITS = Infinity;

test('a full store refuses a new transaction, saying when a record expires, and keeps every live one', () => {
  let now = 0;
  const store = new MemoryStore({ maxEntries: 3, now: () => now });
  for (const uuid of ['a', 'b', 'c']) {
    assert.deepEqual(store.reserveSession('alice', uuid, NO_LIMITS, 1000), { reserved: true });
    store.saveCreated({ uuid, transactionId: `t-${uuid}`, owner: 'alice' }, 60_000 + (uuid === 'a' ? 0 : 5000));
    store.confirmSession('alice', uuid, { uuid, key: '', link: 'l' }, 60_000, 60_000);
  }
  assert.deepEqual(store.reserveSession('bob', 'd', NO_LIMITS, 1000), { reserved: false, reason: 'store_full', retryAfterMs: 60_000 });
  assert.equal(store.reserveSession(null, 'e', NO_LIMITS, 1000).reserved, false, 'without an owner too');
  for (const uuid of ['a', 'b', 'c']) assert.equal(store.getCreated(uuid)?.transactionId, `t-${uuid}`);
  now = 60_000;
  assert.deepEqual(store.reserveSession('bob', 'd', NO_LIMITS, 1000), { reserved: true }, 'the first record expired');
});

test('a reservation takes room until it is confirmed or released', () => {
  const store = new MemoryStore({ maxEntries: 1 });
  assert.deepEqual(store.reserveSession(null, 'a', NO_LIMITS, 60_000), { reserved: true });
  assert.equal(store.reserveSession(null, 'b', NO_LIMITS, 60_000).reserved, false);
  store.releaseSession(null, 'a');
  assert.deepEqual(store.reserveSession(null, 'b', NO_LIMITS, 60_000), { reserved: true });
});

test('a full kind refuses a new key rather than forget a live entry, and still updates the keys it holds', () => {
  const store = new MemoryStore({ maxEntries: 2 });
  store.writeStatus('a', cached('pending', 0, 'a'), 60_000);
  store.writeStatus('b', cached('pending', 0, 'b'), 60_000);
  assert.throws(() => store.writeStatus('c', cached('pending', 0, 'c'), 60_000), { name: 'KycStoreFullError' });
  store.writeStatus('a', cached('successful', 1, 'a'), 60_000);
  assert.equal(store.getStatus('a')?.status.state, 'successful');
  assert.equal(store.getStatus('b')?.status.state, 'pending');
});

test('each kind of lease, limiter key and shared value has a room of its own: a flood that fills one leaves the others theirs', () => {
  const store = new MemoryStore({ maxEntries: 1 });
  const fill = (write: (index: number) => unknown) => {
    for (let index = 0; ; index++) {
      try {
        write(index);
      } catch (error) {
        return assert.equal((error as Error).name, 'KycStoreFullError');
      }
      assert.ok(index < 1_000, 'a room is bounded');
    }
  };
  fill((index) => store.acquire(`handoff:device:u:${index}`, 'd', 60_000));
  fill((index) => store.hit(`budget:typedCodeMissesPerAddressPerMinute:${index}`, 3, 60_000));
  fill((index) => store.setShared(`handoff:link:${index}`, '{}', 60_000));
  // Polls (the read lease), budgets of other names, sends, webhooks, the access token: room as ever.
  assert.equal(store.acquire('read:u', 'p', 1_000), true);
  assert.equal(store.hit('budget:createdPerMinute:*', 60, 60_000).allowed, true);
  assert.equal(store.hit('sends:u', 3, 60_000).allowed, true);
  assert.equal(store.hit('webhook:digest', 1, 60_000).allowed, true);
  store.setShared('access-token', 'abc', 60_000);
  assert.equal(store.getShared('access-token'), 'abc');
});

test('at its bound, a kind drops expired entries to make room', () => {
  let now = 0;
  const store = new MemoryStore({ maxEntries: 2, now: () => now });
  store.writeStatus('old', cached('pending', 0, 'old'), 60_000);
  store.writeStatus('brief', cached('pending', 0, 'brief'), 10);
  now = 20;
  store.writeStatus('new', cached('pending', 0, 'new'), 60_000);
  assert.equal(store.getStatus('old')?.status.uuid, 'old', 'the expired entry made room');
  assert.equal(store.getStatus('new')?.status.uuid, 'new');
});

test('measures leases, retries and TTLs on the clock it is given', () => {
  let now = 1_000;
  const store = new MemoryStore({ now: () => now });
  store.enqueueJob('j', 10_000);
  store.takeJob('j', 'p1', 100);
  now += 100;
  assert.deepEqual(store.takeJob('j', 'p2', 100), { taken: true, attempts: 0 });
  store.retryJob('j', 'p2', 500);
  now += 499;
  assert.deepEqual(store.takeJob('j', 'p1', 100), { taken: false, reason: 'waiting' });
  now += 1;
  assert.deepEqual(store.dueJobs(1), ['j']);
  now = 11_000;
  assert.deepEqual(store.takeJob('j', 'p1', 100), { taken: false, reason: 'absent' });
});
