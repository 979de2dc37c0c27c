import { isTerminal, type TransactionStatus } from '../../shared/transaction-state.js';
import { serviceTimeOf } from '../client/transaction-status.js';
import type { RequestContext } from '../state/background.js';
import type { KitState } from '../state/kit-state.js';
import { STREAM_RETRY_MS } from '../state/timings.js';
import type { ResolvedTuning } from '../tuning.js';
import type { BudgetName, ResolvedBudgets } from '../budgets/options.js';
import { errorAnswer, type PlainAnswer } from './responses.js';
import type { StatusVersion } from './status-answers.js';
import type { StatusCall } from './status.js';

type StreamLimits = Pick<ResolvedTuning, 'maxStreamsPerTransaction' | 'maxStreamsPerCaller'> &
  Pick<ResolvedBudgets, 'streamsPerProcess' | 'streamsPerAddress'>;

/**
 * The limits on status streams open in this process: it counts them per transaction, per caller,
 * per client address (when known) and in all, and refuses one past any limit.
 */
export class StreamLimiter {
  readonly #counts = new Map<string, number>();

  constructor(private readonly limits: StreamLimits) {}

  /** Counts a stream of `uuid` for `caller` from `address`, unless one of them is at its limit: then which budget refuses it, or 'too_many_streams'. */
  open(uuid: string, caller: string, address: string | undefined): 'too_many_streams' | BudgetName | null {
    const counted = this.#keys(uuid, caller, address);
    const full = counted.find(([key, limit]) => (this.#counts.get(key) ?? 0) >= limit);
    if (full) return full[2];
    for (const [key] of counted) this.#counts.set(key, (this.#counts.get(key) ?? 0) + 1);
    return null;
  }

  close(uuid: string, caller: string, address: string | undefined): void {
    for (const [key] of this.#keys(uuid, caller, address)) {
      const count = (this.#counts.get(key) ?? 1) - 1;
      if (count) this.#counts.set(key, count);
      else this.#counts.delete(key);
    }
  }

  #keys(uuid: string, caller: string, address: string | undefined): [string, number, 'too_many_streams' | BudgetName][] {
    const { maxStreamsPerTransaction, maxStreamsPerCaller, streamsPerProcess, streamsPerAddress } = this.limits;
    return [
      [`uuid:${uuid}`, maxStreamsPerTransaction, 'too_many_streams'],
      [`caller:${caller}`, maxStreamsPerCaller, 'too_many_streams'],
      ['process', streamsPerProcess, 'streamsPerProcess'],
      ...(address === undefined ? [] : [[`address:${address}`, streamsPerAddress, 'streamsPerAddress'] as [string, number, BudgetName]]),
    ];
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
 * Where a stream's events go: a `ReadableStream` of the Fetch handler's `Response` (`responseOf`
 * below), or the Node adapter's response itself (node-adapter.ts), which holds no web stream per
 * client. `close` ends the stream; the returned function stops the events (the client went away).
 */
export interface EventSink {
  write(text: string): void;
  close(): void;
}

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
  const address = await kit.budgets.addressOf(call.request());
  const refusal = kit.streams.open(uuid, caller, address);
  if (refusal === 'too_many_streams') {
    return errorAnswer(429, 'too_many_streams', 'too many status streams are open for this transaction or caller', { 'retry-after': '5' });
  }
  if (refusal) return kit.budgets.refuse(refusal, 5000, 'status');
  const lastEventId = call.header('last-event-id');
  return { status: 200, headers: SSE_HEADERS, events: (sink) => streamEvents(kit, uuid, caller, address, lastEventId, sink, context) };
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
  let sentVersion = lastEventId;
  let finished = false;
  const send = (text: string) => finished || sink.write(text);
  // An end is sent even when Last-Event-ID names it: a client that reconnects after the end
  // (an EventSource does, once the stream closes) hears it again and stops, rather than waiting on pings.
  const deliver = (status: TransactionStatus, version: StatusVersion) => {
    const ended = isTerminal(status.state);
    if (finished || (version.id === sentVersion && !ended)) return;
    sentVersion = version.id;
    send(version.eventAt(serviceTimeOf(kit.client)));
    if (ended) finish();
  };
  // A new version is hashed asynchronously: one queue keeps the events in the order the statuses
  // came. A known one (a change fanned out to every stream of it) is sent at once when none waits.
  let queue = Promise.resolve();
  let waiting = 0;
  const offer = (status: TransactionStatus) => {
    const version = kit.answers.versionOf(status);
    if (!waiting && !(version instanceof Promise)) return deliver(status, version);
    waiting++;
    queue = queue.then(async () => {
      deliver(status, await version);
      waiting--;
    });
  };
  const heartbeat = setInterval(() => send('event: ping\ndata: {}\n\n'), kit.tuning.streamHeartbeatMs);
  const unwatch = kit.feed.watch(uuid, (cached) => offer(cached.status));
  const finish = () => {
    if (finished) return;
    finished = true;
    clearInterval(heartbeat);
    unwatch();
    kit.streams.close(uuid, caller, address);
    sink.close();
  };
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
  return finish;
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
      signal.addEventListener('abort', stop);
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, { status: answer.status, headers: answer.headers });
}
