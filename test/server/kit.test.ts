import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createKycKit, type KycKitOptions, type TransactionStatus } from '../../src/server/index.js';
import { createRequestWithoutId, pastReadBudget, pendingPayload, sandboxClient, useSandbox, uuidsOf, sessionHeader } from './harness.js';

const sandbox = useSandbox();
let registry: FinalizationRegistry<number> | undefined;

/** A kit called directly with Fetch Requests, as a serverless runtime calls it. */
function kitWith(options: Partial<KycKitOptions> = {}) {
  const results: TransactionStatus[] = [];
  const kit = createKycKit({
    client: sandboxClient(sandbox.url),
    buildRequest: () => createRequestWithoutId(),
    onResult: (status) => void results.push(status),
    tuning: { sweepIntervalMs: 0 },
    ...options,
  });
  const startSession = async () => {
    const answer = await kit.session(new Request('http://host.example/kyc/session', { method: 'POST', headers: sessionHeader() }));
    return ((await answer.json()) as { uuid: string }).uuid;
  };
  const endOf = (uuid: string) =>
    new Request('http://host.example/kyc/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...pendingPayload(uuid), active: false, complete: true }),
    });
  return { kit, results, startSession, endOf };
}

test('two kits on one client share nothing: each answers and delivers only its own transactions', async () => {
  const client = sandboxClient(sandbox.url);
  const first = kitWith({ client });
  const second = kitWith({ client });
  const uuid = await first.startSession();
  await sandbox.succeed(uuid);
  assert.equal((await second.kit.webhook(second.endOf(uuid))).status, 204);
  assert.equal((await first.kit.webhook(first.endOf(uuid))).status, 204);
  await Promise.all([first.kit.idle(), second.kit.idle()]);
  assert.deepEqual(uuidsOf(first.results), [uuid]);
  assert.deepEqual(second.results, []);
  assert.equal((await second.kit.status(new Request(`http://host.example/kyc/status/${uuid}`))).status, 404);
});

test('the waitUntil given with a request receives the work done after the answer', async () => {
  const { kit, results, startSession, endOf } = kitWith();
  const uuid = await startSession();
  await sandbox.succeed(uuid);
  const kept: Promise<unknown>[] = [];
  const answer = await kit.webhook(endOf(uuid), { waitUntil: (work) => void kept.push(work) });
  assert.equal(answer.status, 204);
  assert.ok(kept.length > 0);
  await Promise.all(kept);
  assert.deepEqual(uuidsOf(results), [uuid]);
});

test('a poll that finds the end has its result recorded before the answer, and run under its waitUntil', async () => {
  const { kit, results, startSession } = kitWith();
  const uuid = await startSession();
  await sandbox.succeed(uuid);
  await pastReadBudget();
  const kept: Promise<unknown>[] = [];
  const answer = await kit.status(new Request(`http://host.example/kyc/status/${uuid}`), { waitUntil: (work) => void kept.push(work) });
  assert.equal(((await answer.json()) as TransactionStatus).state, 'successful');
  assert.ok(kept.length > 0);
  await Promise.all(kept);
  assert.deepEqual(uuidsOf(results), [uuid]);
});

test('kits built per request and dropped are collected with all their state, sweep timers included (1,000 kits)', async () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  let collected = 0;
  // Held by the test module: a registry that is itself collected never calls back.
  registry = new FinalizationRegistry(() => void collected++);
  for (let request = 0; request < 1000; request++) await serveOneRequestWithAKitOfItsOwn(registry, request);
  for (let attempt = 0; attempt < 40 && collected < 2000; attempt++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.equal(collected, 2000);
});

/**
 * What a serverless handler that builds its kit per request does; the kit is dropped on return.
 * Both the kit and its onResult are watched: a timer or listener that outlived the kit would hold
 * its state, onResult included, though the kit object itself were collected.
 */
async function serveOneRequestWithAKitOfItsOwn(kits: FinalizationRegistry<number>, request: number): Promise<void> {
  const onResult = () => {};
  const kit = createKycKit({ client: sandboxClient(sandbox.url), buildRequest: () => createRequestWithoutId(), onResult });
  kits.register(onResult, request);
  const answer = await kit.status(new Request(`http://host.example/kyc/status/${crypto.randomUUID()}`));
  assert.equal(answer.status, 404);
  await kit.idle();
  kits.register(kit, request);
}
