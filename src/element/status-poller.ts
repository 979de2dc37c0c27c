import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { TransactionStatus } from '../shared/transaction-state.js';
import { LatestRequest } from './latest-request.js';
import { readStatus } from './read-status.js';
import { type RequestError, requestJson } from './request.js';

export interface StatusPollerOptions {
  /** Milliseconds between polls while all is well. */
  interval(): number;
  /** Milliseconds one request may take. */
  timeout(): number;
  onStatus(status: TransactionStatus): void;
  /** `retrying` is false when the error is final: polling has stopped. */
  onError(error: RequestError, retrying: boolean): void;
}

const MAX_BACKOFF_MS = 30_000;

/**
 * Polls a status URL while the host is connected and the page is visible. Only the latest poll
 * counts: an answer that arrives after the URL changed, after a newer poll or after disconnection
 * is dropped. Failures back off exponentially with jitter.
 */
export class StatusPoller implements ReactiveController {
  #url: string | null = null;
  #failures = 0;
  readonly #request = new LatestRequest();
  #timer?: ReturnType<typeof setTimeout>;
  #connected = false;

  constructor(
    host: ReactiveControllerHost,
    private readonly options: StatusPollerOptions,
  ) {
    host.addController(this);
  }

  /** Polls `url` from now on, or stops with `null`. */
  follow(url: string | null): void {
    this.#url = url;
    this.#failures = 0;
    this.pollNow();
  }

  /** Polls at once, cancelling any poll under way or waiting. */
  pollNow = (): void => {
    this.#cancel();
    if (this.#url && this.#connected && document.visibilityState !== 'hidden') void this.#poll(this.#url);
  };

  hostConnected(): void {
    this.#connected = true;
    document.addEventListener('visibilitychange', this.pollNow);
    window.addEventListener('online', this.pollNow);
    this.pollNow();
  }

  hostDisconnected(): void {
    this.#connected = false;
    document.removeEventListener('visibilitychange', this.pollNow);
    window.removeEventListener('online', this.pollNow);
    this.#cancel();
  }

  #cancel(): void {
    clearTimeout(this.#timer);
    this.#request.cancel();
  }

  async #poll(url: string): Promise<void> {
    const latest = await this.#request.run(
      (signal) => requestJson(url, { cache: 'no-cache' }, this.options.timeout(), signal),
      (body) => {
        this.options.onStatus(readStatus(body));
        // Only an answer that was read and accepted ends a run of failures (protocol errors back off too).
        this.#failures = 0;
      },
      (failure) => {
        if (failure.retryable) this.#failures++;
        else this.#url = null;
        this.options.onError(failure, failure.retryable);
      },
    );
    if (latest) this.#schedule();
  }

  #schedule(): void {
    if (!this.#url || document.visibilityState === 'hidden') return;
    const interval = this.options.interval();
    const delay = this.#failures
      ? Math.min(interval * 2 ** this.#failures, MAX_BACKOFF_MS) * (0.5 + Math.random() / 2)
      : interval;
    this.#timer = setTimeout(this.pollNow, delay);
  }
}
