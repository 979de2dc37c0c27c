/**
 * The demo page's backend log: what the host backend received (webhooks) and did (results, an SMS
 * to the outbox, a device opening the short link), and the mail the demo's SMTP server received. One
 * process keeps it in an EventEmitter; a fleet passes it through Redis pub/sub, so that the page
 * sees every instance's entries whichever instance serves its feed.
 */
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/** One line of the demo page's backend log. */
export interface FeedEntry {
  kind: 'webhook' | 'result' | 'mail' | 'sms' | 'handoff';
  at: string;
  /** The instance that received the webhook, ran `onResult` or sent the SMS, when the backend is a fleet. */
  instance?: string;
  body: unknown;
}

export interface Feed {
  publish(entry: FeedEntry): void;
  /** Calls `listener` with every entry published from now on; returns what stops it. */
  subscribe(listener: (entry: FeedEntry) => void): () => void;
  close(): Promise<void>;
}

export function memoryFeed(): Feed {
  const entries = new EventEmitter();
  return {
    publish: (entry) => void entries.emit('entry', entry),
    subscribe(listener) {
      entries.on('entry', listener);
      return () => void entries.off('entry', listener);
    },
    close: async () => void entries.removeAllListeners(),
  };
}

/** Every instance publishes to `channel` and relays what the channel carries to its own subscribers. */
export function redisFeed(url: string, channel: string): Feed {
  const local = memoryFeed();
  // A connection that subscribes can send nothing else: one for each direction.
  const publisher = new Redis(url);
  const subscriber = new Redis(url);
  subscriber.on('message', (_channel: string, message: string) => local.publish(JSON.parse(message) as FeedEntry));
  void subscriber.subscribe(channel);
  return {
    publish: (entry) => void publisher.publish(channel, JSON.stringify(entry)).catch(() => {}),
    subscribe: local.subscribe,
    async close() {
      await Promise.all([publisher.quit(), subscriber.quit()]).catch(() => {});
      await local.close();
    },
  };
}
