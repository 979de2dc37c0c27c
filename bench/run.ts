/**
 * `npm run bench [-- size element reaction status-proxy sandbox]`: runs the benchmarks (all, or
 * the ones named), prints one markdown table and writes the results as JSON: bench/results.json
 * for a full run (the record the README quotes), bench/out/results.json for a partial one.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { measureElement } from './element/element.js';
import type { Figure } from './lib/figure.js';
import { measureReaction } from './reaction/reaction.js';
import { repoRoot } from './lib/repo.js';
import { measureSandbox } from './sandbox/sandbox.js';
import { measureSize } from './size/size.js';
import { measureStatusProxy } from './status-proxy/status-proxy.js';
import { markdownTable } from './lib/table.js';

const BENCHMARKS: Record<string, () => Promise<Figure[]>> = {
  size: measureSize,
  element: measureElement,
  reaction: measureReaction,
  'status-proxy': measureStatusProxy,
  sandbox: measureSandbox,
};

const names = process.argv.slice(2);
const unknown = names.filter((name) => !(name in BENCHMARKS));
if (unknown.length > 0) {
  console.error(`unknown benchmark ${unknown.join(', ')}; choose from ${Object.keys(BENCHMARKS).join(', ')}`);
  process.exit(2);
}

const started = Date.now();
const figures: Figure[] = [];
for (const name of names.length > 0 ? names : Object.keys(BENCHMARKS)) {
  console.error(`bench: ${name}…`);
  const benchStarted = Date.now();
  figures.push(...(await BENCHMARKS[name]!()));
  console.error(`bench: ${name} took ${((Date.now() - benchStarted) / 1000).toFixed(1)} s`);
}

const date = new Date().toISOString();
const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
const rounded = (value: number) => Math.round(value * 1000) / 1000;
const results = figures.map((f) => ({ ...f, median: rounded(f.median), ...(f.p95 === undefined ? {} : { p95: rounded(f.p95) }), date, commit }));
const resultsFile = join(repoRoot, names.length > 0 ? 'bench/out/results.json' : 'bench/results.json');
await mkdir(join(resultsFile, '..'), { recursive: true });
await writeFile(resultsFile, `${JSON.stringify(results, null, 2)}\n`);

console.log(markdownTable(figures));
console.error(`bench: done in ${((Date.now() - started) / 1000).toFixed(1)} s; results in ${resultsFile}`);
