import { isTerminal, type TransactionStatus } from '../../shared/transaction-state.js';
import { answeredNow } from '../client/transaction-status.js';
import type { RequestContext } from '../state/background.js';
import type { KitState } from '../state/kit-state.js';
import { STREAM_RETRY_MS } from '../state/timings.js';
import type { ResolvedTuning } from '../tuning.js';
import type { BudgetName, ResolvedBudgets } from '../budgets/options.js';
import { etagOf } from './etag.js';
import { errorResponse } from './responses.js';

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
 * The status of one transaction as Server-Sent Events: the current status at once (unless
 * `Last-Event-ID` names it), every change after, a heartbeat while nothing changes, and the end
 * of the stream after an end state. Each status event's id is its version (its ETag), so a
 * reconnecting browser gets what changed since and nothing it has.
 */
export async function statusStream(
  kit: KitState,
  uuid: string,
  caller: string,
  request: Request,
  context: RequestContext | undefined,
): Promise<Response> {
  const address = await kit.budgets.addressOf(request);
  const refusal = kit.streams.open(uuid, caller, address);
  if (refusal === 'too_many_streams') {
    return errorResponse(429, 'too_many_streams', 'too many status streams are open for this transaction or caller', {
      'retry-after': '5',
    });
  }
  if (refusal) return kit.budgets.refuse(refusal, 5000, 'status');
  let sentVersion = request.headers.get('last-event-id');
  let finish = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      let finished = false;
      const send = (text: string) => finished || controller.enqueue(encoder.encode(text));
      // Versions are hashed asynchronously: one queue keeps the events in the order the statuses came.
      let queue = Promise.resolve();
      const offer = (status: TransactionStatus) => {
        queue = queue.then(async () => {
          const version = (await etagOf(status)).slice(1, -1);
          if (finished || version === sentVersion) return;
          sentVersion = version;
          send(`id: ${version}\nevent: status\ndata: ${JSON.stringify({ ...answeredNow(status, kit.client), ...kit.offers })}\n\n`);
          if (isTerminal(status.state)) finish();
        });
      };
      const heartbeat = setInterval(() => send('event: ping\ndata: {}\n\n'), kit.tuning.streamHeartbeatMs);
      const unwatch = kit.feed.watch(uuid, (cached) => offer(cached.status));
      finish = () => {
        if (finished) return;
        finished = true;
        clearInterval(heartbeat);
        unwatch();
        kit.streams.close(uuid, caller, address);
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
