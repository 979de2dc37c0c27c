/**
 * The record of the last full run: bench/results.json, and the table bench/README.md shows, made
 * from it so that the two never disagree.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import type { Figure } from './figure.js';
import { repoRoot } from './repo.js';
import { markdownTable } from './table.js';

/** One entry of results.json: a figure, with when and on which commit it was measured. */
export interface RecordedFigure extends Figure {
  date: string;
  commit: string;
}

export const RECORD_FILE = join(repoRoot, 'bench/results.json');
const README_FILE = join(repoRoot, 'bench/README.md');
const TABLE_START = '<!-- results-table:start -->';
const TABLE_END = '<!-- results-table:end -->';

const rounded = (value: number) => Math.round(value * 1000) / 1000;

/** The figures as results.json keeps them: rounded to thousandths, stamped with date and commit. */
export function recorded(figures: readonly Figure[], date: string, commit: string): RecordedFigure[] {
  return figures.map((f) => ({ ...f, median: rounded(f.median), ...(f.p95 === undefined ? {} : { p95: rounded(f.p95) }), date, commit }));
}

export async function readRecord(): Promise<RecordedFigure[]> {
  return JSON.parse(await readFile(RECORD_FILE, 'utf8')) as RecordedFigure[];
}

/** `record` with `measured` in place of its figures of the same name, and after them those it lacked. */
export function mergedRecord(record: readonly RecordedFigure[], measured: readonly RecordedFigure[]): RecordedFigure[] {
  const byName = new Map(measured.map((figure) => [figure.figure, figure]));
  const merged = record.map((figure) => byName.get(figure.figure) ?? figure);
  return [...merged, ...measured.filter((figure) => !record.some((kept) => kept.figure === figure.figure))];
}

/** A row measured by another run than the table's first says which, after its name. */
const stamped = (record: readonly RecordedFigure[]): RecordedFigure[] =>
  record.map((figure) =>
    figure.commit === record[0]!.commit
      ? figure
      : { ...figure, figure: `${figure.figure} (${figure.date.slice(0, 10)}, \`${figure.commit.slice(0, 7)}\`)` },
  );

/** Replaces what stands between the table markers of bench/README.md with the table of `record`. */
export async function writeReadmeTable(record: readonly RecordedFigure[]): Promise<void> {
  const readme = await readFile(README_FILE, 'utf8');
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start === -1 || end < start) throw new Error(`bench/README.md lacks the markers ${TABLE_START} and ${TABLE_END}`);
  const { date, commit } = record[0]!;
  // Laid out as Prettier lays out the whole file, so that a run leaves a formatted README formatted.
  const laidOut = await format(markdownTable(stamped(record)), { ...(await resolveConfig(README_FILE)), parser: 'markdown' });
  const block = [
    TABLE_START,
    '<!-- Written by `npm run bench` (or `npm run bench:table`) from bench/results.json: do not edit by hand. -->',
    '',
    `Measured ${date.slice(0, 10)}, commit \`${commit.slice(0, 7)}\`${record.some((f) => f.commit !== commit) ? ', except the rows that name their own run' : ''}:`,
    '',
    laidOut.trimEnd(),
    '',
    TABLE_END,
  ].join('\n');
  await writeFile(README_FILE, readme.slice(0, start) + block + readme.slice(end + TABLE_END.length));
}
