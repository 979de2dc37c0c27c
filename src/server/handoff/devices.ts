import type { Handoff } from '../../shared/transaction-state.js';
import type { Store } from '../state/store.js';

/**
 * Which device opened the link: the first (`first`, and `again` when it comes back), or another
 * (`other` the first time, `other-again` after).
 */
export type Arrival = 'first' | 'again' | 'other' | 'other-again';

const stateKey = (uuid: string) => `handoff:state:${uuid}`;

/** What the fleet knows of `uuid`'s handoff: when the link was first opened, by how many devices. */
export async function handoffOf(store: Store, uuid: string): Promise<Handoff | undefined> {
  const recorded = await store.getShared(stateKey(uuid));
  return recorded === undefined ? undefined : (JSON.parse(recorded) as Handoff);
}

/**
 * Records that `device` opened `uuid`'s link at `now`. The first device holds a lease for the
 * transaction's life (`ttlMs`), each other device one of its own: who came first is decided once
 * for the fleet. The count of devices is read and written back, so two new devices at the same
 * instant may count as one more: it says "more than one" exactly, the number at best.
 */
export async function arrive(
  store: Store,
  uuid: string,
  device: string,
  now: number,
  ttlMs: number,
): Promise<{ arrival: Arrival; handoff?: Handoff }> {
  const firstKey = `handoff:first:${uuid}`;
  if (await store.acquire(firstKey, device, ttlMs)) {
    const handoff: Handoff = { opened_at: new Date(now).toISOString(), devices: 1 };
    await store.setShared(stateKey(uuid), JSON.stringify(handoff), ttlMs);
    return { arrival: 'first', handoff };
  }
  if (await store.resetLease(firstKey, device, ttlMs)) return { arrival: 'again' };
  if (!(await store.acquire(`handoff:device:${uuid}:${device}`, device, ttlMs))) return { arrival: 'other-again' };
  const known = await handoffOf(store, uuid);
  const handoff: Handoff = { opened_at: known?.opened_at ?? new Date(now).toISOString(), devices: (known?.devices ?? 1) + 1 };
  await store.setShared(stateKey(uuid), JSON.stringify(handoff), ttlMs);
  return { arrival: 'other', handoff };
}
