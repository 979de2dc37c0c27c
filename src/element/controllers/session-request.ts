import type { ReactiveController } from 'lit';
import { LatestRequest } from './latest-request.js';
import { readSession, type SessionAnswer } from './read-session.js';
import { type RequestError, requestJson } from './request.js';

/**
 * What the session POST asks for, in its `kyc-verify-session` header: `resume` the transaction
 * the host has for this user (or a new one when there is none), or a `new` one.
 */
export type SessionMode = 'resume' | 'new';

export interface SessionRequestOptions {
  /** Where to POST for a transaction. */
  url(): string;
  /** Milliseconds the request may take. */
  timeout(): number;
  onSession(session: SessionAnswer): void;
  /** Every failure is final: the host decides whether to try again. */
  onError(error: RequestError): void;
}

/**
 * The POST to the host's session URL that creates or resumes a transaction, sent while the host
 * is connected. A removal cancels the request under way and the next connection sends it again; a
 * move (removed and appended in one task) keeps it, since aborting it would make the host create
 * a second transaction.
 */
export class SessionRequest implements ReactiveController {
  /** The session asked for and not answered yet. */
  #wanted: SessionMode | null = null;
  readonly #request = new LatestRequest();
  #connected = false;

  constructor(
    host: { addController(controller: ReactiveController): void },
    private readonly options: SessionRequestOptions,
  ) {
    host.addController(this);
  }

  /** Asks for a session, in place of any asked for before. */
  create(mode: SessionMode): void {
    this.cancel();
    this.#wanted = mode;
    this.hostConnected(this.#connected);
  }

  /** Forgets the session asked for: its answer is not acted on. */
  cancel(): void {
    this.#wanted = null;
    this.#request.cancel();
  }

  hostConnected(connected = true): void {
    this.#connected = connected;
    const mode = this.#wanted;
    if (mode && connected && !this.#request.underWay) void this.#send(mode);
  }

  hostDisconnected(): void {
    this.#connected = false;
    queueMicrotask(() => this.#connected || this.#request.cancel());
  }

  #send(mode: SessionMode): Promise<boolean> {
    return this.#request.run(
      (signal) =>
        requestJson(this.options.url(), { method: 'POST', headers: { 'kyc-verify-session': mode } }, this.options.timeout(), signal),
      (body) => {
        this.#wanted = null;
        this.options.onSession(readSession(body));
      },
      (error) => {
        this.#wanted = null;
        this.options.onError(error);
      },
    );
  }
}
