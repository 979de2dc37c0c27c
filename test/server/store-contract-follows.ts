import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import type { Awaitable, Store } from '../../src/server/state/store.js';

const LONG = 60_000;
const SHORT = 150;
const EXPIRED = 400;

/** The reconciliation's part of the Store contract (follow, claimFollowed, unfollow), each behaviour its own test. */
export function followContract(open: () => Awaitable<Store>): void {
  const it = (name: string, body: (store: Store) => Promise<void>): void => {
    test(name, async () => body(await open()));
  };

  it('claims a followed transaction once it is due, and not before', async (store) => {
    await store.follow('soon', 0, LONG);
    await store.follow('later', LONG, LONG);
    assert.deepEqual(await store.claimFollowed(10, LONG), ['soon']);
  });

  it('a claimed transaction is not claimed again within the period, by anyone', async (store) => {
    await store.follow('u', 0, LONG);
    assert.deepEqual(await store.claimFollowed(10, LONG), ['u']);
    assert.deepEqual(await store.claimFollowed(10, LONG), []);
  });

  it('a claimed transaction is due again a period later, whether its claimer checked it or died', async (store) => {
    await store.follow('u', 0, LONG);
    assert.deepEqual(await store.claimFollowed(10, SHORT), ['u']);
    await delay(EXPIRED);
    assert.deepEqual(await store.claimFollowed(10, LONG), ['u']);
  });

  it('claims at most the limit, soonest due first', async (store) => {
    await store.follow('second', 0, LONG);
    await store.follow('first', -1000, LONG);
    await store.follow('third', 0, LONG);
    await delay(10);
    const claimed = await store.claimFollowed(2, LONG);
    assert.equal(claimed.length, 2);
    assert.equal(claimed[0], 'first');
    assert.equal((await store.claimFollowed(2, LONG)).length, 1);
  });

  it('an unfollowed transaction is never claimed', async (store) => {
    await store.follow('u', 0, LONG);
    await store.unfollow('u');
    assert.deepEqual(await store.claimFollowed(10, LONG), []);
  });

  it('stops following a transaction after its TTL', async (store) => {
    await store.follow('u', SHORT, SHORT);
    await delay(EXPIRED);
    assert.deepEqual(await store.claimFollowed(10, LONG), []);
  });
}
