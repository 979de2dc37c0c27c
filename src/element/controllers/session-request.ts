import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { MachineEvent } from '../machine/machine.js';
import { LatestRequest } from './latest-request.js';
import { readSession } from './read-session.js';
import { requestJson } from './request.js';

/**
 * What the session POST asks for, in its `kyc-verify-session` header: `resume` the transaction
 * the backend has for this user (or a new one when there is none), or a `new` one.
 */
export type SessionMode = 'resume' | 'new';

export interface SessionRequestOptions {
  /** Where to POST for a transaction. */
  url(): string;
  /** Milliseconds the request may take. */
  timeout(): number;
  /** Gets `session` with the answer, or `session-failed`: every failure is final, the page decides whether to try again. */
  send(event: MachineEvent): void;
}

/**
 * The POST to the backend's session URL that creates or resumes a transaction, sent while the host
 * is connected. A removal cancels the request under way and the next connection sends it again; a
 * move (removed and appended in one task) keeps it, since aborting it would make the backend create
 * a second transaction.
 */
export class SessionRequest implements ReactiveController {
  /** The session asked for and not answered yet. */
  #wanted: SessionMode | null = null;
  readonly #request = new LatestRequest();

  constructor(
    private readonly host: ReactiveControllerHost & Element,
    private readonly options: SessionRequestOptions,
  ) {
    host.addController(this);
  }

  /** Asks for a session, in place of any asked for before. */
  create(mode: SessionMode): void {
    this.cancel();
    this.#wanted = mode;
    this.hostConnected();
  }

  /** Forgets the session asked for: its answer is not acted on. */
  cancel(): void {
    this.#wanted = null;
    this.#request.cancel();
  }

  hostConnected(): void {
    const mode = this.#wanted;
    if (mode && this.host.isConnected && !this.#request.underWay) void this.#send(mode);
  }

  hostDisconnected(): void {
    queueMicrotask(() => this.host.isConnected || this.#request.cancel());
  }

  #send(mode: SessionMode): Promise<boolean> {
    const url = this.options.url();
    return this.#request.run(
      (signal) => requestJson(url, { method: 'POST', headers: { 'kyc-verify-session': mode } }, this.options.timeout(), signal),
      (body) => {
        this.#wanted = null;
        this.options.send({ type: 'session', answer: readSession(body, new URL(url, document.baseURI)) });
      },
      (error) => {
        this.#wanted = null;
        this.options.send({ type: 'session-failed', error });
      },
    );
  }
}
