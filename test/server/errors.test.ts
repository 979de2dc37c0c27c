import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createKycKit, KycError, KycNetworkError, KycRepeatedError, KycStoreError, MemoryStore } from '../../src/server/index.js';
import { createRequestWithoutId, sandboxClient, useSandbox } from './harness.js';

const sandbox = useSandbox();

test("the client's errors are KycErrors: an unreachable service rejects with a KycNetworkError", async () => {
  const client = sandboxClient('http://127.0.0.1:9');
  const error = await client.getTransaction(crypto.randomUUID()).catch((error: unknown) => error);
  assert.ok(error instanceof KycNetworkError);
  assert.ok(error instanceof KycError);
});

test("the store's errors and the summaries of repeated ones reach onError as KycErrors", async () => {
  const reported: unknown[] = [];
  const failing = new Proxy(new MemoryStore(), {
    get: (target, property) =>
      property === 'getCreated' ? () => Promise.reject(new Error('redis is down')) : Reflect.get(target, property),
  });
  const kit = createKycKit({
    client: sandboxClient(sandbox.url),
    store: failing,
    buildRequest: () => createRequestWithoutId(),
    onResult: () => {},
    onError: (error) => void reported.push(error),
    tuning: { sweepIntervalMs: 0 },
  });
  for (let poll = 0; poll < 3; poll++) await kit.status(new Request(`http://host.example/kyc/status/${crypto.randomUUID()}`));
  while (reported.length < 2) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.ok(reported[0] instanceof KycStoreError);
  assert.ok(reported[1] instanceof KycRepeatedError);
  assert.ok(reported.every((error) => error instanceof KycError));
});
