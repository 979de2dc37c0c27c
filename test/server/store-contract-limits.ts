import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import type { Awaitable, Store } from '../../src/server/state/store.js';

const LONG = 60_000;
const SHORT = 200;

/** The limiter primitive of the Store contract (`hit`), each behaviour its own test. */
export function limitContract(open: () => Awaitable<Store>): void {
  const it = (name: string, body: (store: Store) => Promise<void>): void => {
    test(name, async () => body(await open()));
  };

  it('allows hits up to the limit, counting down what is left, then refuses, saying when one more fits', async (store) => {
    assert.deepEqual(await store.hit('k', 2, LONG), { allowed: true, remaining: 1, retryAfterMs: 0 });
    assert.deepEqual(await store.hit('k', 2, LONG), { allowed: true, remaining: 0, retryAfterMs: 0 });
    const refused = await store.hit('k', 2, LONG);
    assert.equal(refused.allowed, false);
    assert.equal(refused.remaining, 0);
    assert.ok(refused.retryAfterMs > LONG - 5_000 && refused.retryAfterMs <= LONG, JSON.stringify(refused));
    assert.equal((await store.hit('other', 2, LONG)).allowed, true, 'each key its own count');
  });

  it('slides: a hit fits again as soon as the oldest leaves the window, not when a fixed window turns', async (store) => {
    await store.hit('k', 2, SHORT * 2);
    await delay(SHORT);
    await store.hit('k', 2, SHORT * 2);
    const refused = await store.hit('k', 2, SHORT * 2);
    assert.ok(!refused.allowed && refused.retryAfterMs > 0 && refused.retryAfterMs <= SHORT + 20, JSON.stringify(refused));
    await delay(refused.retryAfterMs + 30);
    assert.deepEqual(
      await store.hit('k', 2, SHORT * 2),
      { allowed: true, remaining: 0, retryAfterMs: 0 },
      'the first left, the second stays',
    );
    assert.equal((await store.hit('k', 2, SHORT * 2)).allowed, false);
  });

  it('does not count a refused hit', async (store) => {
    await store.hit('k', 1, SHORT);
    for (let i = 0; i < 5; i++) assert.equal((await store.hit('k', 1, SHORT)).allowed, false);
    await delay(SHORT + 50);
    assert.equal((await store.hit('k', 1, SHORT)).allowed, true, 'the refusals did not push the window on');
  });

  it('counts a cost of several hits, refusing one that does not fit whole', async (store) => {
    assert.deepEqual(await store.hit('k', 5, LONG, 3), { allowed: true, remaining: 2, retryAfterMs: 0 });
    const refused = await store.hit('k', 5, LONG, 3);
    assert.ok(!refused.allowed && refused.remaining === 2 && refused.retryAfterMs > 0, JSON.stringify(refused));
    assert.deepEqual(await store.hit('k', 5, LONG, 2), { allowed: true, remaining: 0, retryAfterMs: 0 });
  });

  it('gives back the newest hits for a negative cost', async (store) => {
    await store.hit('k', 2, LONG);
    await store.hit('k', 2, LONG);
    assert.deepEqual(await store.hit('k', 2, LONG, -1), { allowed: true, remaining: 1, retryAfterMs: 0 });
    assert.equal((await store.hit('k', 2, LONG)).allowed, true, 'the room given back is taken again');
    assert.equal((await store.hit('k', 2, LONG)).allowed, false);
    assert.deepEqual(await store.hit('empty', 2, LONG, -3), { allowed: true, remaining: 2, retryAfterMs: 0 }, 'never below none');
  });

  it('counts nothing under an infinite limit', async (store) => {
    for (let i = 0; i < 3; i++) assert.equal((await store.hit('k', Infinity, LONG)).allowed, true);
    assert.equal((await store.hit('k', 1, LONG)).allowed, true, 'nothing was counted');
  });

  it('forgets a key with its window', async (store) => {
    await store.hit('k', 1, SHORT);
    await delay(SHORT + 100);
    assert.deepEqual(await store.hit('k', 1, SHORT), { allowed: true, remaining: 0, retryAfterMs: 0 });
  });

  it('allows exactly the limit of many hits at once', async (store) => {
    const hits = await Promise.all(Array.from({ length: 20 }, () => store.hit('k', 7, LONG)));
    assert.equal(hits.filter((hit) => hit.allowed).length, 7);
  });
}
