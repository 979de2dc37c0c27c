/** The largest time a Date holds (ECMAScript: 8.64e15 ms after the epoch, +275760-09-13). */
export const LATEST_TIME_MS = 8.64e15;

/**
 * The sandbox's clock: real time plus an offset that `POST /sandbox/clock` moves forward, so
 * tests can reach expiries and token lifetimes without sleeping. It stops at the largest date
 * rather than run past what a date can hold.
 */
export class SandboxClock {
  #offsetMs = 0;

  /** Current sandbox time in epoch milliseconds. */
  now(): number {
    return Math.min(Date.now() + this.#offsetMs, LATEST_TIME_MS);
  }

  /** Current sandbox time as an ISO 8601 date-time. */
  iso(): string {
    return new Date(this.now()).toISOString();
  }

  get offsetSeconds(): number {
    return this.#offsetMs / 1000;
  }

  /** Seconds the clock can still move forward before the largest date. */
  get secondsLeft(): number {
    return Math.floor((LATEST_TIME_MS - this.now()) / 1000);
  }

  /** Moves the clock forward; false, and no move, when that would pass the largest date. */
  advance(seconds: number): boolean {
    if (seconds > this.secondsLeft) return false;
    this.#offsetMs += seconds * 1000;
    return true;
  }
}
