/**
 * The load generator's own process: runs the load load.ts asks for and prints a LoadResult as JSON.
 * Every connection first gets one answer (warm-up, not measured), so that the measured seconds do
 * not include a busy server accepting 1,000 new connections, which takes it seconds; then each
 * connection sends its next request as soon as the last is answered.
 */
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import type { LoadOptions, LoadResult } from './load.js';
import { percentile } from './stats.js';

const TIMEOUT_MS = 10_000;

const options = JSON.parse(process.argv[2]!) as LoadOptions;
const target = new URL(options.url);
// maxFreeSockets too: by default the agent closes sockets beyond 256 idle ones, and every new
// connection then waits seconds in a busy server's accept queue.
const agent = new Agent({ keepAlive: true, maxSockets: options.connections, maxFreeSockets: options.connections });
let next = 0;

/** One request on a kept-alive socket: its status (0 for an error or a timeout) and latency in ms. */
function send(): Promise<{ status: number; ms: number }> {
  const path = options.paths[next++ % options.paths.length]!;
  const body = options.body?.replaceAll('[<id>]', randomUUID());
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (status: number) => resolve({ status, ms: performance.now() - started });
    const outgoing = request(
      { agent, host: target.hostname, port: target.port, path, method: options.method ?? 'GET', headers: options.headers, timeout: TIMEOUT_MS },
      (incoming) => incoming.resume().on('end', () => done(incoming.statusCode ?? 0)),
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')));
    outgoing.on('error', () => done(0));
    outgoing.end(body);
  });
}

await Promise.all(Array.from({ length: options.connections }, send));
// Tells load.ts that the measured seconds begin (for counts it keeps, such as provider reads).
process.stdout.write('measuring\n');

const latencies: number[] = [];
let ok = 0;
const failed: Record<string, number> = {};
const started = performance.now();
const deadline = started + options.durationSeconds * 1000;
await Promise.all(
  Array.from({ length: options.connections }, async () => {
    while (performance.now() < deadline) {
      const answer = await send();
      latencies.push(answer.ms);
      if (answer.status >= 200 && answer.status < 300) ok++;
      else failed[answer.status] = (failed[answer.status] ?? 0) + 1;
    }
  }),
);
const durationSeconds = (performance.now() - started) / 1000;
agent.destroy();

const result: LoadResult = {
  ok,
  failed,
  durationSeconds,
  okPerSecond: ok / durationSeconds,
  latency: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) },
};
process.stdout.write(JSON.stringify(result));
