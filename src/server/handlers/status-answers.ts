import type { TransactionStatus } from '../../shared/transaction-state.js';

/** How many versions are remembered by uuid, for stores that give a fresh object at each read (Redis); the oldest go first. */
const MAX_REMEMBERED_VERSIONS = 10_000;

/** Stands for the answer's `server_time` in a version's serialised template: no status field can hold it (the wire's fields never hold NUL). */
const SERVER_TIME_MARK = '\u0000server_time\u0000';
const SERIALISED_MARK = JSON.stringify(SERVER_TIME_MARK);

/** One version of a status, serialised once: its ETag and its answer's bytes around `server_time`. */
export interface StatusVersion {
  /** A strong ETag: the SHA-256 of the status object (Web Crypto, so it runs on any Fetch runtime). */
  etag: string;
  /** The ETag without its quotes: a status event's id. */
  id: string;
  /** The answer's JSON at `now` (epoch ms): the status, `server_time`, `stream` and the backend's offers. */
  answerAt(now: number): string;
  /** The same answer as a stream's status event, its id the version. */
  eventAt(now: number): string;
}

/**
 * Each status version's ETag and answer, serialised once (not at each poll, nor for each stream),
 * shared by the status handler and its streams. A status object the store gives again (the memory
 * store gives the one it holds) is found by identity; a fresh object of the same version (a Redis
 * read) by its JSON, which spares the hash.
 */
export class StatusAnswers {
  /** By status object: its version, or its serialisation under way (a change fanned out to many streams is hashed once). */
  readonly #byObject = new WeakMap<TransactionStatus, StatusVersion | Promise<StatusVersion>>();
  readonly #byUuid = new Map<string, { json: string; version: StatusVersion }>();

  constructor(private readonly offers: Pick<TransactionStatus, 'send'>) {}

  /** The version of `status`: at once when known, else after hashing it. */
  versionOf(status: TransactionStatus): StatusVersion | Promise<StatusVersion> {
    let version = this.#byObject.get(status);
    if (!version) {
      version = this.#serialise(status);
      this.#byObject.set(status, version);
    }
    return version;
  }

  async #serialise(status: TransactionStatus): Promise<StatusVersion> {
    const json = JSON.stringify(status);
    let known = this.#byUuid.get(status.uuid);
    if (known?.json !== json) {
      known = { json, version: await this.#versionOf(status, json) };
      this.#byUuid.delete(status.uuid);
      this.#byUuid.set(status.uuid, known);
      if (this.#byUuid.size > MAX_REMEMBERED_VERSIONS) this.#byUuid.delete(this.#byUuid.keys().next().value!);
    }
    this.#byObject.set(status, known.version);
    return known.version;
  }

  async #versionOf(status: TransactionStatus, json: string): Promise<StatusVersion> {
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(json));
    const id = Array.from(new Uint8Array(digest).subarray(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
    // What answeredAt gives, with the offers after it: the same keys in the same order, serialised once.
    const [head, tail] = JSON.stringify({ ...status, server_time: SERVER_TIME_MARK, stream: true, ...this.offers }).split(SERIALISED_MARK);
    const answerAt = (now: number) => `${head}${JSON.stringify(new Date(now).toISOString())}${tail}`;
    // The last event made, kept for the streams that get the same change within the same millisecond.
    let last = { now: NaN, event: '' };
    const eventAt = (now: number) => {
      if (last.now !== now) last = { now, event: `id: ${id}\nevent: status\ndata: ${answerAt(now)}\n\n` };
      return last.event;
    };
    return { etag: `"${id}"`, id, answerAt, eventAt };
  }
}
