import type { ReactiveController, ReactiveElement } from 'lit';
import type { TerminalState } from '../shared/transaction-state.js';
import { TERMINAL_EVENTS, type KycStatusDetail } from './events.js';
import { keepFocus } from './kyc-verify.view.js';

/**
 * How a transaction ends: its terminal event, once per transaction, and after a success Continue,
 * enabled only once a delay has passed (spec §6.7's debounce) while the result is recorded. A
 * removal stops that wait; the next connection waits afresh.
 */
export class Ending implements ReactiveController {
  continueReady = false;
  /** Transactions whose terminal event has fired. */
  readonly #ended = new Set<string>();
  /** A success was seen: Continue is coming. */
  #awaited = false;
  #timer?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly host: ReactiveElement,
    private readonly continueDelayMs: () => number,
  ) {
    host.addController(this);
  }

  /** Fires the terminal event of `detail`'s transaction, which ended in `state`, unless it has fired already. */
  end(state: TerminalState, detail: KycStatusDetail): void {
    // A success followed again (after start() or a return to its uuid) still leads to Continue,
    // without a second event. State first, the event last: a listener may start again from inside it.
    if (state === 'successful' && !this.#awaited) {
      this.#awaited = true;
      this.#wait();
    }
    if (this.#ended.has(detail.uuid)) return;
    this.#ended.add(detail.uuid);
    keepFocus(this.host);
    this.host.dispatchEvent(new TERMINAL_EVENTS[state](detail));
  }

  /** No Continue, and none coming. */
  reset(): void {
    this.#awaited = false;
    this.#setReady(false);
  }

  hostConnected(): void {
    if (this.#awaited && !this.continueReady) this.#wait();
  }

  hostDisconnected(): void {
    clearTimeout(this.#timer);
  }

  #wait(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#setReady(true), this.continueDelayMs());
  }

  #setReady(ready: boolean): void {
    clearTimeout(this.#timer);
    this.continueReady = ready;
    this.host.requestUpdate();
  }
}
