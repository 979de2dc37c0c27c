import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sandboxForTests } from './helpers.js';

test("the sandbox dates its answers on its own clock, so a client that follows the service's time moves with it", async () => {
  const sandbox = await sandboxForTests();
  await sandbox.advanceClock(3600);
  const { headers, body } = await sandbox.request('GET', '/sandbox/clock');
  // The Date header has whole seconds, and is written just after the body.
  const apart = Date.parse(headers.get('date') ?? '') - Date.parse(body.now);
  assert.ok(Math.abs(apart) < 1000, `Date is ${apart} ms from the sandbox's clock`);
});
