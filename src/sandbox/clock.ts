/**
 * The sandbox's clock: real time plus an offset that `POST /sandbox/clock` moves forward, so
 * tests can reach expiries and token lifetimes without sleeping.
 */
export class SandboxClock {
  #offsetMs = 0;

  /** Current sandbox time in epoch milliseconds. */
  now(): number {
    return Date.now() + this.#offsetMs;
  }

  /** Current sandbox time as an ISO 8601 date-time. */
  iso(): string {
    return new Date(this.now()).toISOString();
  }

  get offsetSeconds(): number {
    return this.#offsetMs / 1000;
  }

  advance(seconds: number): void {
    this.#offsetMs += seconds * 1000;
  }
}
