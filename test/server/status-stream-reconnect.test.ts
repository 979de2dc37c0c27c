// A status stream as a WHATWG EventSource (the `eventsource` package) follows it: reconnecting when
// the stream closes, with the last id it got as Last-Event-ID.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EventSource } from 'eventsource';
import type { TransactionStatus } from '../../src/server/index.js';
import { ownerFromHeader, useHost } from './harness.js';

const { sandbox, start, closeAfterTest } = useHost();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('an ended transaction: each (re)connection gets the end, though Last-Event-ID names it, and is closed at once', async () => {
  const host = await start({ owner: ownerFromHeader });
  const { body } = await host.startSession();
  await sandbox.succeed(body.uuid);
  // Waits (20 s at most) for the kit to have read the end.
  for (let tries = 0; tries < 100; tries++) {
    if (((await (await host.poll(body.uuid)).json()) as TransactionStatus).state === 'successful') break;
    await sleep(200);
  }
  const events: { id: string; state: string }[] = [];
  const opened: (string | null)[] = [];
  const source = closeAfterTest(
    new EventSource(`${host.url}/kyc/status/${body.uuid}`, {
      fetch: (url, init) => {
        opened.push(new Headers(init.headers).get('last-event-id'));
        return fetch(url, { ...init, headers: { ...init.headers, 'x-user': 'alice' } });
      },
    }),
  );
  source.addEventListener('status', (event) => {
    events.push({ id: event.lastEventId, state: (JSON.parse(event.data) as TransactionStatus).state });
  });
  // The stream closes after the end, and the client reconnects 3 s later (the stream's retry): waits 30 s at most for the second.
  for (let tries = 0; tries < 300 && events.length < 2; tries++) await sleep(100);
  source.close();
  assert.equal(events.length, 2, `status events: ${JSON.stringify(events)}`);
  assert.deepEqual(
    events.map(({ state }) => state),
    ['successful', 'successful'],
  );
  assert.equal(events[1]!.id, events[0]!.id);
  assert.deepEqual(opened.slice(0, 2), [null, events[0]!.id]);
});
