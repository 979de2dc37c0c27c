/** The load generator's own process: runs autocannon as load.ts asks and prints a LoadResult as JSON. */
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import type { LoadOptions, LoadResult } from './load.js';
import { percentile } from './stats.js';

const options = JSON.parse(process.argv[2]!) as LoadOptions;
const latencies: number[] = [];
let next = 0;

const result = await new Promise<autocannon.Result>((resolve, reject) => {
  const instance = autocannon(
    {
      url: options.url,
      connections: options.connections,
      duration: options.durationSeconds,
      method: options.method ?? 'GET',
      headers: options.headers ?? {},
      // One global round-robin: every path gets the same share of the load whatever each connection's pace.
      requests: [{ setupRequest: (request) => ({ ...request, path: options.paths[next++ % options.paths.length]!, body: options.body?.replaceAll('[<id>]', randomUUID()) }) }],
    },
    (error, finished) => (error ? reject(error) : resolve(finished)),
  );
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
});
if (process.env.BENCH_DEBUG) console.error(result);

const answer: LoadResult = {
  ok: result['2xx'],
  // autocannon counts a timeout among the errors too.
  failed: result.non2xx + result.errors,
  durationSeconds: result.duration,
  okPerSecond: result['2xx'] / result.duration,
  latency: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) },
};
process.stdout.write(JSON.stringify(answer));
