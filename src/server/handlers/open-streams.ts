import type { BudgetName, ResolvedBudgets } from '../budgets/options.js';
import type { ResolvedTuning } from '../tuning.js';

type StreamLimits = Pick<ResolvedTuning, 'maxStreamsPerTransaction' | 'maxStreamsPerCaller' | 'streamHeartbeatMs'> &
  Pick<ResolvedBudgets, 'streamsPerProcess' | 'streamsPerAddress'>;

/** Where an open stream's events go (status-stream.ts). */
export interface EventSink {
  write(text: string): void;
  close(): void;
}

/** An open stream as the heartbeat and the kit's close see it. */
export interface KeptStream {
  write(text: string): void;
  /** Ends the stream with a hint to reconnect soon: this process stops, another serves it. */
  reconnectElsewhere(): void;
}

const PING = 'event: ping\ndata: {}\n\n';

/** The heartbeat's slices: each tick pings one, so no tick writes to more than a sixteenth of the streams. */
const SLICES = 16;

/**
 * The status streams open in this process: it counts them per transaction, per caller, per client
 * address (when known) and in all, and refuses one past any limit; and it keeps them alive with one
 * heartbeat timer (not a timer per stream: at 100,000 streams, each byte a stream holds is 100 KB).
 * The streams are dealt into slices and each tick pings one slice, so the writes spread over the
 * interval as separate timers would spread them, rather than stalling the process in one burst; a
 * stream joins the slice pinged last, so its first ping comes one interval after it opened, as the
 * first status event does not wait on it.
 */
export class OpenStreams {
  readonly #counts = new Map<string, number>();
  readonly #slices = Array.from({ length: SLICES }, () => new Set<KeptStream>());
  #closing = false;
  /** The slice the next tick pings. */
  #nextSlice = 0;
  #heartbeat: ReturnType<typeof setInterval> | undefined;

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

  /** Pings `stream` each heartbeat interval, the first one interval from now, until `release`. */
  keepAlive(stream: KeptStream): void {
    this.#slices[(this.#nextSlice + SLICES - 1) % SLICES]!.add(stream);
    this.#heartbeat ??= setInterval(() => {
      for (const alive of this.#slices[this.#nextSlice]!) alive.write(PING);
      this.#nextSlice = (this.#nextSlice + 1) % SLICES;
    }, this.limits.streamHeartbeatMs / SLICES);
  }

  release(stream: KeptStream): void {
    for (const slice of this.#slices) slice.delete(stream);
    if (this.#slices.some((slice) => slice.size)) return;
    clearInterval(this.#heartbeat);
    this.#heartbeat = undefined;
  }

  /** Whether the process stops: a stream opened from now on ends once it has sent what it has (status-stream.ts). */
  get closing(): boolean {
    return this.#closing;
  }

  /** The process stops: every open stream ends with a hint to reconnect soon, to another instance. */
  closeAll(): void {
    this.#closing = true;
    for (const slice of this.#slices) for (const stream of [...slice]) stream.reconnectElsewhere();
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
