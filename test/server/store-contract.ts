import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import type { Awaitable, CachedStatus, Store } from '../../src/server/state/store.js';
import type { TransactionState } from '../../src/shared/transaction-state.js';
import { followContract } from './store-contract-follows.js';
import { limitContract } from './store-contract-limits.js';
import { sessionContract } from './store-contract-sessions.js';

/** Long enough that nothing expires during a test. */
const LONG = 60_000;
/** Short enough to watch something expire: tests wait EXPIRED, well past it. */
const SHORT = 150;
const EXPIRED = 400;

export const cached = (state: TransactionState, fetchedAt: number, uuid = 'u'): CachedStatus => ({
  status: {
    uuid,
    state,
    step: state === 'pending' ? 'Session_start' : 'Session_complete_Ok',
    code: null,
    issue_description: null,
    expires_at: null,
    updated_at: null,
  },
  fetchedAt,
});

/** Every behaviour of the Store contract (src/server/state/store.ts), each as its own test, on stores from `open` (a fresh, empty one per test). */
export function storeContract(open: () => Awaitable<Store>): void {
  const it = (name: string, body: (store: Store) => Promise<void>): void => {
    test(name, async () => body(await open()));
  };
  sessionContract(open);
  followContract(open);
  limitContract(open);

  it('keeps a created record under its uuid, and knows no other', async (store) => {
    const record = { uuid: 'u', transactionId: 't-1', owner: 'alice' };
    await store.saveCreated(record, LONG);
    assert.deepEqual(await store.getCreated('u'), record);
    assert.equal(await store.getCreated('other'), undefined);
  });

  it('forgets a created record after its TTL', async (store) => {
    await store.saveCreated({ uuid: 'u', transactionId: 't-1', owner: null }, SHORT);
    await delay(EXPIRED);
    assert.equal(await store.getCreated('u'), undefined);
  });

  it('stores a first status and returns it', async (store) => {
    assert.equal(await store.getStatus('u'), undefined);
    assert.deepEqual(await store.writeStatus('u', cached('pending', 1), LONG), cached('pending', 1));
    assert.deepEqual(await store.getStatus('u'), cached('pending', 1));
  });

  /** What writeStatus returns when `next` follows `first`, checked to be what is then stored. */
  const storedAfter = async (store: Store, first: CachedStatus, ...next: CachedStatus[]): Promise<CachedStatus> => {
    let returned = await store.writeStatus('u', first, LONG);
    for (const status of next) returned = await store.writeStatus('u', status, LONG);
    assert.deepEqual(await store.getStatus('u'), returned);
    return returned;
  };

  it('replaces a pending status with a pending one read later', async (store) => {
    assert.deepEqual(await storedAfter(store, cached('pending', 1), cached('pending', 2)), cached('pending', 2));
  });

  it('never replaces a pending status with a pending one read earlier', async (store) => {
    assert.deepEqual(await storedAfter(store, cached('pending', 2), cached('pending', 1)), cached('pending', 2));
  });

  it('replaces a pending status with an end, even one read earlier', async (store) => {
    assert.deepEqual(await storedAfter(store, cached('pending', 2), cached('successful', 1)), cached('successful', 1));
  });

  it('never overwrites an end, with a later pending or another end', async (store) => {
    assert.deepEqual(await storedAfter(store, cached('failed', 1), cached('pending', 2)), cached('failed', 1));
    assert.deepEqual(await storedAfter(store, cached('failed', 1), cached('expired', 3)), cached('failed', 1));
  });

  it('keeps the end when many writes race, older pendings arriving after it', async (store) => {
    const end = cached('successful', 50);
    const writes = Array.from({ length: 100 }, (_, i) => (i === 50 ? end : cached('pending', i < 50 ? i : i - 50)));
    const results = await Promise.all(writes.map((next) => store.writeStatus('u', next, LONG)));
    assert.deepEqual(await store.getStatus('u'), end);
    assert.deepEqual(results.slice(50), Array(50).fill(end), 'every write from the end on returns the end');
  });

  it('forgets a status after its TTL', async (store) => {
    await store.writeStatus('u', cached('successful', 1), SHORT);
    await delay(EXPIRED);
    assert.equal(await store.getStatus('u'), undefined);
  });

  it('grants a lease once while it lasts, and again after it expired', async (store) => {
    assert.equal(await store.acquire('read:u', 'p1', SHORT), true);
    assert.equal(await store.acquire('read:u', 'p2', SHORT), false);
    assert.equal(await store.acquire('read:u', 'p1', SHORT), false, 'not even to its holder');
    assert.equal(await store.acquire('read:v', 'p2', SHORT), true, 'leases are per key');
    await delay(EXPIRED);
    assert.equal(await store.acquire('read:u', 'p2', SHORT), true);
  });

  it('resets a lease to end a given time from now, longer or shorter, only for its holder', async (store) => {
    assert.equal(await store.acquire('read:u', 'p1', SHORT), true);
    assert.equal(await store.resetLease('read:u', 'p2', LONG), false, 'not for another holder');
    assert.equal(await store.resetLease('read:u', 'p1', LONG), true);
    await delay(EXPIRED);
    assert.equal(await store.acquire('read:u', 'p2', SHORT), false, 'held past its first expiry');
    assert.equal(await store.resetLease('read:u', 'p1', SHORT), true);
    await delay(EXPIRED);
    assert.equal(await store.acquire('read:u', 'p2', SHORT), true, 'a shorter reset ends it sooner');
    assert.equal(await store.resetLease('read:v', 'p1', LONG), false, 'no lease, nothing to reset');
  });

  it('delivers a published status to every subscriber, and nothing once unsubscribed', async (store) => {
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = store.subscribeStatuses((uuid, { status }) => void first.push(`${uuid}:${status.state}`));
    const stopSecond = store.subscribeStatuses((uuid) => void second.push(uuid));
    // A subscription on a shared store takes a round trip to start: publish until it is heard.
    for (let attempt = 0; attempt < 40 && !first.length; attempt++) {
      await store.publishStatus('u', cached('pending', 1));
      await delay(50);
    }
    assert.equal(first[0], 'u:pending');
    assert.ok(second.includes('u'));
    stopFirst();
    stopSecond();
    const heard = [first.length, second.length];
    await store.publishStatus('v', cached('successful', 2));
    await delay(200);
    assert.deepEqual([first.length, second.length], heard);
  });

  it('sets a mark on a transaction for its TTL', async (store) => {
    assert.equal(await store.hasMark('webhooked', 'u'), false);
    await store.setMark('webhooked', 'u', SHORT);
    assert.equal(await store.hasMark('webhooked', 'u'), true);
    await delay(EXPIRED);
    assert.equal(await store.hasMark('webhooked', 'u'), false);
  });

  it('keeps each mark to its own name and transaction', async (store) => {
    await store.setMark('watched', 'u', LONG);
    assert.equal(await store.hasMark('webhooked', 'u'), false);
    assert.equal(await store.hasMark('watched', 'v'), false);
  });

  it('gives a mark set again the TTL it is set with, even a shorter one', async (store) => {
    await store.setMark('watched', 'u', LONG);
    await store.setMark('watched', 'u', SHORT);
    await delay(EXPIRED);
    assert.equal(await store.hasMark('watched', 'u'), false);
  });

  it('keeps a shared value for its TTL', async (store) => {
    assert.equal(await store.getShared('token'), undefined);
    await store.setShared('token', 'abc', SHORT);
    assert.equal(await store.getShared('token'), 'abc');
    await delay(EXPIRED);
    assert.equal(await store.getShared('token'), undefined);
  });

  it('replaces a shared value', async (store) => {
    await store.setShared('token', 'abc', LONG);
    await store.setShared('token', 'def', LONG);
    assert.equal(await store.getShared('token'), 'def');
  });

  /** Enqueues job 'j' and lets holder 'p1' take it. */
  const holdJob = async (store: Store, leaseMs = LONG): Promise<void> => {
    await store.enqueueJob('j', LONG);
    assert.deepEqual(await store.takeJob('j', 'p1', leaseMs), { taken: true, attempts: 0 });
  };

  it('takes no job that was never enqueued', async (store) => {
    assert.deepEqual(await store.takeJob('j', 'p1', LONG), { taken: false, reason: 'absent' });
    assert.deepEqual(await store.dueJobs(10), []);
  });

  it('makes an enqueued job due, and lets one holder take it', async (store) => {
    await store.enqueueJob('j', LONG);
    assert.deepEqual(await store.dueJobs(10), ['j']);
    assert.deepEqual(await store.takeJob('j', 'p1', LONG), { taken: true, attempts: 0 });
    assert.deepEqual(await store.takeJob('j', 'p2', LONG), { taken: false, reason: 'held' });
    assert.deepEqual(await store.dueJobs(10), [], 'a held job is not due');
  });

  it('lets another holder take a job whose lease expired, and the first then loses it', async (store) => {
    await holdJob(store, SHORT);
    await delay(EXPIRED);
    assert.deepEqual(await store.dueJobs(10), ['j'], 'a job whose lease expired is due');
    assert.deepEqual(await store.takeJob('j', 'p2', LONG), { taken: true, attempts: 0 });
    assert.equal(await store.renewJob('j', 'p1', LONG), false);
    await store.finishJob('j', 'p1', LONG);
    assert.deepEqual(await store.takeJob('j', 'p3', LONG), { taken: false, reason: 'held' }, 'the old holder cannot finish it');
  });

  it('extends the lease of the holder who renews it', async (store) => {
    await holdJob(store, SHORT);
    assert.equal(await store.renewJob('j', 'p1', LONG), true);
    await delay(EXPIRED);
    assert.deepEqual(await store.takeJob('j', 'p2', LONG), { taken: false, reason: 'held' });
  });

  it('lets a holder whose lease ran out renew it while nobody else took the job', async (store) => {
    await holdJob(store, SHORT);
    await delay(EXPIRED);
    assert.equal(await store.renewJob('j', 'p1', LONG), true);
    assert.deepEqual(await store.takeJob('j', 'p2', LONG), { taken: false, reason: 'held' });
  });

  it('renews no lease for a process that does not hold the job', async (store) => {
    await store.enqueueJob('j', LONG);
    assert.equal(await store.renewJob('j', 'p1', LONG), false, 'nobody holds it');
    await store.takeJob('j', 'p1', LONG);
    assert.equal(await store.renewJob('j', 'p2', LONG), false);
    assert.equal(await store.renewJob('absent', 'p1', LONG), false);
  });

  it('makes a retried job wait for its delay', async (store) => {
    await holdJob(store);
    await store.retryJob('j', 'p1', LONG);
    assert.deepEqual(await store.takeJob('j', 'p2', LONG), { taken: false, reason: 'waiting' });
    assert.deepEqual(await store.dueJobs(10), []);
  });

  it('makes a retried job due once its delay has passed, counting the attempt', async (store) => {
    await holdJob(store);
    await store.retryJob('j', 'p1', SHORT);
    await delay(EXPIRED);
    assert.deepEqual(await store.dueJobs(10), ['j']);
    assert.deepEqual(await store.takeJob('j', 'p2', LONG), { taken: true, attempts: 1 });
    await store.retryJob('j', 'p2', 0);
    assert.deepEqual(await store.takeJob('j', 'p1', LONG), { taken: true, attempts: 2 });
  });

  it('ignores a retry from a process that does not hold the job', async (store) => {
    await holdJob(store);
    await store.retryJob('j', 'p2', 0);
    assert.deepEqual(await store.takeJob('j', 'p3', LONG), { taken: false, reason: 'held' });
  });

  it('makes a job enqueued while held due at once when its holder retries it', async (store) => {
    await holdJob(store);
    await store.enqueueJob('j', LONG);
    assert.deepEqual(await store.takeJob('j', 'p2', LONG), { taken: false, reason: 'held' }, 'the enqueue leaves it held');
    await store.retryJob('j', 'p1', LONG);
    assert.deepEqual(await store.dueJobs(10), ['j']);
    assert.deepEqual(await store.takeJob('j', 'p2', LONG), { taken: true, attempts: 1 });
  });

  it('makes a waiting job due at once when it is enqueued again', async (store) => {
    await holdJob(store);
    await store.retryJob('j', 'p1', LONG);
    await store.enqueueJob('j', LONG);
    assert.deepEqual(await store.takeJob('j', 'p2', LONG), { taken: true, attempts: 1 });
  });

  it('never runs a finished job again, even when enqueued again', async (store) => {
    await holdJob(store);
    await store.finishJob('j', 'p1', LONG);
    await store.enqueueJob('j', LONG);
    assert.deepEqual(await store.takeJob('j', 'p2', LONG), { taken: false, reason: 'done' });
    assert.deepEqual(await store.dueJobs(10), []);
  });

  it('ignores a finish from a process that does not hold the job', async (store) => {
    await store.enqueueJob('j', LONG);
    await store.finishJob('j', 'p1', LONG);
    assert.deepEqual(await store.takeJob('j', 'p1', LONG), { taken: true, attempts: 0 });
  });

  it('forgets that a job was done after the TTL of its finish', async (store) => {
    await holdJob(store);
    await store.finishJob('j', 'p1', SHORT);
    await delay(EXPIRED);
    assert.deepEqual(await store.takeJob('j', 'p1', LONG), { taken: false, reason: 'absent' });
  });

  it('forgets a dropped job, so that enqueuing it starts afresh', async (store) => {
    await holdJob(store);
    await store.retryJob('j', 'p1', 0);
    await store.takeJob('j', 'p1', LONG);
    await store.dropJob('j', 'p1');
    assert.deepEqual(await store.takeJob('j', 'p2', LONG), { taken: false, reason: 'absent' });
    await store.enqueueJob('j', LONG);
    assert.deepEqual(await store.takeJob('j', 'p2', LONG), { taken: true, attempts: 0 });
  });

  it('ignores a drop from a process that does not hold the job', async (store) => {
    await holdJob(store);
    await store.dropJob('j', 'p2');
    assert.deepEqual(await store.takeJob('j', 'p2', LONG), { taken: false, reason: 'held' });
  });

  it('forgets a job after the TTL it was enqueued with', async (store) => {
    await store.enqueueJob('j', SHORT);
    await delay(EXPIRED);
    assert.deepEqual(await store.dueJobs(10), []);
    assert.deepEqual(await store.takeJob('j', 'p1', LONG), { taken: false, reason: 'absent' });
  });

  it('lists due jobs oldest first, up to the limit', async (store) => {
    for (const key of ['c', 'a', 'b']) {
      await store.enqueueJob(key, LONG);
      await delay(5); // each job due at its own millisecond
    }
    assert.deepEqual(await store.dueJobs(10), ['c', 'a', 'b']);
    assert.deepEqual(await store.dueJobs(2), ['c', 'a']);
  });

  it('keeps a due job in its place when it is enqueued again', async (store) => {
    await store.enqueueJob('a', LONG);
    await delay(5);
    await store.enqueueJob('b', LONG);
    await store.enqueueJob('a', LONG);
    assert.deepEqual(await store.dueJobs(10), ['a', 'b']);
  });
}
