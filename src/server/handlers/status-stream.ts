import { isTerminal, type TransactionStatus } from '../../shared/transaction-state.js';
import { serviceTimeOf } from '../client/transaction-status.js';
import type { RequestContext } from '../state/background.js';
import type { KitState } from '../state/kit-state.js';
import { STREAM_RECONNECT_ON_CLOSE_MS, STREAM_RETRY_MS } from '../state/timings.js';
import type { EventSink, KeptStream } from './open-streams.js';
import { errorAnswer, type PlainAnswer } from './responses.js';
import type { StatusVersion } from './status-answers.js';
import type { StatusCall } from './status.js';

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  // Per user, and never to be replayed from a cache; no-transform keeps proxies from compressing (and so buffering) it.
  'cache-control': 'private, no-store, no-transform',
  // Tells nginx and the proxies that follow it not to buffer: each event leaves at once.
  'x-accel-buffering': 'no',
};

/** A status stream's answer: its status and headers, and its events once given somewhere to go. */
export interface StreamAnswer {
  status: 200;
  headers: Record<string, string>;
  events(sink: EventSink): () => void;
}

/**
 * The status of one transaction as Server-Sent Events: the current status at once (unless
 * `lastEventId` names it), every change after, a heartbeat while nothing changes, and the end
 * of the stream after an end state. Each status event's id is its version (its ETag), so a
 * reconnecting browser gets what changed since and nothing it has. Past a stream limit, 429.
 */
export async function statusStream(
  kit: KitState,
  uuid: string,
  caller: string,
  call: StatusCall,
  context: RequestContext | undefined,
): Promise<StreamAnswer | PlainAnswer | Response> {
  const address = await kit.budgets.addressOf(call.request);
  const refusal = kit.streams.open(uuid, caller, address);
  if (refusal === 'too_many_streams') {
    return errorAnswer(429, 'too_many_streams', 'too many status streams are open for this transaction or caller', { 'retry-after': '5' });
  }
  if (refusal) return kit.budgets.refuse(refusal, 5000, 'status');
  const lastEventId = call.header('last-event-id');
  return { status: 200, headers: SSE_HEADERS, events: (sink) => streamEvents(kit, uuid, caller, address, lastEventId, sink, context) };
}

/**
 * One open stream: the version it sent last, and the statuses it is offered, sent in the order
 * they came. An object with a few fields rather than a closure each: at 100,000 streams its size is
 * the kit's share of a stream's memory.
 */
class OpenStream implements KeptStream {
  #sentVersion: string | null;
  #finished = false;
  /** A new version is hashed asynchronously: one queue keeps the events in the order the statuses came (made when first needed). */
  #queue: Promise<void> | undefined;
  #waiting = 0;
  readonly #unwatch: () => void;

  constructor(
    private readonly kit: KitState,
    private readonly uuid: string,
    private readonly caller: string,
    private readonly address: string | undefined,
    lastEventId: string | null,
    private readonly sink: EventSink,
  ) {
    this.#sentVersion = lastEventId;
    try {
      this.#unwatch = kit.feed.watch(uuid, (cached) => this.offer(cached.status));
    } catch (error) {
      // A store that cannot subscribe: the stream is not open, and not counted.
      kit.streams.close(uuid, caller, address);
      throw error;
    }
    kit.streams.keepAlive(this);
    sink.write(`retry: ${STREAM_RETRY_MS}\n\n`);
  }

  write(text: string): void {
    this.sink.write(text);
  }

  /** Ends the stream, after what it is sending, with a hint to reconnect within a second (the browser sends Last-Event-ID: nothing is sent twice). */
  reconnectElsewhere(): void {
    const end = () => {
      if (this.#finished) return;
      this.sink.write(`retry: ${Math.ceil(Math.random() * STREAM_RECONNECT_ON_CLOSE_MS)}\n\n`);
      this.finish();
    };
    if (this.#queue) this.#queue = this.#queue.then(end);
    else end();
  }

  /** Sends `status` unless the client has it; a known version (a change fanned out to every stream of it) at once when none waits. */
  offer(status: TransactionStatus): void {
    const version = this.kit.answers.versionOf(status);
    if (!this.#waiting && !(version instanceof Promise)) return this.#deliver(status, version);
    this.#waiting++;
    this.#queue = (this.#queue ?? Promise.resolve()).then(async () => {
      this.#deliver(status, await version);
      this.#waiting--;
    });
  }

  // An end is sent even when Last-Event-ID names it: a client that reconnects after the end
  // (an EventSource does, once the stream closes) hears it again and stops, rather than waiting on pings.
  #deliver(status: TransactionStatus, version: StatusVersion): void {
    const ended = isTerminal(status.state);
    if (this.#finished || (version.id === this.#sentVersion && !ended)) return;
    this.#sentVersion = version.id;
    this.sink.write(version.eventAt(serviceTimeOf(this.kit.client)));
    if (ended) this.finish();
  }

  finish(): void {
    if (this.#finished) return;
    this.#finished = true;
    this.kit.streams.release(this);
    this.#unwatch();
    this.kit.streams.close(this.uuid, this.caller, this.address);
    this.sink.close();
  }
}

function streamEvents(
  kit: KitState,
  uuid: string,
  caller: string,
  address: string | undefined,
  lastEventId: string | null,
  sink: EventSink,
  context: RequestContext | undefined,
): () => void {
  const stream = new OpenStream(kit, uuid, caller, address, lastEventId, sink);
  const first = kit.reader.read(uuid).then(async (served) => {
    stream.offer(served.status);
    if (served.failure) kit.report(served.failure, uuid);
    if (served.ended) await kit.results.enqueue(uuid, context);
  });
  // The feed's follower reads again within a second; the stream carries no failure, onError hears of it.
  const settled = first.catch((error: unknown) => kit.report(error, uuid));
  // Opened as the process stops: the status it has, then on to another instance.
  kit.background.track(
    settled.finally(() => kit.streams.closing && stream.reconnectElsewhere()),
    context,
  );
  return () => stream.finish();
}

/** A stream's answer as a Fetch `Response`, whose events stop when `signal` aborts (the client went away). */
export function streamResponse(answer: StreamAnswer, signal: AbortSignal): Response {
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      stop = answer.events({
        write: (text) => controller.enqueue(encoder.encode(text)),
        close: () => {
          signal.removeEventListener('abort', stop);
          try {
            controller.close();
          } catch {
            // Cancelled by the client: already closed.
          }
        },
      });
      // A client that left while the answer was made (its abort already came) frees its stream now.
      if (signal.aborted) stop();
      else signal.addEventListener('abort', stop);
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, { status: answer.status, headers: answer.headers });
}
