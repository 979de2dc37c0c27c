import { ExpiringMap } from './expiring-map.js';

/** Kit names whose second segment names the kind too: `budget:createdPerMinute:*` and `budget:sendsPerMinute:*` are not one kind. */
const NAMESPACES = new Set(['budget', 'handoff', 'telemetry']);
/** More kinds than this (only a store shared with other code would write them) share one last room. */
const MAX_ROOMS = 64;

/** The kind of `key`: the kit's name before its data (`read`, `handoff:device`, `budget:createdPerAddressPerMinute`). */
export function kindOf(key: string): string {
  const [first = '', second] = key.split(':', 2);
  return NAMESPACES.has(first) && second !== undefined ? `${first}:${second}` : first;
}

/**
 * The values of one of the store's maps (its leases, its limiter logs, its shared values), each
 * kind of key in a room of its own, bounded on its own (docs/sessions.md#store-sizing-memorystore):
 * a flood of one kind fills its room and answers KycStoreFullError there, and every other kind
 * keeps its room (sessions, polls, webhooks and sends go on).
 */
export class Rooms<V> {
  readonly #rooms = new Map<string, ExpiringMap<V>>();

  constructor(
    /** Live entries each room holds at most. */
    private readonly perRoom: number,
    private readonly now: () => number,
    /** What the store's full error calls them ('leases'). */
    private readonly what: string,
  ) {}

  get(key: string): V | undefined {
    return this.#roomOf(key).get(key);
  }

  set(key: string, value: V, ttlMs: number): void {
    this.#roomOf(key).set(key, value, ttlMs);
  }

  delete(key: string): void {
    this.#roomOf(key).delete(key);
  }

  #roomOf(key: string): ExpiringMap<V> {
    const kind = kindOf(key);
    const name = this.#rooms.has(kind) || this.#rooms.size < MAX_ROOMS - 1 ? kind : '(others)';
    let room = this.#rooms.get(name);
    if (!room) this.#rooms.set(name, (room = new ExpiringMap(this.perRoom, this.now, `${this.what} of kind ${name}`)));
    return room;
  }
}
