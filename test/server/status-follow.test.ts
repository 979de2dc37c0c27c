/**
 * The pace of a stream's periodic reads, on a mocked clock: the kit's clock and timers move by
 * hand, 10 ms at a time, and every read started lands (over real HTTP) before the clock moves
 * again, so the reads' times are exact and a test can state them.
 */
import assert from 'node:assert/strict';
import { mock, test } from 'node:test';
import { READ_INTERVAL_MS, READ_SPACING_MARGIN_MS } from '../../src/server/state/timings.js';
import { ownerFromHeader, sandboxClient, useHost } from './harness.js';

const { sandbox, start } = useHost();

/** Lets the real I/O under way (HTTP to the sandbox, the stream) settle while the mocked clock stands still. */
async function settle(): Promise<void> {
  for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
}

test('a streamed transaction that no webhook tells is read about every second, evenly: 10 reads, each 1,050 ms after the last', async () => {
  const readAt: number[] = [];
  const host = await start({
    owner: ownerFromHeader,
    client: sandboxClient(sandbox.url, {
      now: () => Date.now(),
      fetch: (input, init) => {
        if ((init.method ?? 'GET') === 'GET' && new URL(input).pathname.startsWith('/v1/transactions/')) readAt.push(Date.now());
        return fetch(input, init);
      },
    }),
  });
  const { body } = await host.startSession();
  mock.timers.enable({ apis: ['setTimeout', 'setInterval', 'Date'], now: Date.now() });
  const controller = new AbortController();
  try {
    const stream = await fetch(`${host.url}/kyc/status/${body.uuid}`, {
      headers: { accept: 'text/event-stream', 'x-user': 'alice' },
      signal: controller.signal,
    });
    void stream.body!.pipeTo(new WritableStream()).catch(() => {});
    const started = Date.now();
    while (readAt.length < 10 && Date.now() < started + 20_000) {
      mock.timers.tick(10);
      await settle();
    }
    // A timer of a fixed second finds the budget still spent at every other tick: 1,100 then 1,900 ms.
    const gaps = readAt.slice(1).map((at, index) => at - readAt[index]!);
    assert.deepEqual(
      gaps,
      Array.from({ length: 9 }, () => READ_INTERVAL_MS + READ_SPACING_MARGIN_MS),
    );
  } finally {
    controller.abort();
    mock.timers.reset();
  }
});
