/** What the fleet's provider reads say about the budget of one read per uuid per second. */
export interface ReadBudget {
  /** Reads within the measured seconds, over every uuid and second. */
  perUuidPerSecond: number;
  /** Reads over the whole run (transactions' creation and connection set-up included): what the next three are taken over. */
  reads: number;
  /** The most reads of one uuid in any one-second window (sliding). */
  mostInOneSecond: number;
  /** The shortest time between two reads of one uuid, in ms. */
  shortestGapMs: number;
  /** Reads sent less than a second after the uuid's previous read. */
  soonerThanOneSecond: number;
}

/**
 * `readTimes`: when each uuid was read (epoch ms, as sent), merged from every instance; the
 * measured seconds are `[from, to)`; `uuids` is how many transactions were polled.
 */
export function readBudget(readTimes: ReadonlyMap<string, readonly number[]>, uuids: number, from: number, to: number): ReadBudget {
  const budget = { reads: 0, mostInOneSecond: 0, shortestGapMs: Infinity, soonerThanOneSecond: 0 };
  let measured = 0;
  for (const unsorted of readTimes.values()) {
    const times = [...unsorted].sort((a, b) => a - b);
    budget.reads += times.length;
    measured += times.filter((time) => time >= from && time < to).length;
    // Two pointers: for each read, how many reads of this uuid fall within the second it starts.
    let end = 0;
    for (let start = 0; start < times.length; start++) {
      while (end < times.length && times[end]! < times[start]! + 1000) end++;
      budget.mostInOneSecond = Math.max(budget.mostInOneSecond, end - start);
      if (start === 0) continue;
      const gap = times[start]! - times[start - 1]!;
      budget.shortestGapMs = Math.min(budget.shortestGapMs, gap);
      if (gap < 1000) budget.soonerThanOneSecond++;
    }
  }
  return { ...budget, perUuidPerSecond: measured / uuids / ((to - from) / 1000) };
}
