import { Cluster, Redis } from 'ioredis';
import { isTerminal } from '../../shared/transaction-state.js';
import type {
  Awaitable,
  CachedStatus,
  CreatedTransaction,
  JobTake,
  LimitHit,
  OwnerSession,
  SessionReservation,
  StatusListener,
  Store,
  TransactionMark,
} from '../state/store.js';
import { READ_INTERVAL_MS } from '../state/timings.js';
import { NearCache } from './near-cache.js';
import { scripts, type ScriptName } from './scripts.js';
import { StoreSubscriber } from './subscriber.js';

/** How long a created record read here is kept without asking Redis again. */
const CREATED_KEPT_MS = 60_000;

export interface RedisStoreOptions {
  /**
   * A client of yours: a `Redis`, or a `Cluster` (then `prefix` must be hash-tagged, so that every
   * key of the store is in one slot, as its scripts need). The store defines its scripts on it and
   * never closes it.
   */
  client?: Redis | Cluster;
  /** Where to connect when no client is given, e.g. `redis://127.0.0.1:6379`. Default: ioredis's default (localhost:6379). */
  url?: string;
  /**
   * Put before every key, so that several kits (or environments) share one Redis: give each its
   * own. Default `'{kyc-verify}:'`, a Cluster hash tag: every key of the store in one slot.
   */
  prefix?: string;
  /** When the store opens its own client (no `client` given): how long a command may take before it fails. Default 1000 ms. */
  commandTimeoutMs?: number;
}

type Script = (...keysAndArgs: (string | number)[]) => Promise<unknown>;

/** Command names on the client, namespaced so that they cannot clash with the client owner's own. */
const commandName = (script: ScriptName): string => `kycVerify_${script}`;

/** The Store of a fleet: every process of the fleet that uses the same Redis and prefix shares it. */
export class RedisStore implements Store {
  readonly #client: Redis | Cluster;
  readonly #ownsClient: boolean;
  readonly #prefix: string;
  readonly #subscriber: StoreSubscriber;
  /** The created records read here: they never change, so only a lost connection (Redis restarted empty?) forgets them. */
  readonly #created = new NearCache<CreatedTransaction>(CREATED_KEPT_MS);
  /** The statuses read here, replaced as each is written anywhere, and never served older than the read interval. */
  readonly #statuses = new NearCache<CachedStatus>(READ_INTERVAL_MS);

