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
  /** Request body; each `[<id>]` in it becomes a fresh uuid per request. */
  body?: string;
}

export interface LoadResult {
  /** Answers with a 2xx status. */
  ok: number;
  /** Answers with another status, connection errors and timeouts (10 s). */
  failed: number;
  durationSeconds: number;
  /** 2xx answers per second over the whole run. */
  okPerSecond: number;
  /** Latency of every answer, in ms. */
  latency: { p50: number; p95: number; p99: number };
}

/** Runs autocannon in its own process (load-process.ts), so the load generator does not share the event loop it measures. */
export async function generateLoad(options: LoadOptions): Promise<LoadResult> {
  const child = spawnTsx('bench/load-process.ts', [JSON.stringify(options)]);
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`the load generator exited with ${code}`);
  return JSON.parse(output) as LoadResult;
}
