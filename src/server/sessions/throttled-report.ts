/** Session POSTs the kit refused for one reason, reported together (at most one report per interval). */
export class KycSessionRefusedError extends Error {
  override readonly name = 'KycSessionRefusedError';

  constructor(
    readonly reason: 'forbidden' | 'store_full',
    /** Refusals since the previous report, this one included. */
    readonly count: number,
    /** What the last of them was. */
    readonly detail: string,
  ) {
    super(`${count} session request(s) refused (${reason}); the last: ${detail}`);
  }
}

/** How often refusals of one reason reach onError: a flood must not flood the logs too. */
const REPORT_INTERVAL_MS = 60_000;

/**
 * A reporter of refusals of `reason`: the first at once, then at most one report per interval
 * carrying how many were refused since the previous one. No timer: a count is reported with the
 * next refusal after the interval.
 */
export function throttledReport(report: (error: unknown) => void, reason: KycSessionRefusedError['reason'], now: () => number) {
  let lastReportAt = -Infinity;
  let unreported = 0;
  return (detail: string): void => {
    unreported++;
    if (now() - lastReportAt < REPORT_INTERVAL_MS) return;
    report(new KycSessionRefusedError(reason, unreported, detail));
    lastReportAt = now();
    unreported = 0;
  };
}
