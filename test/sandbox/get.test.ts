import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sandboxForTests } from './helpers.js';

const sandbox = await sandboxForTests();
const token = await sandbox.token();

test('get by uuid answers 200 with the envelope and message Found', async () => {
  const created = await sandbox.created(token);
  const { status, body } = await sandbox.get(token, created.uuid);
  assert.equal(status, 200);
  assert.deepEqual(body, { code: 200, resource: 'Transaction', data: created, message: 'Found' });
});

test('get by nanoid answers the same transaction', async () => {
  const created = await sandbox.created(token, { nanoid: true });
  const { status, body } = await sandbox.get(token, created.nanoid);
  assert.equal(status, 200);
  assert.equal(body.data.uuid, created.uuid);
});

test("the read-only client can read its company's transactions", async () => {
  const created = await sandbox.created(token);
  assert.equal((await sandbox.get(await sandbox.token('sandbox-reader'), created.uuid)).status, 200);
});

test('an unknown identifier answers 404 Not found', async () => {
  const { status, body } = await sandbox.get(token, '00000000-0000-4000-8000-000000000000');
  assert.equal(status, 404);
  assert.equal(body.resource, 'Transaction');
  assert.equal(body.message, 'Not found');
});

test("another company's transaction answers 403", async () => {
  const created = await sandbox.created(token);
  const { status, body } = await sandbox.get(await sandbox.token('other-client', 'other-secret'), created.uuid);
  assert.equal(status, 403);
  assert.equal(body.errors, 'The transaction belongs to another company');
});

test('a nanoid shared by two transactions answers 409', async () => {
  const colliding = await sandboxForTests({ generateNanoid: () => 'SAME01' });
  const own = await colliding.token();
  await colliding.created(own, { nanoid: true });
  const second = await colliding.created(own, { nanoid: true });
  assert.equal((await colliding.get(own, 'SAME01')).status, 409);
  assert.equal((await colliding.get(own, second.uuid)).status, 200);
});

test('the read shows expiry the moment it is due', async () => {
  const local = await sandboxForTests();
  const own = await local.token();
  const created = await local.created(own, {
    expiration: 300,
    metadata: { nin: '11.111.111-1', capture_document_expiration: 60, capture_facial_expiration: 60, capture_challenge_expiration: 60 },
  });
  await local.advanceClock(299);
  assert.equal((await local.get(own, created.uuid)).body.data.active, true);
  await local.advanceClock(1);
  const { data } = (await local.get(own, created.uuid)).body;
  assert.deepEqual([data.active, data.complete, data.failed, data.step], [false, false, false, 'time_out']);
});
