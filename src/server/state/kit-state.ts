import type { KycClient } from '../client/client.js';
import type { OwnerOf } from '../handlers/owner.js';
import type { BackgroundWork } from './background.js';
import type { ResultDelivery } from './result-delivery.js';
import type { StatusReader } from './status-reader.js';
import type { Store } from './store.js';

/** What the handlers of one kit share: one object, built by `createKycKit`, and nothing global. */
export interface KitState {
  client: KycClient;
  store: Store;
  reader: StatusReader;
  results: ResultDelivery;
  background: BackgroundWork;
  owner: OwnerOf | undefined;
  /** Where unexpected errors go; never throws. */
  report: (error: unknown) => void;
}
