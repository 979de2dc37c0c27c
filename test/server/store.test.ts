import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MemoryStore, type TransactionStatus } from '../../src/server/index.js';

const status = (uuid: string): TransactionStatus => ({
  uuid,
  state: 'pending',
  step: 'Session_start',
  code: '001',
  issue_description: null,
  expires_at: null,
  updated_at: null,
});

test('a released claim can be claimed again', () => {
  const store = new MemoryStore();
  assert.equal(store.claim('result:u'), true);
  store.release('result:u');
  assert.equal(store.claim('result:u'), true);
});

test('claim is a test-and-set: true the first time, false after', () => {
  const store = new MemoryStore();
  assert.equal(store.claim('webhook:u:successful'), true);
  assert.equal(store.claim('webhook:u:successful'), false);
  assert.equal(store.claim('webhook:u:failed'), true);
});

test('each kind holds at most maxEntries, evicting the oldest first', () => {
  const store = new MemoryStore({ maxEntries: 3 });
  for (const uuid of ['a', 'b', 'c', 'd']) {
    store.saveCreated({ uuid, transactionId: `t-${uuid}`, owner: null });
    store.saveStatus(uuid, { status: status(uuid), fetchedAt: 0 });
    store.claim(uuid);
  }
  assert.deepEqual(store.sizes, { created: 3, statuses: 3, claims: 3 });
  assert.equal(store.getCreated('a'), undefined);
  assert.equal(store.getStatus('a'), undefined);
  assert.equal(store.claim('a'), true, 'the oldest claim was forgotten');
  assert.equal(store.getCreated('d')?.transactionId, 't-d');
});

test('writing an entry again makes it the newest', () => {
  const store = new MemoryStore({ maxEntries: 2 });
  store.saveStatus('a', { status: status('a'), fetchedAt: 0 });
  store.saveStatus('b', { status: status('b'), fetchedAt: 0 });
  store.saveStatus('a', { status: status('a'), fetchedAt: 1 });
  store.saveStatus('c', { status: status('c'), fetchedAt: 0 });
  assert.equal(store.getStatus('a')?.fetchedAt, 1);
  assert.equal(store.getStatus('b'), undefined);
});
