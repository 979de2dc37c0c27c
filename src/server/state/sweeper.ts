import type { BackgroundWork, RequestContext } from './background.js';

/** One kind of work a sweep looks for in the store. */
export type Sweep = (context?: RequestContext) => Promise<void>;

/**
 * Looks for the kit's work in the store (results due for a retry or left by a dead process,
 * followed transactions due for a check): on a timer, and on requests for runtimes that freeze
 * between them. The timer keeps neither the process nor a dropped kit alive: it holds the sweeper
 * weakly and stops once the kit is gone.
 */
export class Sweeper {
  #last = -Infinity;
  /** Whether the last sweep failed: a store that is down is reported once, not every interval. */
  #failing = false;
  #stopped = false;
  readonly #timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly sweeps: readonly Sweep[],
    private readonly background: BackgroundWork,
    private readonly report: (error: unknown) => void,
    private readonly now: () => number,
    private readonly intervalMs: number,
  ) {
    if (intervalMs <= 0) return;
    const sweeper = new WeakRef(this);
    const timer = setInterval(() => {
      const alive = sweeper.deref();
      if (alive) alive.sweep();
      else clearInterval(timer);
    }, intervalMs);
    timer.unref?.();
    this.#timer = timer;
  }

  /** A request came: sweep if the last sweep is an interval old. */
  onRequest(context?: RequestContext): void {
    if (!this.#stopped && this.intervalMs > 0 && this.now() - this.#last >= this.intervalMs) this.sweep(context);
  }

  sweep(context?: RequestContext): void {
    this.#last = this.now();
    const swept = Promise.all(this.sweeps.map((sweep) => sweep(context))).then(
      () => void (this.#failing = false),
      (error: unknown) => {
        if (!this.#failing) this.report(error);
        this.#failing = true;
      },
    );
    this.background.track(swept, context);
  }

  /** No more sweeps, on the timer or on requests. */
  stop(): void {
    this.#stopped = true;
    clearInterval(this.#timer);
  }
}
