import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import type { Awaitable, SendLimits, Store } from '../../src/server/state/store.js';

const LONG = 60_000;
const SHORT = 150;

const limits = (overrides: Partial<SendLimits> = {}): SendLimits => ({
  perTransaction: 3,
  cooldownMs: 0,
  perOwner: Infinity,
  ownerWindowMs: LONG,
  ...overrides,
});

/** The send counts of the Store contract (takeSend), each behaviour its own test. */
export function sendContract(open: () => Awaitable<Store>): void {
  const it = (name: string, body: (store: Store) => Promise<void>): void => {
    test(name, async () => body(await open()));
  };

  it('takes sends up to perTransaction, saying when the next may go, and none after the last', async (store) => {
    assert.deepEqual(await store.takeSend('u', 'alice', limits({ perTransaction: 2 }), LONG), { taken: true, nextInMs: 0 });
    assert.deepEqual(await store.takeSend('u', 'alice', limits({ perTransaction: 2 }), LONG), { taken: true, nextInMs: null });
    const refused = await store.takeSend('u', 'alice', limits({ perTransaction: 2 }), LONG);
    assert.equal(!refused.taken && refused.reason, 'too_many_sends');
    assert.ok(!refused.taken && refused.retryAfterMs > LONG - 5_000 && refused.retryAfterMs <= LONG, 'until the transaction ends');
  });

  it('refuses a send within the cooldown, saying when it ends, and takes it after', async (store) => {
    const cooling = limits({ cooldownMs: SHORT });
    assert.deepEqual(await store.takeSend('u', 'alice', cooling, LONG), { taken: true, nextInMs: SHORT });
    const refused = await store.takeSend('u', 'alice', cooling, LONG);
    assert.equal(!refused.taken && refused.reason, 'cooldown');
    assert.ok(!refused.taken && refused.retryAfterMs > 0 && refused.retryAfterMs <= SHORT, JSON.stringify(refused));
    await delay(SHORT + 50);
    assert.equal((await store.takeSend('u', 'alice', cooling, LONG)).taken, true);
  });

  it("counts an owner's sends over all its transactions within the window, and no other owner's", async (store) => {
    const perOwner = limits({ perOwner: 2, ownerWindowMs: SHORT * 2 });
    assert.equal((await store.takeSend('a', 'alice', perOwner, LONG)).taken, true);
    const second = await store.takeSend('b', 'alice', perOwner, LONG);
    assert.ok(
      second.taken && second.nextInMs! > 0 && second.nextInMs! <= SHORT * 2,
      `the next once the first leaves the window: ${JSON.stringify(second)}`,
    );
    const refused = await store.takeSend('c', 'alice', perOwner, LONG);
    assert.equal(!refused.taken && refused.reason, 'too_many_owner_sends');
    assert.ok(!refused.taken && refused.retryAfterMs > 0 && refused.retryAfterMs <= SHORT * 2, JSON.stringify(refused));
    assert.equal((await store.takeSend('d', 'bob', perOwner, LONG)).taken, true);
    await delay(SHORT * 2 + 50);
    assert.equal((await store.takeSend('c', 'alice', perOwner, LONG)).taken, true, 'once the window has passed');
  });

  it('takes exactly perTransaction of many sends at once', async (store) => {
    const takes = await Promise.all(Array.from({ length: 12 }, () => store.takeSend('u', 'alice', limits(), LONG)));
    assert.equal(takes.filter((take) => take.taken).length, 3);
  });
}
