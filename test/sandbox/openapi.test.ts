/**
 * The OpenAPI document describes what the server answers: responses of every kind are
 * validated with ajv against the schemas /openapi.json declares for their path and status.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { documentOf } from './openapi-document.js';
import { newTransaction, sandboxForTests, webhookReceiver } from './helpers.js';

const sandbox = await sandboxForTests();
const token = await sandbox.token();
const { document, ajv, assertDocumented } = await documentOf(sandbox);

test('the document is OpenAPI 3.1 and has every route of the spec, the sandbox controls and the verification page', () => {
  assert.equal(document.openapi, '3.1.0');
  assert.deepEqual(Object.keys(document.paths).sort(), [
    '/api/v1/user/credential_information',
    '/oauth/token/',
    '/openapi.json',
    '/sandbox',
    '/sandbox/clock',
    '/sandbox/transactions/{uuid}/outcome',
    '/sandbox/webhooks',
    '/sandbox/webhooks/faults',
    '/transactions/{uuid}',
    '/v1/transactions/',
    '/v1/transactions/{transaction_uuid}',
  ]);
});

test('token responses match the document', async () => {
  const grant = { client_id: 'sandbox-client', client_secret: 'sandbox-secret', grant_type: 'client_credentials' };
  assertDocumented('/oauth/token/', 'post', await sandbox.request('POST', '/oauth/token/', { json: grant }));
  assertDocumented('/oauth/token/', 'post', await sandbox.request('POST', '/oauth/token/', { json: { ...grant, client_secret: 'no' } }));
  assertDocumented('/oauth/token/', 'post', await sandbox.request('POST', '/oauth/token/', { json: { ...grant, grant_type: 'password' } }));
  assertDocumented('/oauth/token/', 'post', await sandbox.request('POST', '/oauth/token/', { json: {} }));
});

test('create responses match the document: 201, 400, 401, 403, 409, 422', async () => {
  const request = newTransaction({
    nanoid: true,
    webhook: 'https://example.test/hook',
    metadata: { nin: '11.111.111-1', redirect_uri: 'https://example.test/done' },
  });
  const path = '/v1/transactions/';
  assertDocumented(path, 'post', await sandbox.create(token, request));
  assertDocumented(path, 'post', await sandbox.create(token, request));
  assertDocumented(path, 'post', await sandbox.create(token, newTransaction({ tries: 0 })));
  assertDocumented(path, 'post', await sandbox.create('bad', newTransaction()));
  assertDocumented(path, 'post', await sandbox.create(await sandbox.token('sandbox-reader'), newTransaction()));
  assertDocumented(path, 'post', await sandbox.create(token, newTransaction({ authorization_method: 'nope' })));
});

test('get responses match the document in all four states and for 401, 403, 404', async () => {
  const path = '/v1/transactions/{transaction_uuid}';
  for (const codes of [[], ['002', '013'], ['016'], ['time_out']]) {
    const { uuid } = await sandbox.created(token);
    await sandbox.outcomes(uuid, ...codes);
    assertDocumented(path, 'get', await sandbox.get(token, uuid));
  }
  const { uuid } = await sandbox.created(token);
  assertDocumented(path, 'get', await sandbox.get('bad', uuid));
  assertDocumented(path, 'get', await sandbox.get(await sandbox.token('other-client', 'other-secret'), uuid));
  assertDocumented(path, 'get', await sandbox.get(token, 'missing'));
});

test('credential information responses match the document', async () => {
  const path = '/api/v1/user/credential_information';
  const { uuid } = await sandbox.created(token);
  assertDocumented(path, 'get', await sandbox.credentialInformation(token, uuid));
  await sandbox.outcomes(uuid, '002', '013');
  assertDocumented(path, 'get', await sandbox.credentialInformation(token, uuid));
  assertDocumented(path, 'get', await sandbox.credentialInformation(token, 'missing'));
  assertDocumented(path, 'get', await sandbox.request('GET', path, { token }));
});

test('sandbox control responses match the document', async () => {
  const { uuid } = await sandbox.created(token, { webhook: (await webhookReceiver()).url });
  const outcome = '/sandbox/transactions/{uuid}/outcome';
  assertDocumented(outcome, 'post', await sandbox.outcome(uuid, '016'));
  assertDocumented(outcome, 'post', await sandbox.outcome(uuid, '016'));
  assertDocumented(outcome, 'post', await sandbox.outcome(uuid, 'nope'));
  assertDocumented(outcome, 'post', await sandbox.outcome('missing', '002'));
  assertDocumented('/sandbox/clock', 'get', await sandbox.request('GET', '/sandbox/clock'));
  assertDocumented('/sandbox/clock', 'post', await sandbox.advanceClock(1));
  await sandbox.handle.webhooksSettled();
  assertDocumented('/sandbox/webhooks', 'get', await sandbox.request('GET', '/sandbox/webhooks'));
});

test('webhook payloads match the WebhookPayload schema', async () => {
  const receiver = await webhookReceiver();
  const { uuid } = await sandbox.created(token, { webhook: receiver.url, metadata: { nin: '11.111.111-1', webhook_full_update: true } });
  await sandbox.outcomes(uuid, '002', '013');
  await sandbox.handle.webhooksSettled();
  const validate = ajv.getSchema('openapi.json#/components/schemas/WebhookPayload')!;
  assert.equal(receiver.received.length, 3);
  for (const { body } of receiver.received) assert.ok(validate(body), ajv.errorsText(validate.errors));
});
