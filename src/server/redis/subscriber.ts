import { Cluster, type Redis } from 'ioredis';
import { KycStoreError } from '../state/store-errors.js';
import type { StatusListener } from '../state/store.js';
import { parseStatusMessage, type StatusMessage } from './status-message.js';

export interface SubscriberOptions {
  client: Redis | Cluster;
  /** The status channel (`publishStatus`'s), heard while anyone listens. */
  statusChannel: string;
  /** The channel on which `writeStatus`'s script tells each status it writes, heard from the first cached read until `close`. */
  writtenChannel: string;
  /** A status written, or null for a message that is not one (the channel carries anything anyone publishes). */
  onWritten(written: StatusMessage | null): void;
  /** True once the written channel is heard, false as soon as the connection is lost (a write may then go unheard). */
  onHearing(hearing: boolean): void;
}

/**
 * The store's connection in subscriber mode (Redis allows nothing else on it), opened when first
 * needed. ioredis subscribes again after a reconnection; the written channel counts as heard only
 * once Redis has confirmed it. Its message handler runs inside the client's data handler, where
 * a throw would stop the process: nothing it calls may throw.
 */
export class StoreSubscriber {
  /** Each status listener, and where what goes wrong with its messages is reported. */
  readonly #listeners = new Map<StatusListener, (error: unknown) => void>();
  #connection: Redis | Cluster | null = null;
  /** After `close`, a read opens no connection: the process may be on its way out. */
  #closed = false;

  constructor(private readonly options: SubscriberOptions) {}

  /** Opens the connection if it is not, unless the store was closed: from then on the written channel is heard. */
  hearWrites(): void {
    if (!this.#closed) this.#connection ??= this.#connect();
  }

  listen(listener: StatusListener, onError: (error: unknown) => void): () => void {
    this.#listeners.set(listener, onError);
    const connection = (this.#connection ??= this.#connect());
    if (this.#listeners.size === 1) connection.subscribe(this.options.statusChannel).catch(() => {});
    return () => {
      if (!this.#listeners.delete(listener) || this.#listeners.size) return;
      this.#connection?.unsubscribe(this.options.statusChannel).catch(() => {});
    };
  }

  close(): void {
    this.#closed = true;
    this.#connection?.disconnect();
    this.#connection = null;
    this.options.onHearing(false);
  }

  #connect(): Redis | Cluster {
    const { client, writtenChannel, onHearing } = this.options;
    const connection =
      client instanceof Cluster ? client.duplicate([], { enableOfflineQueue: true }) : client.duplicate({ enableOfflineQueue: true });
    connection.on('error', () => {});
    connection.on('message', (channel: string, message: string) => {
      if (channel === writtenChannel) this.options.onWritten(parseStatusMessage(message));
      else this.#tell(channel, message);
    });
    const lost = () => onHearing(false);
    connection.on('close', lost);
    connection.on('end', lost);
    // On every connection, the first included: heard once Redis confirms (after ioredis's own resubscription).
    connection.on('ready', () => {
      connection
        .subscribe(writtenChannel)
        .then(() => connection === this.#connection && onHearing(true))
        .catch(() => {});
    });
    return connection;
  }

  #tell(channel: string, message: string): void {
    const parsed = parseStatusMessage(message);
    const invalid = parsed
      ? null
      : new KycStoreError(`a message of ${message.length} characters on ${channel} is not a kit's status: ignored`);
    for (const [listener, onError] of [...this.#listeners]) {
      try {
        if (parsed) listener(parsed.uuid, parsed.cached);
        else onError(invalid);
      } catch (error) {
        try {
          onError(error);
        } catch {
          // A broken logger: nothing left to tell.
        }
      }
    }
  }
}
