import type { Store } from './store.js';

/** The kit's store failed or did not answer in time: the handlers answer 503 and the caller retries. */
export class KycStoreError extends Error {
  override readonly name: string = 'KycStoreError';
}

/**
 * A transaction the service created whose record the store could not keep: the widget never
 * learns its uuid, but the service has it. Reported to `onError` so that the host can cancel or
 * reconcile it rather than lose track of it.
 */
export class KycOrphanedTransactionError extends KycStoreError {
  override readonly name = 'KycOrphanedTransactionError';

  constructor(
    readonly uuid: string,
    readonly transactionId: string,
    cause: unknown,
  ) {
    super(`transaction ${uuid} (transaction_id ${transactionId}) was created but could not be stored`, { cause });
  }
}

/** `store` with every failure, thrown or rejected, turned into a KycStoreError. */
export function guardStore(store: Store): Store {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        try {
          return await value.apply(target, args);
        } catch (error) {
          throw error instanceof KycStoreError ? error : new KycStoreError(`the kit's store failed: ${(error as Error)?.message ?? error}`, { cause: error });
        }
      };
    },
  });
}
