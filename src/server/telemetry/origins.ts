import type { Store } from '../state/store.js';

/** Where a transaction's telemetry starts: when the kit created it (epoch ms, its clock), and the span of that session POST. */
export interface Origin {
  at: number;
  traceparent: string | undefined;
}

/** Origins kept in this process, the oldest forgotten first: each is written once and never changes. */
const MAX_KEPT = 10_000;

const originKey = (uuid: string) => `telemetry:origin:${uuid}`;

/**
 * Each transaction's origin, written to the store by the process that created it so that every
 * process of the fleet times its milestones from the creation and links its spans to the session
 * POST's (a fleet's processes share no memory). Written and read only while telemetry is on.
 */
export class Origins {
  readonly #kept = new Map<string, Origin>();

  constructor(private readonly store: () => Store) {}

  async record(uuid: string, origin: Origin, ttlMs: number): Promise<void> {
    this.#keep(uuid, origin);
    await this.store().setShared(originKey(uuid), JSON.stringify(origin), ttlMs);
  }

  /** `uuid`'s origin, or undefined when it was not recorded (created with telemetry off, or before this release) or the store fails. */
  async of(uuid: string): Promise<Origin | undefined> {
    const kept = this.#kept.get(uuid);
    if (kept) return kept;
    const stored = await Promise.resolve(this.store().getShared(originKey(uuid))).catch(() => undefined);
    if (stored === undefined) return undefined;
    const origin = JSON.parse(stored) as Origin;
    this.#keep(uuid, origin);
    return origin;
  }

  #keep(uuid: string, origin: Origin): void {
    this.#kept.set(uuid, origin);
    if (this.#kept.size > MAX_KEPT) this.#kept.delete(this.#kept.keys().next().value!);
  }
}
