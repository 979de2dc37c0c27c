/**
 * In-memory transactions, indexed for the lookups the API makes: by uuid or nanoid (the get
 * endpoint takes either) and by (company_id, transaction_id) for idempotency.
 */
import type { Flow } from './flow.js';
import type { Transaction } from './schemas.js';

/** A transaction as the sandbox keeps it: the wire object plus the flow behind it. */
export interface StoredTransaction {
  /** The `data` of the transaction envelope, kept up to date so reads only serialize it. */
  data: Transaction;
  flow: Flow;
  /** When the current capture step's timer started, or null before the user reached it. */
  captureStartedAtMs: number | null;
  expiryTimer: NodeJS.Timeout | null;
}

export class TransactionStore {
  readonly #byUuid = new Map<string, StoredTransaction>();
  readonly #byNanoid = new Map<string, StoredTransaction[]>();
  readonly #byCompanyKey = new Map<string, StoredTransaction>();
  readonly #active = new Set<StoredTransaction>();
  #lastId = 0;

  nextId(): number {
    return ++this.#lastId;
  }

  add(transaction: StoredTransaction): void {
    const { uuid, nanoid, company_id, transaction_id } = transaction.data;
    this.#byUuid.set(uuid, transaction);
    if (nanoid) this.#byNanoid.set(nanoid, [...(this.#byNanoid.get(nanoid) ?? []), transaction]);
    this.#byCompanyKey.set(companyKey(company_id, transaction_id), transaction);
    this.#active.add(transaction);
  }

  hasTransactionId(companyId: string, transactionId: string): boolean {
    return this.#byCompanyKey.has(companyKey(companyId, transactionId));
  }

  byUuid(uuid: string): StoredTransaction | undefined {
    return this.#byUuid.get(uuid);
  }

  /** Every transaction the identifier names: one by uuid, or any number by nanoid. */
  matching(identifier: string): StoredTransaction[] {
    const byUuid = this.#byUuid.get(identifier);
    return byUuid ? [byUuid] : (this.#byNanoid.get(identifier) ?? []);
  }

  /** Transactions that have not ended: the only ones an expiry can still reach. */
  active(): StoredTransaction[] {
    return [...this.#active];
  }

  markEnded(transaction: StoredTransaction): void {
    this.#active.delete(transaction);
  }
}

function companyKey(companyId: string, transactionId: string): string {
  return `${companyId}\u0000${transactionId}`;
}
