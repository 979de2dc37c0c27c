import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Seconds left until a deadline, ticking once a second on the second while the host is
 * connected; calls `onZero` once when a deadline is reached.
 */
export class Countdown implements ReactiveController {
  /** Whole seconds left, or `null` without a deadline. */
  remaining: number | null = null;
  #deadline: number | null = null;
  #timer?: ReturnType<typeof setTimeout>;
  #connected = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly onZero: () => void,
  ) {
    host.addController(this);
  }

  /** Counts down to `deadline` (epoch milliseconds), or stops with `null`. */
  set deadline(deadline: number | null) {
    if (deadline !== null && !Number.isFinite(deadline)) deadline = null;
    if (deadline === this.#deadline) return;
    this.#deadline = deadline;
    if (this.#connected) this.#tick();
  }

  hostConnected(): void {
    this.#connected = true;
    this.#tick();
  }

  hostDisconnected(): void {
    this.#connected = false;
    clearTimeout(this.#timer);
  }

  #tick = (): void => {
    clearTimeout(this.#timer);
    const before = this.remaining;
    const left = this.#deadline === null ? null : this.#deadline - Date.now();
    this.remaining = left === null ? null : Math.max(0, Math.ceil(left / 1000));
    if (this.remaining !== before) this.host.requestUpdate();
    if (left === null) return;
    if (left > 0) this.#timer = setTimeout(this.#tick, left % 1000 || 1000);
    else if (before !== 0) this.onZero();
  };
}
