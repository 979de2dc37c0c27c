import { ExpiringMap } from './expiring-map.js';
import type { OwnerSession, SessionReservation } from './store.js';

/** A place held for a creation under way, or a created transaction. */
type Place = { id: string; holdUntil: number } | { id: string; session: OwnerSession; expiresAt: number; keepUntil: number };

/** One owner's places. */
interface Ledger {
  places: Place[];
}

export interface MemorySessionsOptions {
  maxEntries: number;
  now: () => number;
  /** Whether the stored status of `uuid` is an end. */
  hasEnded: (uuid: string) => boolean;
  /**
   * The transaction records of the store: how many, how long until one may make room (the first
   * expires, or a live one is next checked: its end found and delivered, it can be forgotten), and
   * room made by forgetting the oldest one whose result was delivered (its owner and uuid; undefined when there is none).
   */
  records: {
    readonly size: number;
    soonestRoomMs(): number;
    forgetOldestDelivered(): { owner: string | null; uuid: string } | undefined;
  };
}

/** The session ledgers of a MemoryStore: `reserveSession` and its kin of the Store contract, for one process. */
export class MemorySessions {
  readonly #ledgers: ExpiringMap<Ledger>;
  /** Every place held for a creation, with or without an owner: they need room in the store too. */
  readonly #reserved: ExpiringMap<true>;

  constructor(private readonly options: MemorySessionsOptions) {
    this.#ledgers = new ExpiringMap(options.maxEntries, options.now, 'session ledgers');
    this.#reserved = new ExpiringMap(options.maxEntries, options.now, 'reservations');
  }

  reserve(owner: string | null, id: string, maxPending: number, holdMs: number): SessionReservation {
    const now = this.options.now();
    if (!this.#hasRoom()) return { reserved: false, reason: 'store_full', retryAfterMs: this.#soonestRoomMs() || holdMs };
    if (owner === null) return (this.#reserved.set(id, true, holdMs), { reserved: true });
    const ledger = this.#ledger(owner, now);
    const pending = ledger.places.filter((place) => this.#isPending(place, now));
    if (pending.length >= maxPending) {
      const freedAt = Math.min(...pending.map((place) => ('holdUntil' in place ? place.holdUntil : place.expiresAt)));
      return { reserved: false, reason: 'too_many_pending', retryAfterMs: freedAt - now };
    }
    ledger.places.push({ id, holdUntil: now + holdMs });
    this.#reserved.set(id, true, holdMs);
    this.#save(owner, ledger, now);
    return { reserved: true };
  }

  confirm(owner: string | null, id: string, session: OwnerSession, expiresInMs: number, keepMs: number): void {
    this.#reserved.delete(id);
    if (owner === null) return;
    const now = this.options.now();
    const ledger = this.#ledger(owner, now);
    ledger.places = ledger.places.filter((place) => place.id !== id);
    ledger.places.push({ id, session, expiresAt: now + expiresInMs, keepUntil: now + keepMs });
    this.#save(owner, ledger, now);
  }

  release(owner: string | null, id: string): void {
    this.#reserved.delete(id);
    if (owner === null) return;
    const now = this.options.now();
    const ledger = this.#ledger(owner, now);
    ledger.places = ledger.places.filter((place) => place.id !== id);
    this.#save(owner, ledger, now);
  }

  latest(owner: string, key: string): OwnerSession | undefined {
    const now = this.options.now();
    const sessions = this.#ledger(owner, now).places.flatMap((place) => ('session' in place && place.session.key === key ? [place] : []));
    return sessions.at(-1)?.session;
  }

  /** Room for one more transaction, made by forgetting delivered ones (oldest first) when the records are at the bound. */
  #hasRoom(): boolean {
    const { records, maxEntries } = this.options;
    while (records.size + this.#reserved.size >= maxEntries) {
      const forgotten = records.forgetOldestDelivered();
      if (!forgotten) return false;
      if (forgotten.owner !== null) this.#forgetPlace(forgotten.owner, forgotten.uuid);
    }
    return true;
  }

  /** How long until room may come back: a creation's hold ends, or a record makes room; 0 when nothing is due. */
  #soonestRoomMs(): number {
    const due = [this.#reserved.soonestExpiryMs(), this.options.records.soonestRoomMs()].filter((ms) => ms > 0);
    return due.length ? Math.min(...due) : 0;
  }

  /** Forgets the place of a transaction the store forgot, and the owner's ledger with its last place. */
  #forgetPlace(owner: string, uuid: string): void {
    const now = this.options.now();
    const ledger = this.#ledger(owner, now);
    ledger.places = ledger.places.filter((place) => !('session' in place && place.session.uuid === uuid));
    this.#save(owner, ledger, now);
  }

  /** The owner's ledger, without the places let go or superseded. */
  #ledger(owner: string, now: number): Ledger {
    const ledger = this.#ledgers.get(owner);
    if (!ledger) return { places: [] };
    const places = ledger.places.filter((place, index) => {
      if ('holdUntil' in place) return place.holdUntil > now;
      const newer = ledger.places.slice(index + 1).some((later) => 'session' in later && later.session.key === place.session.key);
      return place.keepUntil > now && (!newer || this.#isPending(place, now));
    });
    return { places };
  }

  /** Keeps the ledger as long as any of its places still counts. */
  #save(owner: string, ledger: Ledger, now: number): void {
    const keepUntil = Math.max(...ledger.places.map((place) => ('holdUntil' in place ? place.holdUntil : place.keepUntil)));
    if (keepUntil > now) this.#ledgers.set(owner, ledger, keepUntil - now);
    else this.#ledgers.delete(owner);
  }

  #isPending(place: Place, now: number): boolean {
    if ('holdUntil' in place) return place.holdUntil > now;
    return place.expiresAt > now && !this.options.hasEnded(place.session.uuid);
  }
}
