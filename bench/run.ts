/**
 * `npm run bench [-- size element layout-shift first-link reaction steps status-proxy sandbox fleet stream sessions flood handoff-guess install shutdown]`: runs the benchmarks (all, or
 * the ones named) and prints one markdown table. A full run is the record: bench/results.json, and
 * the same table written into bench/README.md; a partial run writes bench/out/results.json only.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { measureElement } from './element/element.js';
import { measureFirstLink } from './first-link/first-link.js';
import { measureFleet } from './fleet/fleet.js';
import { measureFlood } from './flood/flood.js';
import { measureHandoffGuess } from './handoff-guess/handoff-guess.js';
import { measureInstall } from './install/install.js';
import { measureLayoutShift } from './layout-shift/layout-shift.js';
import type { Figure } from './lib/figure.js';
import { mergedRecord, readRecord, RECORD_FILE, recorded, writeReadmeTable } from './lib/record.js';
import { repoRoot } from './lib/repo.js';
import { markdownTable } from './lib/table.js';
import { measureReaction } from './reaction/reaction.js';
import { measureSandbox } from './sandbox/sandbox.js';
import { measureSize } from './size/size.js';
import { measureStatusProxy } from './status-proxy/status-proxy.js';
import { measureSessions } from './sessions/sessions.js';
import { measureShutdown } from './shutdown/shutdown.js';
import { measureSteps } from './steps/steps.js';
import { measureStreams } from './stream/stream.js';

const BENCHMARKS: Record<string, () => Promise<Figure[]>> = {
  size: measureSize,
  element: measureElement,
  'layout-shift': measureLayoutShift,
  'first-link': measureFirstLink,
  reaction: measureReaction,
  steps: measureSteps,
  'status-proxy': measureStatusProxy,
  sandbox: measureSandbox,
  fleet: measureFleet,
  stream: measureStreams,
  sessions: measureSessions,
  flood: measureFlood,
  'handoff-guess': measureHandoffGuess,
  install: measureInstall,
  shutdown: measureShutdown,
};

const args = process.argv.slice(2);
/** A partial run with `--record` replaces its figures in the record (each keeps its own date and commit). */
const merge = args.includes('--record');
const names = args.filter((arg) => arg !== '--record');
const fullRun = names.length === 0;
const unknown = names.filter((name) => !(name in BENCHMARKS));
if (unknown.length > 0) {
  console.error(`unknown benchmark ${unknown.join(', ')}; choose from ${Object.keys(BENCHMARKS).join(', ')}`);
  process.exit(2);
}

const started = Date.now();
const figures: Figure[] = [];
for (const name of fullRun ? Object.keys(BENCHMARKS) : names) {
  console.error(`bench: ${name}…`);
  const benchStarted = Date.now();
  figures.push(...(await BENCHMARKS[name]!()));
  console.error(`bench: ${name} took ${((Date.now() - benchStarted) / 1000).toFixed(1)} s`);
}

const date = new Date().toISOString();
const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
const measured = recorded(figures, date, commit);
const results = merge && !fullRun ? mergedRecord(await readRecord(), measured) : measured;
const resultsFile = fullRun || merge ? RECORD_FILE : join(repoRoot, 'bench/out/results.json');
await mkdir(join(resultsFile, '..'), { recursive: true });
await writeFile(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
if (fullRun || merge) await writeReadmeTable(results);

console.log(markdownTable(results));
console.error(
  `bench: done in ${((Date.now() - started) / 1000).toFixed(1)} s; results in ${resultsFile}${fullRun || merge ? ', table in bench/README.md' : ''}`,
);
