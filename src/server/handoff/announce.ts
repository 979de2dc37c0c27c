import { isTerminal, type Handoff } from '../../shared/transaction-state.js';
import type { KitState } from '../state/kit-state.js';
import { handoffOf } from './devices.js';

/** Writes at most this many times: each write after the first answers a device counted meanwhile, at most MAX_DEVICES of them. */
const MAX_WRITES = 8;

const same = (a: Handoff | undefined, b: Handoff) => a?.opened_at === b.opened_at && a.devices === b.devices;

/**
 * Makes the stored status say `uuid`'s handoff as the store counts it now, and publishes it: the
 * desktop hears it at once, whichever process streams it. Written, then read again: a device
 * counted while it was written is written too, by this call or by that device's own (each one
 * reads after its count), so the status ends at the exact count. Returns the handoff written.
 */
export async function announce(kit: KitState, uuid: string): Promise<Handoff | undefined> {
  const { store, reader } = kit;
  for (let write = 0; ; write++) {
    const handoff = await handoffOf(store, uuid);
    if (!handoff) return undefined;
    const cached = await store.getStatus(uuid);
    // Nothing stored: the read stores the status, the handoff with it.
    if (!cached) {
      await reader.read(uuid);
      return handoff;
    }
    // An end is never written over; a status that already says it is done.
    if (isTerminal(cached.status.state) || same(cached.status.handoff, handoff) || write === MAX_WRITES) return handoff;
    const written = await store.writeStatus(
      uuid,
      { status: { ...cached.status, handoff }, fetchedAt: cached.fetchedAt },
      reader.ttlOf(cached.status),
    );
    await store.publishStatus(uuid, written);
  }
}
