/**
 * The load generator's own process (so that it does not share the event loop it measures): runs
 * autocannon with the load load.ts asks for and prints a LoadResult as JSON. Each request goes to
 * the next of `paths`, round-robin over all connections; every answer's latency is kept, for exact
 * percentiles.
 */
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { newCode } from '../../src/server/handoff/codes.js';
import type { LoadOptions, LoadResult } from './load.js';
import { percentile } from './stats.js';

// A busy server takes seconds to accept 1,000 new connections: their first answers wait, they do not fail.
const TIMEOUT_SECONDS = 30;

const options = JSON.parse(process.argv[2]!) as LoadOptions;
let next = 0;
const latencies: number[] = [];

// Tells load.ts that the measured seconds begin (for counts it keeps, such as provider reads).
process.stdout.write('measuring\n');
const result = await new Promise<autocannon.Result>((resolve, reject) => {
  const run = autocannon(
    {
      url: options.url,
      connections: options.connections,
      duration: options.durationSeconds,
      timeout: TIMEOUT_SECONDS,
      method: options.method ?? 'GET',
      headers: options.headers,
      // A fresh uuid for each [<id>] here (autocannon's own idReplacement sends nothing when combined with `requests`), a fresh typed code for each [<code>].
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            path: options.paths[next++ % options.paths.length]!,
            body: options.body?.replaceAll('[<id>]', randomUUID()).replaceAll('[<code>]', newCode()),
          }),
        },
      ],
    },
    (error, finished) => (error ? reject(error) : resolve(finished)),
  );
  run.on('response', (_client, _status, _bytes, milliseconds: number) => latencies.push(milliseconds));
});

const failed: Record<string, number> = {};
let ok = 0;
for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {})) {
  if (status.startsWith('2')) ok += Number(count);
  else failed[status] = Number(count);
}
if (result.errors) failed['0'] = result.errors;

const loadResult: LoadResult = {
  ok,
  failed,
  durationSeconds: result.duration,
  okPerSecond: ok / result.duration,
  latency: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) },
};
process.stdout.write(JSON.stringify(loadResult));
