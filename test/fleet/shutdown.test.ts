/**
 * A shutdown that ends: an instance built and stopped as the documentation shows (docs/fleet.md's
 * fleet kit and "Stopping an instance", docs/kit.md's `serveWithKit`: documented.ts), as its own
 * process on a real Redis. SIGTERM with 1,000 status streams open: each ends with a hint to
 * reconnect, and the process exits by itself. A result still being delivered as an instance stops
 * is handed to another, which delivers it.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, test } from 'node:test';
import { openRawStreams } from '../support/raw-stream.js';
import { documentedModules, startDocumentedInstance } from './documented.js';
import { collectReports, delay, eventually, UNREACHABLE_WEBHOOK, useRedisAndService, type Instance } from './harness.js';

const STREAMS = 1000;

const on = useRedisAndService();
let reports: Awaited<ReturnType<typeof collectReports>>;
/** The modules of the documentation's blocks, which every documented instance runs. */
let modules: Record<string, string>;

before(async () => {
  reports = await collectReports();
  modules = await documentedModules();
});
// The Redis, the service and the collector, read as an instance starts: the shared Redis and service have started by
// then (their own hook may finish after the one above).
const where = () => ({
  KYC_URL: on.service.kycUrl,
  REDIS_URL: on.redis.url,
  REPORT_URL: reports.url,
  WEBHOOK_URL: UNREACHABLE_WEBHOOK,
});
after(() => reports?.close());

/** A documented instance under a fresh key prefix (`prefix`: the same for instances of one fleet). */
const documentedInstance = (prefix: string, env: Record<string, string> = {}) =>
  startDocumentedInstance({ ...modules, ...where(), KYC_REDIS_PREFIX: prefix, ...env });

const newPrefix = () => `{shutdown-${crypto.randomUUID()}}:`;

async function createSession(instance: Instance, user: string): Promise<string> {
  const answer = await fetch(`${instance.url}/kyc/session`, { method: 'POST', headers: { 'x-user': user, 'kyc-verify-session': 'new' } });
  assert.equal(answer.status, 201, await answer.clone().text());
  return ((await answer.json()) as { uuid: string }).uuid;
}

describe('stopping an instance as docs/fleet.md shows', () => {
  test(`SIGTERM with ${STREAMS} streams open: each stream ends with a hint to reconnect, and the process exits by itself`, async (t) => {
    const instance = await documentedInstance(newPrefix());
    const uuid = await createSession(instance, 'alice');
    const streams = await openRawStreams(STREAMS, `${instance.url}/kyc/session/${uuid}`, { 'x-user': 'alice' });

    const exited = once(instance.process, 'exit');
    const signalledAt = performance.now();
    instance.process.kill('SIGTERM');
    // A generous bound about ending, not speed: the documented bound is 5 s plus the longest request in flight.
    const limit = setTimeout(() => instance.process.kill('SIGKILL'), 30_000);
    const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null];
    clearTimeout(limit);
    t.diagnostic(`exited ${Math.round(performance.now() - signalledAt)} ms after SIGTERM with ${STREAMS} streams open`);
    const ends = await Promise.allSettled(streams.map((stream) => stream.ended));

    assert.deepEqual([code, signal], [0, null], 'the process exited by itself, not killed');
    const broken = ends.filter((end) => end.status === 'rejected');
    assert.equal(broken.length, 0, `${broken.length} streams broke instead of ending`);
    const hinted = ends.filter((end) => end.status === 'fulfilled' && /\nretry: \d+\n\n$/.test(end.value));
    assert.equal(hinted.length, STREAMS, 'every stream ended with a hint to reconnect');
    const retries = hinted.map((end) => Number(/retry: (\d+)\n\n$/.exec((end as PromiseFulfilledResult<string>).value)![1]));
    assert.ok(
      retries.every((ms) => ms >= 1 && ms <= 1000),
      'each within a second',
    );
  });

  test('a result still being delivered as an instance stops is handed to another instance, which delivers it', async () => {
    const prefix = newPrefix();
    // The leases outlast the test: the result reaches the other instance only if the stopping one hands it over.
    const lease = { RESULT_LEASE_MS: String(10 * 60_000) };
    const stopping = await documentedInstance(prefix, { ...lease, HANG_IN_ON_RESULT: '1', CLOSE_TIMEOUT_MS: '500' });
    const uuid = await createSession(stopping, 'bob');
    await on.service.succeed(uuid);
    // A poll finds the end: this instance starts delivering it, and its onResult never returns.
    const entered = () => reports.reports.some((report) => report.event === 'entered' && report.uuid === uuid);
    for (let polls = 0; !entered(); polls++) {
      assert.ok(polls < 50, 'onResult was not entered');
      await fetch(`${stopping.url}/kyc/session/${uuid}`, { headers: { 'x-user': 'bob' } });
      await delay(200);
    }
    const staying = await documentedInstance(prefix, lease);
    try {
      const exited = once(stopping.process, 'exit');
      stopping.process.kill('SIGTERM');
      assert.deepEqual(await exited, [0, null], 'it exits by itself, its onResult still hanging');
      await eventually(
        () => reports.reports.some((report) => report.event === 'result' && report.uuid === uuid && report.pid === staying.process.pid),
        10_000,
        'the other instance delivered the result',
      );
    } finally {
      staying.process.kill('SIGTERM');
      await once(staying.process, 'exit');
    }
  });
});
