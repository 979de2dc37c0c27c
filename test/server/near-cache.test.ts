import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { NearCache } from '../../src/server/redis/near-cache.js';

/** A read of Redis the test answers by hand: how many were sent, and the answer of each. */
function scriptedReads() {
  const pending: ((value: { v: number } | undefined) => void)[] = [];
  return {
    sent: () => pending.length,
    read: () => new Promise<{ v: number } | undefined>((resolve) => pending.push(resolve)),
    answer: (index: number, value: { v: number } | undefined) => pending[index]!(value),
  };
}

const hearing = () => {
  const cache = new NearCache<{ v: number }>(60_000);
  cache.hearing = true;
  return cache;
};

describe('RedisStore near cache', () => {
  test('serves a value read once without reading again, and concurrent reads share one', async () => {
    const cache = hearing();
    const reads = scriptedReads();
    const [first, second] = [cache.get('u', reads.read), cache.get('u', reads.read)];
    assert.equal(reads.sent(), 1);
    reads.answer(0, { v: 1 });
    assert.deepEqual(await Promise.all([first, second]), [{ v: 1 }, { v: 1 }]);
    assert.deepEqual(cache.get('u', reads.read), { v: 1 }, 'at once, not a promise');
    assert.equal(reads.sent(), 1);
  });

  test('reads a forgotten key again (written somewhere), and does not keep a read that was under way when it was written', async () => {
    const cache = hearing();
    const reads = scriptedReads();
    const before = cache.get('u', reads.read);
    cache.forget('u');
    const after = cache.get('u', reads.read);
    assert.equal(reads.sent(), 2, 'the read under way is not shared after the write');
    reads.answer(0, { v: 1 });
    reads.answer(1, { v: 2 });
    assert.deepEqual([await before, await after], [{ v: 1 }, { v: 2 }]);
    assert.deepEqual(cache.get('u', reads.read), { v: 2 });
    cache.forget('u');
    void cache.get('u', reads.read);
    assert.equal(reads.sent(), 3);
  });

  test('takes a value written elsewhere for a key it remembers, without a read; a key it does not remember stays unread', async () => {
    const cache = hearing();
    const reads = scriptedReads();
    const first = cache.get('u', reads.read);
    reads.answer(0, { v: 1 });
    await first;
    cache.replace('u', { v: 2 });
    assert.deepEqual(cache.get('u', reads.read), { v: 2 });
    const underWay = cache.get('w', reads.read);
    cache.replace('w', { v: 5 });
    reads.answer(1, { v: 4 });
    assert.deepEqual(await underWay, { v: 4 });
    void cache.get('w', reads.read);
    assert.equal(reads.sent(), 3, 'the read under way is not kept, and the value written is not taken for a key not remembered');
  });

  test('keeps nothing while it does not hear the writes, and forgets everything when it stops hearing them', async () => {
    const cache = new NearCache<{ v: number }>(60_000);
    const reads = scriptedReads();
    const deaf = cache.get('u', reads.read);
    reads.answer(0, { v: 1 });
    await deaf;
    void cache.get('u', reads.read);
    assert.equal(reads.sent(), 2, 'not kept before hearing');
    reads.answer(1, { v: 1 });
    cache.hearing = true;
    const heard = cache.get('u', reads.read);
    reads.answer(2, { v: 1 });
    await heard;
    assert.deepEqual(cache.get('u', reads.read), { v: 1 }, 'kept once heard');
    assert.equal(reads.sent(), 3);
    const underWay = cache.get('w', reads.read);
    cache.hearing = false;
    reads.answer(3, { v: 7 });
    assert.deepEqual(await underWay, { v: 7 });
    cache.hearing = true;
    void cache.get('u', reads.read);
    void cache.get('w', reads.read);
    assert.equal(reads.sent(), 6, 'both read again');
  });

  test('does not keep an absent key, and serves nothing older than its age', async () => {
    const reads = scriptedReads();
    const cache = hearing();
    const absent = cache.get('u', reads.read);
    reads.answer(0, undefined);
    assert.equal(await absent, undefined);
    void cache.get('u', reads.read);
    assert.equal(reads.sent(), 2);
    const ageless = new NearCache<{ v: number }>(0);
    ageless.hearing = true;
    const once = ageless.get('u', reads.read);
    reads.answer(2, { v: 1 });
    await once;
    void ageless.get('u', reads.read);
    assert.equal(reads.sent(), 4);
  });
});
