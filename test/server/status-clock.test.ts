import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SandboxEvent } from '../../src/testing/index.js';
import type { TransactionStatus } from '../../src/server/index.js';
import { createRequestWithoutId, NIN, sandboxClient, useHost } from './harness.js';
import { openStream } from './sse-client.js';

const { sandbox, start, closeAfterTest } = useHost();

/** A host on a kit clock that only `tick` moves, with a session for `metadata`'s rules. */
async function hostWithSession(metadata: Record<string, unknown> = {}) {
  let now = Date.parse('2026-11-22T18:00:00.000Z');
  const client = sandboxClient(sandbox.url, { now: () => now });
  const host = await start({ client, buildRequest: () => createRequestWithoutId({ metadata: { nin: NIN, ...metadata } }) });
  const { body } = await host.startSession();
  const read = async () => (await (await host.poll(body.uuid)).json()) as TransactionStatus;
  return { ...host, uuid: body.uuid, read, now: () => now, tick: (ms = 1_100) => void (now += ms) };
}

/** The status after the phone sent `codes`, under `metadata`'s rules, and its step's timer in seconds from the step's start. */
async function afterCodes(codes: SandboxEvent[], metadata: Record<string, unknown> = {}) {
  const { read, uuid, tick } = await hostWithSession(metadata);
  for (const code of codes) await sandbox.applyOutcome(uuid, code);
  tick();
  const status = await read();
  return { status, timer: (Date.parse(status.step_expires_at!) - Date.parse(status.updated_at!)) / 1000 };
}

test("stamps each status answer with the server's time of the answer", async () => {
  const { read, now, tick } = await hostWithSession();
  assert.equal((await read()).server_time, new Date(now()).toISOString());
  tick(250);
  assert.equal((await read()).server_time, new Date(now()).toISOString());
});

test("stamps the session answer with the server's time, so the countdown starts on the server's clock", async () => {
  let now = Date.parse('2026-11-22T18:00:00.000Z');
  const host = await start({
    client: sandboxClient(sandbox.url, { now: () => now }),
    buildRequest: () => createRequestWithoutId({ metadata: { nin: NIN } }),
  });
  now += 5_000;
  const { body } = await host.startSession();
  assert.equal(body.server_time, new Date(now).toISOString());
});

test("keeps the ETag while only the answer's time changes", async () => {
  const { poll, uuid, tick } = await hostWithSession();
  const etag = (await poll(uuid)).headers.get('etag');
  tick(250);
  assert.equal((await poll(uuid)).headers.get('etag'), etag);
});

test("stamps each streamed status with the server's time when it was sent", async () => {
  const { url, uuid, now } = await hostWithSession();
  const events = closeAfterTest(await openStream(`${url}/kyc/status/${uuid}`, { 'x-user': 'alice' }));
  const status = JSON.parse((await events.next('status')).data) as TransactionStatus;
  assert.equal(status.server_time, new Date(now()).toISOString());
  events.close();
});

test('gives no step expiry before the phone has started: the capture timer starts when it opens the link', async () => {
  const { status } = await afterCodes([]);
  assert.equal(status.step_expires_at, null);
});

test("gives the selfie's capture timer from the step's start once the document is captured", async () => {
  assert.equal((await afterCodes(['002'], { capture_facial_expiration: 90 })).timer, 90);
});

test("gives the document's capture timer again after a document problem", async () => {
  const { status, timer } = await afterCodes(['007'], { capture_document_expiration: 75 });
  assert.equal(status.step, 'Capture_credential_fail');
  assert.equal(timer, 75);
});

test("gives the selfie's default capture timer (120 s) again after a rejected selfie", async () => {
  const { status, timer } = await afterCodes(['002', '014']);
  assert.equal(status.state, 'pending');
  assert.equal(timer, 120);
});

test('gives no step expiry with liveness challenges, whose timers restart unseen', async () => {
  assert.equal((await afterCodes(['002'], { challenges_required: 1 })).status.step_expires_at, null);
});

test('gives no step expiry once the transaction has ended', async () => {
  const { status } = await afterCodes(['002', '012']);
  assert.equal(status.state, 'successful');
  assert.equal(status.step_expires_at, null);
});

// Last: the sandbox's clock only moves forward, for every later test of this file.
test("follows the service's clock, not the host's, once they disagree: a session after the sandbox's clock moved counts down the link's whole expiration", async () => {
  await sandbox.advanceClock(726);
  const host = await start({ buildRequest: () => createRequestWithoutId({ metadata: { nin: NIN } }) });
  const { body } = await host.startSession();
  // The service's Date header has whole seconds: the kit's reading of its clock is within a second.
  const left = (Date.parse(String(body.expires_at)) - Date.parse(String(body.server_time))) / 1000;
  assert.ok(left >= 599 && left <= 601, `${left} s left of a 600 s link`);
});
