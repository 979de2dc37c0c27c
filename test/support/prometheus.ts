/**
 * A Prometheus of the tests' own (Debian's `/usr/bin/prometheus`, or `PROMETHEUS`): a child process
 * on a free loopback port with a temporary config and storage, scraping the targets it is given
 * every second, stopped by its pid. Its HTTP API answers PromQL as it would on an operator's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { freePort } from './redis-server.js';

const binary = process.env.PROMETHEUS ?? '/usr/bin/prometheus';

/** One series of an instant query's answer: its labels and value. */
export interface Sample {
  metric: Record<string, string>;
  value: number;
}

export interface Prometheus {
  url: string;
  /** An instant query's answer (a vector); a scalar answers one sample without labels. */
  query(promql: string): Promise<Sample[]>;
  /** Resolves once every target has been scraped, up, after this moment: what it scrapes next holds everything done before. */
  scrapedAfter(at?: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startPrometheus(targets: string[], { rules = [] as string[] } = {}): Promise<Prometheus> {
  const directory = await mkdtemp(join(tmpdir(), 'kyc-verify-prometheus-'));
  const config = join(directory, 'prometheus.yml');
  const hosts = targets.map((target) => new URL(target).host);
  await writeFile(
    config,
    JSON.stringify({
      global: { scrape_interval: '1s', evaluation_interval: '1s' },
      rule_files: rules,
      scrape_configs: [{ job_name: 'kyc-verify', static_configs: [{ targets: hosts }] }],
    }),
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    binary,
    [`--config.file=${config}`, `--storage.tsdb.path=${join(directory, 'data')}`, `--web.listen-address=127.0.0.1:${port}`],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      process.kill(child.pid!, 'SIGTERM');
      await exited;
    }
    await rm(directory, { recursive: true, force: true });
  };
  const api = async <T>(path: string): Promise<T> => {
    const answer = (await (await fetch(`${url}${path}`)).json()) as { status: string; data: T; error?: string };
    if (answer.status !== 'success') throw new Error(`prometheus ${path}: ${answer.error}`);
    return answer.data;
  };
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`prometheus exited with ${child.exitCode}: ${output}`);
    if (waited > 20_000) {
      await stop();
      throw new Error(`prometheus not ready within 20 s: ${output}`);
    }
    const ready = await fetch(`${url}/-/ready`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) break;
    await delay(100);
  }
  return {
    url,
    async query(promql) {
      const data = await api<{ resultType: string; result: unknown }>(`/api/v1/query?query=${encodeURIComponent(promql)}`);
      if (data.resultType === 'scalar') return [{ metric: {}, value: Number((data.result as [number, string])[1]) }];
      return (data.result as { metric: Record<string, string>; value: [number, string] }[]).map(({ metric, value }) => ({
        metric,
        value: Number(value[1]),
      }));
    },
    async scrapedAfter(at = Date.now()) {
      for (let waited = 0; waited < 30_000; waited += 200) {
        const { activeTargets } = await api<{ activeTargets: { health: string; lastScrape: string }[] }>('/api/v1/targets');
        if (activeTargets.length === hosts.length && activeTargets.every((t) => t.health === 'up' && Date.parse(t.lastScrape) > at)) return;
        await delay(200);
      }
      throw new Error('prometheus did not scrape every target, up, within 30 s');
    },
    stop,
  };
}
