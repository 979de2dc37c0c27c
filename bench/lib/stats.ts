import type { Figure } from './figure.js';

/** The p-th percentile (0–100) of `samples`, interpolated linearly between the two nearest ranks. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new Error('no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}

/** A sampled figure: median and p95 of `samples`. */
export function sampled(figure: string, unit: string, samples: readonly number[]): Figure {
  return { figure, unit, median: percentile(samples, 50), p95: percentile(samples, 95), runs: samples.length };
}
