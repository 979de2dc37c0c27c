import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { LatestRequest } from './latest-request.js';
import { readSession, type SessionAnswer } from './read-session.js';
import { type RequestError, requestJson } from './request.js';

export interface SessionRequestOptions {
  /** Where to POST for a new transaction. */
  url(): string;
  /** Milliseconds the request may take. */
  timeout(): number;
  onSession(session: SessionAnswer): void;
  /** Every failure is final: the host decides whether to try again. */
  onError(error: RequestError): void;
}

/**
 * The POST to the host's session URL that creates a transaction, sent while the host is
 * connected. A removal cancels the request under way and the next connection sends it again; a
 * move (removed and appended in one task) keeps it, since aborting it would make the host create
 * a second transaction.
 */
export class SessionRequest implements ReactiveController {
  /** A session was asked for and has not been answered yet. */
  starting = false;
  readonly #request = new LatestRequest();
  #connected = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: SessionRequestOptions,
  ) {
    host.addController(this);
  }

  /** Asks for a new session, in place of any asked for before. */
  create(): void {
    this.#request.cancel();
    this.#setStarting(true);
    if (this.#connected) void this.#send();
  }

  /** Forgets the session asked for: its answer is not acted on. */
  cancel(): void {
    this.#request.cancel();
    this.#setStarting(false);
  }

  hostConnected(): void {
    this.#connected = true;
    if (this.starting && !this.#request.underWay) void this.#send();
  }

  hostDisconnected(): void {
    this.#connected = false;
    queueMicrotask(() => this.#connected || this.#request.cancel());
  }

  #send(): Promise<boolean> {
    return this.#request.run(
      (signal) => requestJson(this.options.url(), { method: 'POST' }, this.options.timeout(), signal),
      (body) => {
        this.#setStarting(false);
        this.options.onSession(readSession(body));
      },
      (error) => {
        this.#setStarting(false);
        this.options.onError(error);
      },
    );
  }

  #setStarting(starting: boolean): void {
    this.starting = starting;
    this.host.requestUpdate();
  }
}
