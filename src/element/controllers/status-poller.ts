import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { readStatusOf } from '../../shared/read-status.js';
import type { MachineEvent } from '../machine/machine.js';
import { LatestRequest } from './latest-request.js';
import { requestJson } from './request.js';

/** The transaction polled: its id and where its status is. */
export interface PolledTransaction {
  id: string;
  statusUrl: string;
}

export interface StatusPollerOptions {
  /** Milliseconds between polls while all is well. */
  interval(): number;
  /** Milliseconds one request may take. */
  timeout(): number;
  /**
   * Gets `status` for a status of the polled transaction, read and checked, and `status-failed`
   * for a failure (not `retrying` when it is final: asking again would not help).
   */
  send(event: MachineEvent): void;
}

const MAX_BACKOFF_MS = 30_000;

/**
 * Polls a transaction's status URL while the host is connected and the page is visible. Only the
 * latest poll counts: an answer that arrives after the transaction changed, after a newer poll or
 * after disconnection is dropped. An answer that is not a status of that transaction is reported
 * as a protocol error. Failures back off exponentially with jitter.
 */
export class StatusPoller implements ReactiveController {
  #polled: PolledTransaction | null = null;
  #failures = 0;
  /** An answer about the followed transaction was read: the HTTP cache holds a fresh one to revalidate. */
  #fresh = false;
  readonly #request = new LatestRequest();
  #timer?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly host: ReactiveControllerHost & Element,
    private readonly options: StatusPollerOptions,
  ) {
    host.addController(this);
  }

  /** Polls `transaction` from now on (at once), or stops with `null`; polling the same one again keeps its HTTP cache and backoff. */
  follow(transaction: PolledTransaction | null): void {
    if (transaction !== this.#polled) {
      this.#fresh = false;
      this.#failures = 0;
    }
    this.#polled = transaction;
    this.pollNow();
  }

  /** Polls at once, cancelling any poll under way or waiting. */
  pollNow = (): void => {
    this.#cancel();
    if (this.#polled && this.host.isConnected && document.visibilityState !== 'hidden') void this.#poll(this.#polled);
  };

  hostConnected(): void {
    document.addEventListener('visibilitychange', this.pollNow);
    window.addEventListener('online', this.pollNow);
    this.pollNow();
  }

  hostDisconnected(): void {
    document.removeEventListener('visibilitychange', this.pollNow);
    window.removeEventListener('online', this.pollNow);
    this.#cancel();
  }

  #cancel(): void {
    clearTimeout(this.#timer);
    this.#request.cancel();
  }

  async #poll({ id, statusUrl }: PolledTransaction): Promise<void> {
    const latest = await this.#request.run(
      // The first read skips the HTTP cache: a revalidated answer (304) would bring back an old body,
      // and with it an old server_time for the countdown's clock. Later ones revalidate.
      (signal) => requestJson(statusUrl, { cache: this.#fresh ? 'no-cache' : 'reload' }, this.options.timeout(), signal),
      (body) => {
        this.options.send({ type: 'status', status: readStatusOf(body, id) });
        this.#fresh = true;
        // Only an answer that was read and accepted ends a run of failures (protocol errors back off too).
        this.#failures = 0;
      },
      (failure) => {
        this.#failures++;
        this.options.send({ type: 'status-failed', error: failure, retrying: failure.retryable });
      },
    );
    if (latest) this.#schedule();
  }

  #schedule(): void {
    if (!this.#polled || document.visibilityState === 'hidden') return;
    const interval = this.options.interval();
    const delay = this.#failures ? Math.min(interval * 2 ** this.#failures, MAX_BACKOFF_MS) * (0.5 + Math.random() / 2) : interval;
    this.#timer = setTimeout(this.pollNow, delay);
  }
}
