import type { CachedStatus, Store } from './store.js';
import type { StatusReader } from './status-reader.js';

type Watcher = (cached: CachedStatus) => void;

/** How long a process's mark that it streams a transaction lasts unless its follower renews it. */
const WATCHING_MARK_MS = 5000;
/** How long the mark that a transaction's webhooks reach the kit lasts. */
const WEBHOOKED_MARK_MS = 3600_000;
/** With webhooks telling its steps, a streamed transaction is still read this often, in case one is lost. */
const SAFETY_NET_MS = 10_000;

/**
 * The live statuses of the transactions this process streams. Every status any process of the
 * fleet stores reaches it through the store's publications; for hosts without webhooks, a follower
 * per streamed transaction also reads it at the read budget's pace (its reads are the fleet's, so
 * they add nothing beyond one a second). While a transaction is streamed, a mark in the store tells
 * the process that takes its webhooks to read it at once, so a step reaches the stream quickly.
 */
export class StatusFeed {
  readonly #watchers = new Map<string, Set<Watcher>>();
  readonly #followers = new Map<string, ReturnType<typeof setInterval>>();
  #unsubscribe: (() => void) | null = null;

  constructor(
    private readonly store: Store,
    private readonly reader: StatusReader,
    private readonly followIntervalMs: number,
    private readonly report: (error: unknown) => void,
    private readonly now: () => number,
  ) {}

  /** Calls `watcher` with each status of `uuid` stored from now on, until the returned function is called. */
  watch(uuid: string, watcher: Watcher): () => void {
    this.#unsubscribe ??= this.store.subscribeStatuses((published, cached) => this.#dispatch(published, cached));
    let watchers = this.#watchers.get(uuid);
    if (!watchers) {
      watchers = new Set();
      this.#watchers.set(uuid, watchers);
      this.#follow(uuid);
    }
    watchers.add(watcher);
    return () => this.#unwatch(uuid, watcher);
  }

  /** Whether some process streams `uuid` now: then a step announced by a webhook is worth a read at once. */
  async isWatched(uuid: string): Promise<boolean> {
    return (await this.store.getShared(watchingMark(uuid))) !== undefined;
  }

  /** Streams open in this process. */
  get size(): number {
    let size = 0;
    for (const watchers of this.#watchers.values()) size += watchers.size;
    return size;
  }

  #follow(uuid: string): void {
    const tick = () => {
      Promise.resolve(this.store.setShared(watchingMark(uuid), '1', WATCHING_MARK_MS)).catch(this.report);
      this.#followOnce(uuid).then(
        (cached) => cached && this.#dispatch(uuid, cached),
        () => {}, // The next tick reads again; a stream is no place for the service's failures.
      );
    };
    tick();
    const follower = setInterval(tick, this.followIntervalMs);
    follower.unref?.();
    this.#followers.set(uuid, follower);
  }

  /**
   * A read at the budget's pace, unless webhooks tell this transaction's steps: then the read
   * lease stays free for the read each webhook asks for, and only a safety-net read is made.
   */
  async #followOnce(uuid: string): Promise<CachedStatus | undefined> {
    if (await this.store.getShared(webhookedMark(uuid))) {
      const stored = await this.store.getStatus(uuid);
      if (stored && this.now() - stored.fetchedAt < SAFETY_NET_MS) return undefined;
    }
    return this.reader.read(uuid);
  }

  /** Marks `uuid` as one whose every step's webhook reaches the kit. */
  async markWebhooked(uuid: string): Promise<void> {
    await this.store.setShared(webhookedMark(uuid), '1', WEBHOOKED_MARK_MS);
  }

  #dispatch(uuid: string, cached: CachedStatus): void {
    for (const watcher of [...(this.#watchers.get(uuid) ?? [])]) watcher(cached);
  }

  #unwatch(uuid: string, watcher: Watcher): void {
    const watchers = this.#watchers.get(uuid);
    if (!watchers?.delete(watcher) || watchers.size) return;
    this.#watchers.delete(uuid);
    clearInterval(this.#followers.get(uuid));
    this.#followers.delete(uuid);
    if (this.#watchers.size) return;
    this.#unsubscribe?.();
    this.#unsubscribe = null;
  }
}

const watchingMark = (uuid: string) => `watching:${uuid}`;
const webhookedMark = (uuid: string) => `webhooked:${uuid}`;
