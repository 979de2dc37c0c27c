import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import type { Awaitable, Store } from '../../src/server/state/store.js';
import { cached } from './store-contract.js';

const LONG = 60_000;
const SHORT = 150;
const EXPIRED = 400;

/** maxPending in every test but the one that turns it off. */
const MAX_PENDING = 2;
const session = (uuid: string, key = '') => ({ uuid, key, link: `https://verify.example/${uuid}` });

/** The session ledgers of the Store contract (reserveSession and its kin), each behaviour its own test. */
export function sessionContract(open: () => Awaitable<Store>): void {
  const it = (name: string, body: (store: Store) => Promise<void>): void => {
    test(name, async () => body(await open()));
  };
  /** Reserves place `id` for alice and confirms it as transaction `id`, pending for `expiresInMs`. */
  const created = async (store: Store, id: string, options: { expiresInMs?: number; key?: string; owner?: string } = {}) => {
    const owner = options.owner ?? 'alice';
    assert.deepEqual(await store.reserveSession(owner, id, MAX_PENDING, LONG), { reserved: true });
    await store.confirmSession(owner, id, session(id, options.key), options.expiresInMs ?? LONG, LONG);
  };

  it('refuses a reservation beyond maxPending, saying when a place frees', async (store) => {
    assert.deepEqual(await store.reserveSession('alice', 'a', MAX_PENDING, LONG), { reserved: true });
    assert.deepEqual(await store.reserveSession('alice', 'b', MAX_PENDING, SHORT), { reserved: true });
    const refused = await store.reserveSession('alice', 'c', MAX_PENDING, LONG);
    assert.equal(refused.reserved, false);
    assert.equal(!refused.reserved && refused.reason, 'too_many_pending');
    assert.ok(!refused.reserved && refused.retryAfterMs > 0 && refused.retryAfterMs <= SHORT, JSON.stringify(refused));
  });

  it('counts limits per owner', async (store) => {
    for (const id of ['a', 'b']) await store.reserveSession('alice', id, MAX_PENDING, LONG);
    assert.deepEqual(await store.reserveSession('bob', 'c', MAX_PENDING, LONG), { reserved: true });
  });

  it('frees the place of a reservation that was held too long or released', async (store) => {
    await store.reserveSession('alice', 'a', MAX_PENDING, SHORT);
    await store.reserveSession('alice', 'b', MAX_PENDING, LONG);
    await store.releaseSession('alice', 'b');
    await delay(EXPIRED);
    for (const id of ['c', 'd']) assert.deepEqual(await store.reserveSession('alice', id, MAX_PENDING, LONG), { reserved: true });
  });

  it('counts a created transaction as pending until its stored status is an end', async (store) => {
    await created(store, 'a');
    await created(store, 'b');
    assert.equal((await store.reserveSession('alice', 'c', MAX_PENDING, LONG)).reserved, false);
    await store.writeStatus('a', cached('pending', 1, 'a'), LONG);
    assert.equal((await store.reserveSession('alice', 'c', MAX_PENDING, LONG)).reserved, false, 'a pending status keeps it pending');
    await store.writeStatus('a', cached('failed', 2, 'a'), LONG);
    assert.deepEqual(await store.reserveSession('alice', 'c', MAX_PENDING, LONG), { reserved: true });
  });

  it('counts a created transaction as pending until its expiry', async (store) => {
    await created(store, 'a', { expiresInMs: SHORT });
    await created(store, 'b');
    await delay(EXPIRED);
    assert.deepEqual(await store.reserveSession('alice', 'c', MAX_PENDING, LONG), { reserved: true });
  });

  it('limits nothing with Infinity', async (store) => {
    for (let id = 0; id < 30; id++) assert.deepEqual(await store.reserveSession('alice', `p${id}`, Infinity, LONG), { reserved: true });
  });

  it('grants exactly maxPending of many reservations at once', async (store) => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, id) => store.reserveSession('alice', `p${id}`, MAX_PENDING, LONG)));
    assert.equal(answers.filter((answer) => answer.reserved).length, 2);
  });

  it('finds the newest created transaction of an owner and key, and no other', async (store) => {
    await created(store, 'a');
    await store.writeStatus('a', cached('failed', 1, 'a'), LONG);
    await created(store, 'b');
    await created(store, 'c', { key: 'address' });
    assert.deepEqual(await store.latestSession('alice', ''), session('b'));
    assert.deepEqual(await store.latestSession('alice', 'address'), session('c', 'address'));
    assert.equal(await store.latestSession('alice', 'other'), undefined);
    assert.equal(await store.latestSession('bob', ''), undefined);
  });

  it('forgets a created transaction after keepMs', async (store) => {
    await store.reserveSession('alice', 'a', MAX_PENDING, LONG);
    await store.confirmSession('alice', 'a', session('a'), LONG, SHORT);
    await delay(EXPIRED);
    assert.equal(await store.latestSession('alice', ''), undefined);
  });

  it('ends a lease early only for its holder', async (store) => {
    await store.acquire('create:alice', 'p1', LONG);
    await store.release('create:alice', 'p2');
    assert.equal(await store.acquire('create:alice', 'p2', LONG), false);
    await store.release('create:alice', 'p1');
    assert.equal(await store.acquire('create:alice', 'p2', LONG), true);
  });
}
