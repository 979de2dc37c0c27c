import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { readStatusOf } from '../../shared/read-status.js';
import type { TransactionStatus } from '../../shared/transaction-state.js';
import type { MachineEvent } from '../machine/machine.js';
import { asRequestError, type RequestError } from './request.js';
import type { PolledTransaction } from './status-poller.js';

/**
 * The stream contract's heartbeat: the backend sends a `ping` every 15 s, and a stream silent for
 * two of them is dead. Not public: only the element tests shorten it, to see silence quickly.
 * @internal
 */
export const heartbeat = { ms: 15_000 };

/**
 * Follows a transaction through the backend's status stream (Server-Sent Events on its status URL)
 * while the host is connected. Status events are read as polled answers are. Follow `null` once it
 * brings an end: EventSource would otherwise reconnect.
 *
 * It sends `status` for a status of the followed transaction, read and checked; `status-failed`
 * (retrying) for a status event that is not one, and drops the stream; `delivering` true when the
 * stream delivers (its first event), and the status comes from it alone, or false when it is not
 * offered, failed or fell silent, and it is tried again two heartbeats later.
 */
export class StatusStream implements ReactiveController {
  #followed: PolledTransaction | null = null;
  #source?: EventSource;
  /** The silence limit while a stream is open, the wait before trying again while it is down. */
  #timer?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly host: ReactiveControllerHost & Element,
    private readonly send: (event: MachineEvent) => void,
  ) {
    host.addController(this);
  }

  /** Streams `transaction` from now on, or stops with `null`; the one streamed already goes on as it is. */
  follow(transaction: PolledTransaction | null): void {
    if (transaction === this.#followed) return;
    this.#followed = transaction;
    this.#open();
  }

  hostConnected(): void {
    this.#open();
  }

  hostDisconnected(): void {
    this.#close();
  }

  #close(): void {
    clearTimeout(this.#timer);
    this.#source?.close();
    this.#source = undefined;
  }

  #open = (): void => {
    this.#close();
    const followed = this.#followed;
    if (!followed || !this.host.isConnected) return;
    const source = (this.#source = new EventSource(followed.statusUrl, { withCredentials: true }));
    const silence = () => 2 * heartbeat.ms;
    let live = false;
    // Own state first, callbacks last: what they set off may follow another transaction.
    const down = (error?: RequestError) => {
      this.#close();
      this.#timer = setTimeout(this.#open, silence());
      this.send({ type: 'delivering', delivering: false });
      if (error) this.send({ type: 'status-failed', error, retrying: true });
    };
    const alive = () => {
      clearTimeout(this.#timer);
      this.#timer = setTimeout(down, silence());
      live = true;
      this.send({ type: 'delivering', delivering: true });
    };
    this.#timer = setTimeout(down, silence());
    // Before the first event any error means "not offered". After it, EventSource reconnects
    // (sending Last-Event-ID) until it gives up with CLOSED or the silence limit passes; meanwhile
    // the element polls, so a backend that went away shows as it does to polling.
    source.onerror = () => {
      if (!live || source.readyState === EventSource.CLOSED) down();
      else this.send({ type: 'delivering', delivering: false });
    };
    source.addEventListener('ping', alive);
    source.addEventListener('status', ({ data }) => {
      alive();
      let status: TransactionStatus;
      try {
        status = readStatusOf(JSON.parse(data as string), followed.id);
      } catch (error) {
        down(asRequestError(error));
        return;
      }
      this.send({ type: 'status', status });
    });
  };
}