  constructor({ client, url, prefix = '{kyc-verify}:', commandTimeoutMs = 1000 }: RedisStoreOptions = {}) {
    if (client instanceof Cluster && !hasHashTag(prefix)) {
      throw new TypeError(`on a Redis Cluster the prefix must be hash-tagged, such as '{${prefix.replace(/:$/, '')}}:', not '${prefix}'`);
    }
    this.#client = client ?? ownClient(url, commandTimeoutMs);
    this.#ownsClient = !client;
    this.#prefix = prefix;
    this.#subscriber = new StoreSubscriber({
      client: this.#client,
      statusChannel: this.#channel('statuses'),
      writtenChannel: this.#channel('written'),
      // A message that is not a status names no uuid for sure: everything is read again.
      onWritten: (written) => (written ? this.#statuses.replace(written.uuid, written.cached) : this.#statuses.forgetAll()),
      onHearing: (hearing) => {
        this.#created.hearing = hearing;
        this.#statuses.hearing = hearing;
      },
    });
    for (const [name, definition] of Object.entries(scripts)) {
      this.#client.defineCommand(commandName(name as ScriptName), definition);
    }
  }

  /** Closes the connections the store opened itself (its subscriber's too); a client passed in is left open. */
  async close(): Promise<void> {
    this.#subscriber.close();
    if (this.#ownsClient) await this.#client.quit().catch(() => this.#client.disconnect());
  }

  async saveCreated(record: CreatedTransaction, ttlMs: number): Promise<void> {
    await this.#client.set(this.#key('created', record.uuid), JSON.stringify(record), 'PX', ttlMs);
  }

  getCreated(uuid: string): Awaitable<CreatedTransaction | undefined> {
    this.#subscriber.hearWrites();
    return this.#created.get(uuid, async () => parse(await this.#client.get(this.#key('created', uuid))));
  }

  async reserveSession(owner: string | null, id: string, maxPending: number, holdMs: number): Promise<SessionReservation> {
    // Redis holds no bound of its own here: every key expires (docs/fleet.md sizes it), and its maxmemory is the operator's.
    if (owner === null) return { reserved: true };
    const args = [id, Number.isFinite(maxPending) ? maxPending : -1, holdMs];
    const [outcome, retryAfterMs] = (await this.#runLedger('reserveSession', owner, ...args)) as [string, number?];
    if (outcome === 'reserved') return { reserved: true };
    return { reserved: false, reason: 'too_many_pending', retryAfterMs: retryAfterMs! };
  }

  async confirmSession(owner: string | null, id: string, session: OwnerSession, expiresInMs: number, keepMs: number): Promise<void> {
    if (owner !== null) await this.#runLedger('confirmSession', owner, id, JSON.stringify(session), expiresInMs, keepMs);
  }

  async releaseSession(owner: string | null, id: string): Promise<void> {
    if (owner !== null) await this.#runLedger('releaseSession', owner, id);
  }

  async latestSession(owner: string, key: string): Promise<OwnerSession | undefined> {
    return parse((await this.#runLedger('latestSession', owner, key)) as string | null);
  }

  async hit(key: string, limit: number, windowMs: number, cost = 1): Promise<LimitHit> {
    if (limit === Infinity) return { allowed: true, remaining: Infinity, retryAfterMs: 0 };
    const [allowed, remaining, retryAfterMs] = (await this.#run('hit', this.#key('limit', key), limit, windowMs, cost)) as number[];
    return { allowed: allowed === 1, remaining: remaining!, retryAfterMs: retryAfterMs! };
  }

  getStatus(uuid: string): Awaitable<CachedStatus | undefined> {
    this.#subscriber.hearWrites();
    return this.#statuses.get(uuid, async () => parse(await this.#client.hget(this.#key('status', uuid), 'json')));
  }

  async writeStatus(uuid: string, next: CachedStatus, ttlMs: number): Promise<CachedStatus> {
    const end = isTerminal(next.status.state) ? '1' : '0';
    const json = JSON.stringify(next);
    // The script tells the write on the written channel; this process forgets its own status at once (a later write's message may come before this reply).
    this.#statuses.forget(uuid);
    const stored = await this.#run(
      'writeStatus',
      this.#key('status', uuid),
      json,
      end,
      next.fetchedAt,
      ttlMs,
      this.#channel('written'),
      uuid,
    );
    this.#statuses.forget(uuid);
    return JSON.parse(stored as string) as CachedStatus;
  }

  async acquire(key: string, holder: string, ttlMs: number): Promise<boolean> {
    return (await this.#client.set(this.#key('lease', key), holder, 'PX', ttlMs, 'NX')) === 'OK';
  }

  async publishStatus(uuid: string, cached: CachedStatus): Promise<void> {
    await this.#client.publish(this.#channel('statuses'), JSON.stringify({ uuid, cached }));
  }

  subscribeStatuses(listener: StatusListener, onError: (error: unknown) => void = () => {}): () => void {
    return this.#subscriber.listen(listener, onError);
  }

  async release(key: string, holder: string): Promise<void> {
    await this.#run('release', this.#key('lease', key), holder);
  }

  async resetLease(key: string, holder: string, ttlMs: number): Promise<boolean> {
    return (await this.#run('resetLease', this.#key('lease', key), holder, ttlMs)) === 1;
  }

  async enqueueJob(key: string, ttlMs: number): Promise<void> {
    await this.#runJob('enqueueJob', key, ttlMs);
  }

  async takeJob(key: string, holder: string, leaseMs: number): Promise<JobTake> {
    const [outcome, attempts] = (await this.#runJob('takeJob', key, holder, leaseMs)) as [string, number?];
    if (outcome === 'taken') return { taken: true, attempts: attempts! };
    return { taken: false, reason: outcome as Extract<JobTake, { taken: false }>['reason'] };
  }

  async renewJob(key: string, holder: string, leaseMs: number): Promise<boolean> {
    return (await this.#runJob('renewJob', key, holder, leaseMs)) === 1;
  }

  async retryJob(key: string, holder: string, delayMs: number): Promise<void> {
    await this.#runJob('retryJob', key, holder, delayMs);
  }

  async finishJob(key: string, holder: string, ttlMs: number): Promise<void> {
    await this.#runJob('finishJob', key, holder, ttlMs);
  }

  async dropJob(key: string, holder: string): Promise<void> {
    await this.#runJob('dropJob', key, holder);
  }

  async dueJobs(limit: number): Promise<string[]> {
    return (await this.#run('dueJobs', this.#key('jobs', 'due'), this.#key('job', ''), limit)) as string[];
  }

  async follow(uuid: string, dueInMs: number, ttlMs: number): Promise<void> {
    await this.#runFollowed('follow', uuid, dueInMs, ttlMs);
  }

  async claimFollowed(limit: number, periodMs: number): Promise<string[]> {
    return (await this.#runFollowed('claimFollowed', limit, periodMs)) as string[];
  }

  async unfollow(uuid: string): Promise<void> {
    await this.#runFollowed('unfollow', uuid);
  }

  async setMark(mark: TransactionMark, uuid: string, ttlMs: number): Promise<void> {
    await this.#client.set(this.#key('mark', `${mark}:${uuid}`), '1', 'PX', ttlMs);
  }

  async hasMark(mark: TransactionMark, uuid: string): Promise<boolean> {
    return (await this.#client.exists(this.#key('mark', `${mark}:${uuid}`))) === 1;
  }

  async getShared(key: string): Promise<string | undefined> {
    return (await this.#client.get(this.#key('shared', key))) ?? undefined;
  }

  async setShared(key: string, value: string, ttlMs: number): Promise<void> {
    await this.#client.set(this.#key('shared', key), value, 'PX', ttlMs);
  }

  #channel(name: string): string {
    return `${this.#prefix}${name}`;
  }

  #key(kind: string, name: string): string {
    return `${this.#prefix}${kind}:${name}`;
  }

  #run(script: ScriptName, ...keysAndArgs: (string | number)[]): Promise<unknown> {
    // defineCommand adds the scripts as methods that ioredis's types cannot know.
    const withScripts = this.#client as unknown as Record<string, Script>;
    return withScripts[commandName(script)]!(...keysAndArgs);
  }

  #runLedger(script: ScriptName, owner: string, ...args: (string | number)[]): Promise<unknown> {
    return this.#run(script, this.#key('sessions', owner), this.#key('status', ''), ...args);
  }

  #runFollowed(script: ScriptName, ...args: (string | number)[]): Promise<unknown> {
    return this.#run(script, this.#key('followed', 'due'), this.#key('followed', 'ends'), ...args);
  }

  #runJob(script: ScriptName, key: string, ...args: (string | number)[]): Promise<unknown> {
    return this.#run(script, this.#key('job', key), this.#key('jobs', 'due'), key, ...args);
  }
}

/**
 * A client that fails fast when Redis is down: each command within `commandTimeoutMs`, and once
 * connected, at once while the connection is lost, rather than queueing commands that would run
 * late (a lease taken after its caller gave up) or pile up.
 */
function ownClient(url: string | undefined, commandTimeoutMs: number): Redis {
  const options = {
    commandTimeout: commandTimeoutMs,
    connectTimeout: commandTimeoutMs,
    maxRetriesPerRequest: 1,
  };
  const client = url ? new Redis(url, options) : new Redis(options);
  client.once('ready', () => {
    client.options.enableOfflineQueue = false;
  });
  // Every failed command rejects with its error; the connection's own error events would only repeat it on the console.
  client.on('error', () => {});
  return client;
}

/** Whether Redis Cluster hashes only a part of `prefix` (between its first `{` and the next `}`, not empty): then every key with it shares one slot. */
function hasHashTag(prefix: string): boolean {
  const open = prefix.indexOf('{');
  const close = open < 0 ? -1 : prefix.indexOf('}', open + 1);
  return close > open + 1;
}

const parse = <T>(json: string | null): T | undefined => (json === null ? undefined : (JSON.parse(json) as T));
