import type { Handoff } from '../../shared/transaction-state.js';
import type { Store } from '../state/store.js';
import type { ShortLink } from './short-links.js';

/**
 * Which device opened the link: the first (`first`, and `again` when it comes back), another
 * (`other` the first time, `other-again` after), or one past the devices a link records
 * (`uncounted`: let through or refused as another, never recorded or told).
 */
export type Arrival = 'first' | 'again' | 'other' | 'other-again' | 'uncounted';

/** Devices recorded per link: a person's phone, tablet and computer, and a little more. Past it, more devices record nothing. */
export const MAX_DEVICES = 5;

const firstKey = (uuid: string) => `handoff:first:${uuid}`;
const deviceKey = (uuid: string, device: string) => `handoff:device:${uuid}:${device}`;
const countKey = (uuid: string) => `handoff:devices:${uuid}`;
const openedKey = (uuid: string) => `handoff:opened:${uuid}`;

/** What the first device records: when it opened the link, and the window its link's devices are counted in. */
interface Opened {
  at: string;
  countWindowMs: number;
}

/**
 * The devices counted so far. The count is the store's limiter used as a counter: `hit` with a
 * cost of 0 reads it and writes nothing, and each device counted adds one hit, atomically, so that
 * devices arriving at the same instant are each counted (docs/handoff.md#devices).
 */
async function countOf(store: Store, uuid: string, countWindowMs: number, cost: 0 | 1) {
  const hit = await store.hit(countKey(uuid), MAX_DEVICES, countWindowMs, cost);
  return { counted: hit.allowed, devices: MAX_DEVICES - hit.remaining };
}

/** What the fleet knows of `uuid`'s handoff: when the link was first opened, by how many devices. */
export async function handoffOf(store: Store, uuid: string): Promise<Handoff | undefined> {
  const recorded = await store.getShared(openedKey(uuid));
  if (recorded === undefined) return undefined;
  const opened = JSON.parse(recorded) as Opened;
  return { opened_at: opened.at, devices: (await countOf(store, uuid, opened.countWindowMs, 0)).devices };
}

/**
 * Records that `device` opened `link` at `now`; its records live `ttlMs` (until the transaction
 * expires). The first device is decided once for the fleet by a lease; each other device holds a
 * lease of its own, up to MAX_DEVICES in all; each device recorded is counted once.
 */
export async function arrive(store: Store, link: ShortLink, device: string, now: number, ttlMs: number): Promise<{ arrival: Arrival }> {
  const { uuid, countWindowMs } = link;
  if (await store.acquire(firstKey(uuid), device, ttlMs)) {
    // Counted before it is told: whoever reads the handoff once it is opened reads one device at least.
    await countOf(store, uuid, countWindowMs, 1);
    const opened: Opened = { at: new Date(now).toISOString(), countWindowMs };
    await store.setShared(openedKey(uuid), JSON.stringify(opened), ttlMs);
    return { arrival: 'first' };
  }
  if (await store.resetLease(firstKey(uuid), device, ttlMs)) return { arrival: 'again' };
  if (!(await store.acquire(deviceKey(uuid, device), device, ttlMs))) return { arrival: 'other-again' };
  if ((await countOf(store, uuid, countWindowMs, 1)).counted) return { arrival: 'other' };
  // Past the devices a link records: nothing of it is kept.
  await store.release(deviceKey(uuid, device), device);
  return { arrival: 'uncounted' };
}
