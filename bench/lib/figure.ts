/** One measured figure: a row of the table and an entry of results.json. */
export interface Figure {
  figure: string;
  unit: string;
  /** The median of the runs; for a figure measured once (a size, a count, a rate over a whole run), that value. */
  median: number;
  /** Only where a distribution was sampled. */
  p95?: number;
  runs: number;
}
