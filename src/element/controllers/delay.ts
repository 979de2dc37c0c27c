import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * One wait that runs while the host is connected: a removal stops it, and the next connection
 * waits afresh, for as long again. `onDone` is called once the wait has passed.
 */
export class Delay implements ReactiveController {
  #ms: number | null = null;
  #timer?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly host: ReactiveControllerHost & Element,
    private readonly onDone: () => void,
  ) {
    host.addController(this);
  }

  /** Waits `ms` from now, in place of any wait under way; `null` stops waiting. */
  wait(ms: number | null): void {
    this.#ms = ms;
    this.hostConnected();
  }

  hostConnected(): void {
    clearTimeout(this.#timer);
    if (this.#ms !== null && this.host.isConnected) {
      // A timer holds at most 2^31 - 1 ms (24.8 days); a longer wait (a backend's huge Retry-After) would wrap around.
      this.#timer = setTimeout(
        () => {
          this.#ms = null;
          this.onDone();
        },
        Math.min(this.#ms, 2 ** 31 - 1),
      );
    }
  }

  hostDisconnected(): void {
    clearTimeout(this.#timer);
  }
}
