/**
 * The kit follows every transaction it created until its end, whoever polls: here on one process
 * and its MemoryStore, the webhooks going nowhere and nobody polling.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TransactionStatus } from '../../src/shared/transaction-state.js';
import { countingFetch, createRequestWithoutId, NIN, sandboxClient, useHost } from './harness.js';

const { sandbox, start } = useHost();

/** A webhook target that refuses connections (the discard port). */
const UNREACHABLE = 'http://127.0.0.1:9/kyc/webhook';
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a transaction that expires, unpolled and unwebhooked, reaches onResult once as expired, and is read no more', async () => {
  const counter = countingFetch();
  const results: TransactionStatus[] = [];
  const host = await start({
    client: sandboxClient(sandbox.url, { fetch: counter.fetch }),
    buildRequest: () =>
      createRequestWithoutId({
        webhook: UNREACHABLE,
        expiration: 2,
        metadata: { nin: NIN, capture_document_expiration: 1, capture_facial_expiration: 1, capture_challenge_expiration: 1 },
      }),
    onResult: (status) => void results.push(status),
    tuning: { reconcileIntervalMs: 500, sweepIntervalMs: 100 },
  });
  const { body } = await host.startSession();
  for (let wait = 0; wait < 100 && !results.length; wait++) await delay(100);
  assert.deepEqual(
    results.map((result) => [result.uuid, result.state]),
    [[body.uuid, 'expired']],
  );
  const reads = counter.transactionReads();
  // Several periods, in which another read or a second call would show up.
  await delay(2000);
  assert.equal(counter.transactionReads(), reads, 'no read after the end');
  assert.equal(results.length, 1);
});
