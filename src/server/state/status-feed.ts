import type { Report } from './error-reporter.js';
import type { ResultDelivery } from './result-delivery.js';
import type { CachedStatus, Store } from './store.js';
import type { ServedStatus, StatusReader } from './status-reader.js';
import {
  READ_INTERVAL_MS,
  READ_SPACING_MARGIN_MS,
  SAFETY_NET_MS,
  UNTRUSTED_WEBHOOKED_MARK_MS,
  WAIT_STEP_MS,
  WATCHING_MARK_MS,
  WEBHOOKED_MARK_MS,
} from './timings.js';

type Watcher = (cached: CachedStatus) => void;

/** The fleet's shared value that says a step webhook reached the kit lately. */
const STEP_WEBHOOKS_ARRIVE = 'step-webhooks-arrive';

export interface StatusFeedOptions {
  store: Store;
  reader: StatusReader;
  /** Where an end that a follower's read finds is handed. */
  results: ResultDelivery;
  followIntervalMs: number;
  /** Where the followers' failures go. */
  report: Report;
  /** Where what goes wrong on the store's status channel goes. */
  reportChannel: Report;
  now: () => number;
}

/**
 * The live statuses of the transactions this process streams. Every status any process of the
 * fleet stores reaches it through the store's publications; for backends without webhooks, a follower
 * per streamed transaction also reads it at the read budget's pace (its reads are the fleet's, so
 * they add nothing beyond one a second). While a transaction is streamed, a mark in the store tells
 * the process that takes its webhooks to read it at once, so a step reaches the stream quickly.
 */
export class StatusFeed {
  readonly #watchers = new Map<string, Set<Watcher>>();
  readonly #followers = new Map<string, { timer: ReturnType<typeof setTimeout> | undefined }>();
  #unsubscribe: (() => void) | null = null;

  constructor(private readonly options: StatusFeedOptions) {}

  /** Calls `watcher` with each status of `uuid` stored from now on, until the returned function is called. */
  watch(uuid: string, watcher: Watcher): () => void {
    this.#unsubscribe ??= this.options.store.subscribeStatuses(
      (published, cached) => this.#dispatch(published, cached),
      (error) => this.options.reportChannel(error),
    );
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
    return this.options.store.hasMark('watched', uuid);
  }

  /** Streams open in this process. */
  get size(): number {
    let size = 0;
    for (const watchers of this.#watchers.values()) size += watchers.size;
    return size;
  }

  /**
   * Reads `uuid` while it is watched, each read timed for when the status it got turns one follow
   * interval old: the reads of the fleet, whoever makes them, then come an even interval apart
   * (a fixed timer would find the budget still spent at every other tick, and wait a second more).
   */
  #follow(uuid: string): void {
    const follower = { timer: undefined as ReturnType<typeof setTimeout> | undefined };
    const { followIntervalMs } = this.options;
    // When the budget lets the next read leave: never sooner than an interval and the margin after the last.
    const paceMs = Math.max(followIntervalMs, READ_INTERVAL_MS) + READ_SPACING_MARGIN_MS;
    const tick = async () => {
      Promise.resolve(this.options.store.setMark('watched', uuid, WATCHING_MARK_MS)).catch((error: unknown) =>
        this.options.report(error, uuid),
      );
      let nextInMs = followIntervalMs;
      try {
        const cached = await this.#followOnce(uuid);
        if (cached) {
          this.#dispatch(uuid, cached);
          if (!cached.stale) nextInMs = cached.fetchedAt + paceMs - this.options.now();
        }
      } catch (error) {
        // The next tick reads again; the stream carries no failure, onError hears of it.
        this.options.report(error, uuid);
      }
      if (this.#followers.get(uuid) !== follower) return;
      follower.timer = setTimeout(tick, Math.min(paceMs, Math.max(WAIT_STEP_MS, nextInMs)));
      follower.timer.unref?.();
    };
    this.#followers.set(uuid, follower);
    void tick();
  }

  /**
   * A read at the budget's pace, unless webhooks tell this transaction's steps: then the read
   * lease stays free for the read each webhook asks for, and only a safety-net read is made.
   */
  async #followOnce(uuid: string): Promise<ServedStatus | undefined> {
    if (await this.#toldByWebhooks(uuid)) {
      const stored = await this.options.store.getStatus(uuid);
      if (stored && this.options.now() - stored.fetchedAt < SAFETY_NET_MS) return undefined;
    }
    const served = await this.options.reader.read(uuid);
    if (served.failure) this.options.report(served.failure, uuid);
    if (served.ended) await this.options.results.enqueue(uuid);
    return served;
  }

  /**
   * Whether webhooks tell the steps of `uuid`: one of its step deliveries came, or it asked for
   * them and another transaction's came lately (a periodic read would hold the read budget when
   * its first step's webhook asks for a read, and delay that step by up to a second).
   */
  async #toldByWebhooks(uuid: string): Promise<boolean> {
    const { store } = this.options;
    if (await store.hasMark('webhooked', uuid)) return true;
    return (await store.hasMark('step-webhooks', uuid)) && (await store.getShared(STEP_WEBHOOKS_ARRIVE)) !== undefined;
  }

  /**
   * Marks `uuid` as one whose every step's webhook reaches the kit, and the kit as one that step
   * webhooks reach: for an hour after a delivery the kit can trust (a signed one), and no longer
   * than the safety net after any other.
   */
  async markWebhooked(uuid: string, trusted: boolean): Promise<void> {
    const { store } = this.options;
    const ttlMs = trusted ? WEBHOOKED_MARK_MS : UNTRUSTED_WEBHOOKED_MARK_MS;
    await Promise.all([store.setMark('webhooked', uuid, ttlMs), store.setShared(STEP_WEBHOOKS_ARRIVE, '1', ttlMs)]);
  }

  #dispatch(uuid: string, cached: CachedStatus): void {
    for (const watcher of [...(this.#watchers.get(uuid) ?? [])]) watcher(cached);
  }

  #unwatch(uuid: string, watcher: Watcher): void {
    const watchers = this.#watchers.get(uuid);
    if (!watchers?.delete(watcher) || watchers.size) return;
    this.#watchers.delete(uuid);
    clearTimeout(this.#followers.get(uuid)?.timer);
    this.#followers.delete(uuid);
    if (this.#watchers.size) return;
    this.#unsubscribe?.();
    this.#unsubscribe = null;
  }
}
