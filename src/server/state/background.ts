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

  constructor(private readonly report: (error: unknown) => void) {}

  track(work: Promise<unknown>, context?: RequestContext): void {
    const tracked = work.catch(this.report);
    this.#running.add(tracked);
    void tracked.finally(() => this.#running.delete(tracked));
    context?.waitUntil?.(tracked);
  }

  /** Runs `task` in `ms`, as tracked work; the timer does not keep the process alive. */
  later(ms: number, task: () => Promise<unknown>, context?: RequestContext): void {
    this.track(new Promise((resolve) => setTimeout(resolve, ms).unref?.()).then(task), context);
  }

  /** Resolves when all work tracked so far, and the work it started, has settled. */
  async idle(): Promise<void> {
    while (this.#running.size) await Promise.allSettled([...this.#running]);
  }
}
