import { isTerminal, type TransactionStatus } from '../../shared/transaction-state.js';
import { serviceTimeOf } from '../client/transaction-status.js';
import type { RequestContext } from '../state/background.js';
import type { KitState } from '../state/kit-state.js';
import { STREAM_RETRY_MS } from '../state/timings.js';
import type { ResolvedTuning } from '../tuning.js';
import { errorResponse } from './responses.js';

/** The limits on status streams open in this process: it counts them per transaction and per caller, and refuses one past either limit. */
export class StreamLimiter {
  readonly #counts = new Map<string, number>();

  constructor(private readonly limits: Pick<ResolvedTuning, 'maxStreamsPerTransaction' | 'maxStreamsPerCaller'>) {}

  /** Counts a stream of `uuid` for `caller`, unless either is at its limit: then false. */
  open(uuid: string, caller: string): boolean {
    const keys = [`uuid:${uuid}`, `caller:${caller}`];
    const limits = [this.limits.maxStreamsPerTransaction, this.limits.maxStreamsPerCaller];
    if (keys.some((key, index) => (this.#counts.get(key) ?? 0) >= limits[index]!)) return false;
    for (const key of keys) this.#counts.set(key, (this.#counts.get(key) ?? 0) + 1);
    return true;
  }

  close(uuid: string, caller: string): void {
    for (const key of [`uuid:${uuid}`, `caller:${caller}`]) {
      const count = (this.#counts.get(key) ?? 1) - 1;
      if (count) this.#counts.set(key, count);
      else this.#counts.delete(key);
    }
  }
}

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  // Per user, and never to be replayed from a cache; no-transform keeps proxies from compressing (and so buffering) it.
  'cache-control': 'private, no-store, no-transform',
  // Tells nginx and the proxies that follow it not to buffer: each event leaves at once.
  'x-accel-buffering': 'no',
};

/**
 * The status of one transaction as Server-Sent Events: the current status at once (unless
 * `Last-Event-ID` names it), every change after, a heartbeat while nothing changes, and the end
 * of the stream after an end state. Each status event's id is its version (its ETag), so a
 * reconnecting browser gets what changed since and nothing it has.
 */
export function statusStream(kit: KitState, uuid: string, caller: string, request: Request, context: RequestContext | undefined): Response {
  if (!kit.streams.open(uuid, caller)) {
    return errorResponse(429, 'too_many_streams', 'too many status streams are open for this transaction or caller', {
      'retry-after': '5',
    });
  }
  let sentVersion = request.headers.get('last-event-id');
  let finish = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      let finished = false;
      const send = (text: string) => finished || controller.enqueue(encoder.encode(text));
      // Versions are hashed asynchronously: one queue keeps the events in the order the statuses came.
      let queue = Promise.resolve();
      // An end is sent even when Last-Event-ID names it: a client that reconnects after the end
      // (an EventSource does, once the stream closes) hears it again and stops, rather than waiting on pings.
      const offer = (status: TransactionStatus) => {
        queue = queue.then(async () => {
          const version = await kit.answers.versionOf(status);
          const ended = isTerminal(status.state);
          if (finished || (version.id === sentVersion && !ended)) return;
          sentVersion = version.id;
          send(`id: ${version.id}\nevent: status\ndata: ${version.answerAt(serviceTimeOf(kit.client))}\n\n`);
          if (ended) finish();
        });
      };
      const heartbeat = setInterval(() => send('event: ping\ndata: {}\n\n'), kit.tuning.streamHeartbeatMs);
      const unwatch = kit.feed.watch(uuid, (cached) => offer(cached.status));
      finish = () => {
        if (finished) return;
        finished = true;
        clearInterval(heartbeat);
        unwatch();
        kit.streams.close(uuid, caller);
        request.signal.removeEventListener('abort', finish);
        try {
          controller.close();
        } catch {
          // Cancelled by the client: already closed.
        }
      };
      request.signal.addEventListener('abort', finish);
      send(`retry: ${STREAM_RETRY_MS}\n\n`);
      const first = kit.reader.read(uuid).then(async (served) => {
        offer(served.status);
        if (served.failure) kit.report(served.failure, uuid);
        if (served.ended) await kit.results.enqueue(uuid, context);
      });
      // The feed's follower reads again within a second; the stream carries no failure, onError hears of it.
      kit.background.track(
        first.catch((error: unknown) => kit.report(error, uuid)),
        context,
      );
    },
    cancel() {
      finish();
    },
  });
  return new Response(body, { status: 200, headers: SSE_HEADERS });
}
