/**
 * In-memory transactions, indexed for the lookups the API makes: by uuid or nanoid (the get
 * endpoint takes either) and by (company_id, transaction_id) for idempotency. Bounded: at most
 * `capacity` transactions, and an ended one is dropped once its retention has passed (at the next
 * access) or, sooner, when a new transaction needs its room.
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

export interface StoreLimits {
  /** Most transactions kept, live and ended together. */
  capacity: number;
  /** How long an ended transaction stays readable, in real milliseconds (the sandbox clock does not move it). */
  retentionMs: number;
}

export class TransactionStore {
  readonly #byUuid = new Map<string, StoredTransaction>();
  readonly #byNanoid = new Map<string, StoredTransaction[]>();
  readonly #byCompanyKey = new Map<string, StoredTransaction>();
  readonly #active = new Set<StoredTransaction>();
  /** Ended transactions, oldest end first, with the real time of their end. */
  readonly #ended = new Map<StoredTransaction, number>();
  #lastId = 0;

  constructor(
    private readonly limits: StoreLimits,
    private readonly realNow: () => number = () => performance.now(),
  ) {}

  nextId(): number {
    return ++this.#lastId;
  }

  /** Transactions created so far, those since dropped included. */
  get created(): number {
    return this.#lastId;
  }

  get size(): number {
    return this.#byUuid.size;
  }

  /** Whether a new transaction fits, once the oldest ended one has made room if needed. */
  makeRoom(): boolean {
    this.#dropExpiredRetention();
    if (this.#byUuid.size < this.limits.capacity) return true;
    const [oldestEnded] = this.#ended.keys();
    if (!oldestEnded) return false;
    this.#remove(oldestEnded);
    return true;
  }

  add(transaction: StoredTransaction): void {
    const { uuid, nanoid, company_id, transaction_id } = transaction.data;
    this.#byUuid.set(uuid, transaction);
    if (nanoid) this.#byNanoid.set(nanoid, [...(this.#byNanoid.get(nanoid) ?? []), transaction]);
    this.#byCompanyKey.set(companyKey(company_id, transaction_id), transaction);
    this.#active.add(transaction);
  }

  hasTransactionId(companyId: string, transactionId: string): boolean {
    this.#dropExpiredRetention();
    return this.#byCompanyKey.has(companyKey(companyId, transactionId));
  }

  byUuid(uuid: string): StoredTransaction | undefined {
    this.#dropExpiredRetention();
    return this.#byUuid.get(uuid);
  }

  /** Every transaction the identifier names: one by uuid, or any number by nanoid. */
  matching(identifier: string): StoredTransaction[] {
    this.#dropExpiredRetention();
    const byUuid = this.#byUuid.get(identifier);
    return byUuid ? [byUuid] : (this.#byNanoid.get(identifier) ?? []);
  }

  /** Transactions that have not ended: the only ones an expiry can still reach. */
  active(): StoredTransaction[] {
    return [...this.#active];
  }

  markEnded(transaction: StoredTransaction): void {
    this.#active.delete(transaction);
    this.#ended.set(transaction, this.realNow());
  }

  /** Drops the ended transactions whose retention has passed: the oldest first, so it stops at the first still kept. */
  #dropExpiredRetention(): void {
    const now = this.realNow();
    for (const [transaction, endedAt] of this.#ended) {
      if (endedAt + this.limits.retentionMs > now) return;
      this.#remove(transaction);
    }
  }

  #remove(transaction: StoredTransaction): void {
    const { uuid, nanoid, company_id, transaction_id } = transaction.data;
    this.#byUuid.delete(uuid);
    this.#byCompanyKey.delete(companyKey(company_id, transaction_id));
    this.#active.delete(transaction);
    this.#ended.delete(transaction);
    if (!nanoid) return;
    const others = (this.#byNanoid.get(nanoid) ?? []).filter((candidate) => candidate !== transaction);
    if (others.length > 0) this.#byNanoid.set(nanoid, others);
    else this.#byNanoid.delete(nanoid);
  }
}

function companyKey(companyId: string, transactionId: string): string {
  return `${companyId}\u0000${transactionId}`;
}
