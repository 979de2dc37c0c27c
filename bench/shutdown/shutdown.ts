/**
 * Shutdown: how long an instance built and stopped as docs/fleet.md shows ("Stopping an instance")
 * takes from SIGTERM to its exit with 1,000 status streams open on it (each ends with a hint to
 * reconnect): the figure the docs give as the bound's usual case. Five runs, each a fresh instance
 * on one Redis, with the sandbox in its own process.
 */
import { once } from 'node:events';
import { documentedModules, startDocumentedInstance } from '../../test/fleet/documented.js';
import { collectReports } from '../../test/fleet/harness.js';
import { openRawStreams } from '../../test/support/raw-stream.js';
import { startRedisServer } from '../../test/support/redis-server.js';
import type { Figure } from '../lib/figure.js';
import { startSandboxProcess } from '../lib/sandbox-process.js';
import { sampled } from '../lib/stats.js';

const RUNS = 5;
const STREAMS = 1000;

export async function measureShutdown(): Promise<Figure[]> {
  const [redis, sandbox, reports] = await Promise.all([startRedisServer(), startSandboxProcess(), collectReports()]);
  try {
    const common = {
      ...(await documentedModules()),
      KYC_URL: sandbox.url,
      REDIS_URL: redis.url,
      REPORT_URL: reports.url,
      WEBHOOK_URL: 'http://127.0.0.1:9/kyc/webhook',
    };
    const exits: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const instance = await startDocumentedInstance({ ...common, KYC_REDIS_PREFIX: `{bench-shutdown-${run}}:` });
      const created = await fetch(`${instance.url}/kyc/session`, {
        method: 'POST',
        headers: { 'x-user': 'alice', 'kyc-verify-session': 'new' },
      });
      const { uuid } = (await created.json()) as { uuid: string };
      const streams = await openRawStreams(STREAMS, `${instance.url}/kyc/session/${uuid}`, { 'x-user': 'alice' });
      const exited = once(instance.process, 'exit');
      const signalledAt = performance.now();
      instance.process.kill('SIGTERM');
      await exited;
      exits.push(performance.now() - signalledAt);
      await Promise.allSettled(streams.map((stream) => stream.ended));
    }
    return [
      sampled(`Shutdown: SIGTERM to exit with ${STREAMS.toLocaleString('en')} streams open (docs/fleet.md's stopOnSigterm)`, 'ms', exits),
    ];
  } finally {
    await Promise.all([sandbox.close(), reports.close(), redis.stop()]);
  }
}
