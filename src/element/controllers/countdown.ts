import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { TransactionStatus } from '../../shared/transaction-state.js';

/** What a status says about the time left: the link's expiry, the capture step's timeout and the server's clock. */
export type Deadlines = Partial<Pick<TransactionStatus, 'expires_at' | 'step_expires_at' | 'server_time'>>;

/** When the verification ends, on the server's clock: the sooner of the link's expiry and the capture step's timeout; Infinity without either. */
export const deadlineOf = (status: Deadlines | null): number =>
  Math.min(...[status?.expires_at, status?.step_expires_at].map((at) => Date.parse(at ?? '') || Infinity));

/** Whole seconds left when `left` ms remain, or `null` without a deadline (Infinity). */
export const secondsOf = (left: number): number | null => (left < Infinity ? Math.max(0, Math.ceil(left / 1000)) : null);

/** The times left, in seconds, that are announced: each once as the time falls to it (and again after the time rose past it). */
const ANNOUNCED_AT = [30, 60, 120];

/**
 * Seconds left before the verification ends (the sooner of the link's expiry and the capture
 * step's timeout), on the server's clock, ticking once a second on the second while the host is
 * connected; calls `onZero` once when the end is reached.
 */
export class Countdown implements ReactiveController {
  /** Whole seconds left, or `null` without a deadline. */
  remaining: number | null = null;
  /**
   * What to announce: the seconds left when they last fell to one of ANNOUNCED_AT (or rose to a
   * higher one: a step's new timer), `null` above them all; unchanged until the next such moment.
   */
  announced: number | null = null;
  #announcedAt?: number;
  /** On the server's clock; Infinity without one. */
  #deadline = Infinity;
  /**
   * How far the server's clock is ahead of the browser's: the most any answer showed, since an
   * answer's `server_time` can only be behind the server's clock when it arrives (a revalidated
   * cached answer is older still). The browser's clock alone without any.
   */
  #skew: number | undefined;
  #timer?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly host: ReactiveControllerHost & Element,
    private readonly onZero: () => void,
  ) {
    host.addController(this);
  }

  /** Counts down to what `status` says ends the verification, or stops (and forgets the server's clock) with `null`. */
  follow(status: Deadlines | null): void {
    const skew = Date.parse(status?.server_time ?? '') - Date.now();
    if (!status) this.#skew = undefined;
    else if (skew > (this.#skew ?? -Infinity)) this.#skew = skew;
    this.#deadline = deadlineOf(status);
    if (this.host.isConnected) this.#tick();
  }

  hostConnected(): void {
    this.#tick();
  }

  hostDisconnected(): void {
    clearTimeout(this.#timer);
  }

  #tick = (): void => {
    clearTimeout(this.#timer);
    const before = this.remaining;
    const left = this.#deadline - Date.now() - (this.#skew ?? 0);
    this.remaining = secondsOf(left);
    const at = ANNOUNCED_AT.find((seconds) => this.remaining !== null && this.remaining <= seconds);
    if (at !== this.#announcedAt) {
      this.#announcedAt = at;
      this.announced = at ? this.remaining : null;
    }
    if (this.remaining !== before) this.host.requestUpdate();
    if (left > 0 && left < Infinity) this.#timer = setTimeout(this.#tick, left % 1000 || 1000);
    else if (left <= 0 && before !== 0) this.onZero();
  };
}
