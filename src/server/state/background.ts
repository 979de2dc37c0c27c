/**
 * The second argument of every handler: what the mount knows of the request beyond the Fetch
 * `Request`. The kit reads only `waitUntil`, what a runtime that stops at the answer offers to keep
 * work alive after it (`ctx.waitUntil` on Workers and Vercel); the whole object is handed to
 * `owner`, `buildRequest`, `sessions.key` and `sendLink`, so that they read what the host's framework
 * established (`toNodeHandler` passes `{ req, res }`: docs/kit.md).
 */
export interface RequestContext {
  waitUntil?(work: Promise<unknown>): void;
}

/** The kit's work after the answer: errors reported, never unhandled; each piece handed to the request's `waitUntil`. */
export class BackgroundWork {
  readonly #running = new Set<Promise<unknown>>();
  /** The waits of `later` under way, each ended at once by `stop`. */
  readonly #waits = new Set<() => void>();
  #stopped = false;

  constructor(private readonly report: (error: unknown) => void) {}

  track(work: Promise<unknown>, context?: RequestContext): void {
    const tracked = work.catch(this.report);
    this.#running.add(tracked);
    void tracked.finally(() => this.#running.delete(tracked));
    context?.waitUntil?.(tracked);
  }

  /** Runs `task` in `ms`, as tracked work; the timer does not keep the process alive. Never once stopped. */
  later(ms: number, task: () => Promise<unknown>, context?: RequestContext): void {
    if (this.#stopped) return;
    const waited = new Promise<boolean>((resolve) => {
      const end = (due: boolean) => {
        clearTimeout(timer);
        this.#waits.delete(cancel);
        resolve(due);
      };
      const cancel = () => end(false);
      const timer = setTimeout(() => end(true), ms);
      timer.unref?.();
      this.#waits.add(cancel);
    });
    this.track(
      waited.then((due) => due && task()),
      context,
    );
  }

  /** Drops the waits of `later` (what they would run is in the store, for the fleet to take up) and schedules none from now on. */
  stop(): void {
    this.#stopped = true;
    for (const cancel of [...this.#waits]) cancel();
  }

  /** Stops waiting for the work tracked so far (it runs on, its errors still reported): `idle` then waits only for work tracked later. */
  forget(): void {
    this.#running.clear();
  }

  /** Resolves when all work tracked so far, and the work it started, has settled. */
  async idle(): Promise<void> {
    while (this.#running.size) await Promise.allSettled([...this.#running]);
  }
}
