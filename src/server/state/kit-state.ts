import type { KycClient } from '../client/client.js';
import { StatusCache } from './status-cache.js';
import { MemoryStore, type Store } from './legacy-store.js';

/** What the handlers of one client share: the store, and one provider-read budget over it. */
export interface KitState {
  store: Store;
  statuses: StatusCache;
}

const defaultStores = new WeakMap<KycClient, Store>();
const statusCaches = new WeakMap<KycClient, WeakMap<Store, StatusCache>>();

/**
 * The state for handlers built from `client`. The handlers are created one by one, yet the status
 * handler must see the uuids the session handler created and the ends the webhook handler
 * confirmed, under one read budget: so, without an explicit store, handlers of the same client
 * share one MemoryStore, and handlers of the same client and store share one StatusCache.
 */
export function kitStateFor(client: KycClient, explicitStore?: Store): KitState {
  let store = explicitStore ?? defaultStores.get(client);
  if (!store) {
    store = new MemoryStore();
    defaultStores.set(client, store);
  }
  let byStore = statusCaches.get(client);
  if (!byStore) {
    byStore = new WeakMap();
    statusCaches.set(client, byStore);
  }
  let statuses = byStore.get(store);
  if (!statuses) {
    statuses = new StatusCache(client, store);
    byStore.set(store, statuses);
  }
  return { store, statuses };
}
