import { isTerminal, type TransactionStatus } from '../../shared/transaction-state.js';
import type { KycClient } from '../client/client.js';
import type { Store } from './legacy-store.js';
import { statusOf } from '../client/transaction-status.js';

/** Reads within this window reuse the last answer: at most one provider read per uuid per second. */
const MIN_READ_INTERVAL_MS = 1000;
/** Failures remembered at most, oldest forgotten first, so uuids abandoned after a failure do not pile up. */
const MAX_REMEMBERED_FAILURES = 10_000;

/**
 * The provider-read budget. However many callers ask, a uuid is read at most once per second:
 * concurrent callers share one in-flight read, later ones reuse its answer, and an end state
 * is kept for good (nothing changes after it).
 */
export class StatusCache {
  readonly #inFlight = new Map<string, Promise<TransactionStatus>>();
  /** The last failed read per uuid: polls within the budget get its error rather than a new read. */
  readonly #failures = new Map<string, { at: number; error: unknown }>();
  readonly #endListeners = new Set<(status: TransactionStatus) => void>();

  constructor(
    private readonly client: KycClient,
    private readonly store: Store,
  ) {}

  /** The status of `uuid`, read from the service only when the cached one is older than the budget allows. */
  async read(uuid: string): Promise<TransactionStatus> {
    const cached = await this.store.getStatus(uuid);
    if (cached && (isTerminal(cached.status.state) || this.#isRecent(cached.fetchedAt))) return cached.status;
    const failure = this.#failures.get(uuid);
    if (failure && this.#isRecent(failure.at)) throw failure.error;
    return this.#fetch(uuid);
  }

  /**
   * An authoritative read made after this call began, to confirm what a webhook announced. A
   * read already under way may have started before the webhook; when it says pending, one more
   * read settles it.
   */
  async confirm(uuid: string): Promise<TransactionStatus> {
    const cached = await this.store.getStatus(uuid);
    if (cached && isTerminal(cached.status.state)) return cached.status;
    // Within the budget too: however many deliveries are posted (forged ones included), one read a second.
    const early = cached ? cached.fetchedAt + MIN_READ_INTERVAL_MS - this.client.now() : 0;
    if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
    const joined = this.#inFlight.has(uuid);
    const status = await this.#fetch(uuid);
    return joined && !isTerminal(status.state) ? this.#fetch(uuid) : status;
  }

  #fetch(uuid: string): Promise<TransactionStatus> {
    let read = this.#inFlight.get(uuid);
    if (!read) {
      read = this.#readAndSave(uuid).finally(() => this.#inFlight.delete(uuid));
      this.#inFlight.set(uuid, read);
    }
    return read;
  }

  async #readAndSave(uuid: string): Promise<TransactionStatus> {
    const fetchedAt = this.client.now();
    try {
      const status = statusOf(await this.client.getTransaction(uuid));
      this.#failures.delete(uuid);
      return await this.save(uuid, status, fetchedAt);
    } catch (error) {
      this.#failures.delete(uuid);
      this.#failures.set(uuid, { at: fetchedAt, error });
      if (this.#failures.size > MAX_REMEMBERED_FAILURES) this.#failures.delete(this.#failures.keys().next().value!);
      throw error;
    }
  }

  #isRecent(at: number): boolean {
    return this.client.now() - at < MIN_READ_INTERVAL_MS;
  }

  /** Caches `status` unless an end state is already cached (a late pending never overwrites an end); returns what is cached. */
  async save(uuid: string, status: TransactionStatus, fetchedAt: number): Promise<TransactionStatus> {
    const cached = await this.store.getStatus(uuid);
    if (cached && isTerminal(cached.status.state)) return cached.status;
    await this.store.saveStatus(uuid, { status, fetchedAt });
    if (isTerminal(status.state)) for (const listener of this.#endListeners) listener(status);
    return status;
  }

  /** Calls `listener` with each end state this cache saves first, whichever read found it (a poll, a webhook's confirmation). */
  onEnd(listener: (status: TransactionStatus) => void): void {
    this.#endListeners.add(listener);
  }
}
