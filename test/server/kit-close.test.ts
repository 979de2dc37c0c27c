/**
 * `kit.close()`, the kit's part of stopping a process (docs/fleet.md, "Stopping an instance"):
 * streams end with a hint to reconnect elsewhere, ends found afterwards are left in the store for
 * the fleet, and it resolves once the results being delivered here have finished.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MemoryStore, type TransactionStatus } from '../../src/server/index.js';
import { ownerFromHeader, pastReadBudget, useHost } from './harness.js';
import { openStream } from './sse-client.js';

const { sandbox, start, closeAfterTest } = useHost();

/** A stream that never ends fails its test rather than holding the run. */
const ENDS = { timeout: 30_000 };

test(
  'close() ends every open stream with a hint to reconnect within a second; a stream opened afterwards ends once it has sent its status',
  ENDS,
  async () => {
    const host = await start({ owner: ownerFromHeader });
    const { body } = await host.startSession();
    const statusUrl = `${host.url}/kyc/status/${body.uuid}`;
    const open = closeAfterTest(await openStream(statusUrl, { 'x-user': 'alice' }));
    await open.next('status');

    await host.kit.close();
    await open.ended;
    assert.equal(open.retries.length, 2, 'the stream said how long to wait at its start, and again as it ended');
    assert.ok(open.retries[1]! >= 1 && open.retries[1]! <= 1000, `then within a second: ${open.retries[1]}`);
    assert.equal(host.kit.openStreams, 0);

    const late = closeAfterTest(await openStream(statusUrl, { 'x-user': 'alice' }));
    assert.equal((JSON.parse((await late.next('status')).data) as TransactionStatus).uuid, body.uuid);
    await late.ended;
    assert.ok(late.retries.at(-1)! <= 1000, 'and on to another instance');
  },
);

test('an end found after close() is left in the store, due, for another process: onResult does not run here', async () => {
  const results: string[] = [];
  const store = new MemoryStore();
  const host = await start({ owner: ownerFromHeader, store, onResult: (status) => void results.push(status.uuid) });
  const { body } = await host.startSession();
  await host.kit.close();
  await sandbox.succeed(body.uuid);
  await pastReadBudget();
  assert.equal(((await (await host.poll(body.uuid)).json()) as TransactionStatus).state, 'successful', 'the handlers keep answering');
  await host.kit.idle();
  assert.deepEqual(results, []);
  assert.deepEqual(store.dueJobs(10), [`result:${body.uuid}`]);
});

test('close() resolves once the result being delivered here has finished', ENDS, async () => {
  const settled: string[] = [];
  let release = () => {};
  let enter = () => {};
  const entered = new Promise<void>((resolve) => (enter = resolve));
  const host = await start({
    owner: ownerFromHeader,
    onResult: async () => {
      enter();
      await new Promise<void>((resolve) => (release = resolve));
      settled.push('onResult returned');
    },
  });
  const { body } = await host.startSession();
  await sandbox.succeed(body.uuid);
  await pastReadBudget();
  await host.poll(body.uuid);
  await entered;

  const closed = host.kit.close().then(() => settled.push('close resolved'));
  await new Promise((resolve) => setTimeout(resolve, 200));
  release();
  await closed;
  assert.deepEqual(settled, ['onResult returned', 'close resolved']);
});
