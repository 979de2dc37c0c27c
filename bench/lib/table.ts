import type { Figure } from './figure.js';

/** Whole numbers from 100 up (with thousands separators), two significant decimals below. */
function formatNumber(value: number): string {
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString('en-US');
  return Number(value.toPrecision(3)).toString();
}

/** The figures as one markdown table: figure | unit | median | p95 | runs. */
export function markdownTable(figures: readonly Figure[]): string {
  const rows = figures.map(
    (f) =>
      `| ${f.figure} | ${f.unit} | ${formatNumber(f.median)} | ${f.p95 === undefined ? '–' : formatNumber(f.p95)} | ${f.runs.toLocaleString('en-US')} |`,
  );
  return ['| figure | unit | median | p95 | runs |', '|---|---|---:|---:|---:|', ...rows].join('\n');
}
