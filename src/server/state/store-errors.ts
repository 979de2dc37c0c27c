import { KycError } from '../kyc-error.js';
import type { Store } from './store.js';
import type { StoreCallFailure, StoreCallObserver } from '../telemetry/telemetry.js';

/** The kit's store failed or did not answer in time: the handlers answer 503 and the caller retries. */
export class KycStoreError extends KycError {
  override readonly name: string = 'KycStoreError';
}

/** A MemoryStore at its `maxEntries` that would have to forget a live record to take a new one: it refuses instead. */
export class KycStoreFullError extends KycStoreError {
  override readonly name = 'KycStoreFullError';
}

/**
 * A transaction the service created whose record the store could not keep: the widget never
 * learns its uuid, but the service has it. Reported to `onError` so that the backend can cancel or
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

/**
 * `store` with every failure, thrown or rejected, turned into a KycStoreError, and every call
 * bounded by `timeoutMs`: whatever client the store runs on, a store that stops answering costs
 * a request that long, never more. `observe`, when telemetry is on, hears each failure and a sample of the calls' durations.
 */
export function guardStore(store: Store, timeoutMs: number, observe?: StoreCallObserver): Store {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      // A registration, not a call that waits on the store: it answers at once.
      if (property === 'subscribeStatuses') return value.bind(target);
      return async (...args: unknown[]) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        let failure: StoreCallFailure | undefined;
        const startedAt = observe?.timesNext() ? performance.now() : undefined;
        const deadline = new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            failure = 'timeout';
            reject(new KycStoreError(`the kit's store did not answer ${String(property)} within ${timeoutMs} ms`));
          }, timeoutMs);
        });
        try {
          return await Promise.race([value.apply(target, args), deadline]);
        } catch (error) {
          failure ??= error instanceof KycStoreFullError ? 'full' : 'error';
          throw error instanceof KycStoreError
            ? error
            : new KycStoreError(`the kit's store failed: ${(error as Error)?.message ?? error}`, { cause: error });
        } finally {
          clearTimeout(timer);
          if (observe && (startedAt !== undefined || failure))
            observe.called(String(property), startedAt === undefined ? undefined : (performance.now() - startedAt) / 1000, failure);
        }
      };
    },
  });
}
