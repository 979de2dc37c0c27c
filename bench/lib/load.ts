import { createInterface } from 'node:readline';
import { spawnTsx } from './repo.js';

export interface LoadOptions {
  url: string;
  /** Concurrent keep-alive connections, each sending its next request as soon as the last is answered. */
  connections: number;
  durationSeconds: number;
  /** Requests go to these paths in turn, round-robin over all connections. */
  paths: string[];
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Request body; each `[<id>]` in it becomes a fresh uuid per request, each `[<code>]` a fresh typed code (docs/handoff.md). */
  body?: string;
}

export interface LoadResult {
  /** Answers with a 2xx status. */
  ok: number;
  /** Answers with another status, by status; 0 counts connection errors and timeouts (30 s). */
  failed: Record<string, number>;
  durationSeconds: number;
  /** 2xx answers per second over the measured seconds. */
  okPerSecond: number;
  /** Latency of every answer, failures included, in ms. */
  latency: { p50: number; p95: number; p99: number };
}

/**
 * Runs the load in its own process (load-process.ts), so the load generator does not share the
 * event loop it measures. `onMeasuring` is called when the measured seconds begin.
 */
export async function generateLoad(options: LoadOptions, onMeasuring?: () => void): Promise<LoadResult> {
  const child = spawnTsx('bench/lib/load-process.ts', [JSON.stringify(options)]);
  let result = '';
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line === 'measuring') onMeasuring?.();
    else result += line;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    // 'close', not 'exit': the output may still be on its way when the process exits.
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`the load generator exited with ${code}`);
  return JSON.parse(result) as LoadResult;
}

/** All failed requests of a run. */
export const failures = (result: LoadResult) => Object.values(result.failed).reduce((sum, count) => sum + count, 0);

/** Says on stderr which statuses failed, if any (0: connection error or timeout). */
export function reportFailures(what: string, result: LoadResult): void {
  if (failures(result) > 0) console.error(`bench: ${what}: failed requests by status ${JSON.stringify(result.failed)}`);
}
