import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MemoryStore } from '../../src/server/state/memory-store.js';
import { cached, storeContract } from './store-contract.js';

storeContract(() => new MemoryStore());

test('each kind holds at most maxEntries, evicting the oldest first', () => {
  const store = new MemoryStore({ maxEntries: 3 });
  for (const uuid of ['a', 'b', 'c', 'd']) {
    store.saveCreated({ uuid, transactionId: `t-${uuid}`, owner: null }, 60_000);
    store.writeStatus(uuid, cached('pending', 0, uuid), 60_000);
    store.acquire(uuid, 'p1', 60_000);
  }
  assert.equal(store.getCreated('a'), undefined);
  assert.equal(store.getStatus('a'), undefined);
  assert.equal(store.acquire('a', 'p2', 60_000), true, 'the oldest lease was forgotten');
  assert.equal(store.getCreated('d')?.transactionId, 't-d');
  assert.equal(store.getStatus('b')?.status.uuid, 'b');
});

test('writing an entry again makes it the newest', () => {
  const store = new MemoryStore({ maxEntries: 2 });
  store.setShared('a', '1', 60_000);
  store.setShared('b', '1', 60_000);
  store.setShared('a', '2', 60_000);
  store.setShared('c', '1', 60_000);
  assert.equal(store.getShared('a'), '2');
  assert.equal(store.getShared('b'), undefined);
});

test('over its bound, a kind drops expired entries before evicting live ones', () => {
  let now = 0;
  const store = new MemoryStore({ maxEntries: 2, now: () => now });
  store.setShared('old', '1', 60_000);
  store.setShared('brief', '1', 10);
  now = 20;
  store.setShared('new', '1', 60_000);
  assert.equal(store.getShared('old'), '1', 'the expired entry made room');
  assert.equal(store.getShared('new'), '1');
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
