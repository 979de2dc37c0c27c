/**
 * The OpenAPI document tells the whole truth: every route the app serves is in it, every status a
 * route answers to a set of bad requests is listed for that route (with the documented body), and a
 * method a path does not serve answers 405 with the documented methods in `Allow`.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createSandboxApp } from '../../src/sandbox/app.js';
import { AllowedHosts } from '../../src/sandbox/allowed-hosts.js';
import { DEFAULT_CLIENTS } from '../../src/sandbox/clients.js';
import { SandboxClock } from '../../src/sandbox/clock.js';
import { KycService } from '../../src/sandbox/service.js';
import { TokenIssuer } from '../../src/sandbox/tokens.js';
import { WebhookDispatcher } from '../../src/sandbox/webhooks.js';
import { documentOf } from './openapi-document.js';
import { sandboxForTests } from './helpers.js';

const MAX_BODY_BYTES = 4096;
const sandbox = await sandboxForTests({ maxBodyBytes: MAX_BODY_BYTES });
const { document, assertDocumented, operations } = await documentOf(sandbox);
const token = await sandbox.token();
const tokens = {
  none: undefined,
  'a token that is not one': 'nope',
  'a token without the scope': await sandbox.token('sandbox-reader'),
  "another company's token": await sandbox.token('other-client', 'other-secret'),
  'a good token': token,
};
const { uuid } = await sandbox.created(token, { webhook: 'http://127.0.0.1:9/hook' });
const identifiers = { 'a transaction': uuid, 'an unknown uuid': crypto.randomUUID(), 'not a uuid': 'nope' };
const bodies: Array<[string, { body?: string; headers?: Record<string, string> }]> = [
  ['no body', {}],
  ['an empty JSON body', { body: '', headers: { 'content-type': 'application/json' } }],
  ['malformed JSON', { body: '{"code":', headers: { 'content-type': 'application/json' } }],
  ['a JSON array', { body: '[1]', headers: { 'content-type': 'application/json' } }],
  ['JSON sent as text/plain', { body: '{}', headers: { 'content-type': 'text/plain' } }],
  ['a form', { body: 'outcome=002', headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
  ['a body past the limit', { body: JSON.stringify({ pad: 'x'.repeat(MAX_BODY_BYTES) }), headers: { 'content-type': 'application/json' } }],
];
const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

test('every route the app serves is in the document, with the same methods', () => {
  const clock = new SandboxClock();
  const webhooks = new WebhookDispatcher(clock);
  const limits = { capacity: 1, retentionMs: 0 };
  const service = new KycService({ clock, webhooks, generateNanoid: () => 'abcdef', limits, allowedHosts: new AllowedHosts(['*']) });
  const app = createSandboxApp({ clock, clients: DEFAULT_CLIENTS, tokens: new TokenIssuer(clock), service, webhooks, publicUrl: () => '' });
  const served = app.routes
    .filter((route) => route.method !== 'ALL')
    .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
  const documented = operations.map(([path, method]) => `${method.toUpperCase()} ${path}`);
  assert.deepEqual(new Set(served), new Set(documented));
});

for (const [path, method] of operations) {
  test(`${method.toUpperCase()} ${path}: every status answered to bad requests is documented`, async () => {
    const sendsBody = method !== 'get';
    for (const [identifierName, identifier] of Object.entries(identifiers)) {
      const concrete = path.replace(/\{[^}]+\}/, identifier);
      for (const [tokenName, bearer] of Object.entries(tokens)) {
        for (const [bodyName, request] of sendsBody ? bodies : [['no body', {}] as const]) {
          const reply = await sandbox.request(method.toUpperCase(), concrete, { token: bearer, ...request });
          assertDocumented(path, method, reply, `${identifierName}, ${tokenName}, ${bodyName}`);
        }
      }
      if (concrete === path) break;
    }
  });
}

test('a method a path does not serve answers 405 with Allow naming the documented methods', async () => {
  for (const [path, item] of Object.entries<Record<string, unknown>>(document.paths)) {
    const documented = Object.keys(item).map((method) => method.toUpperCase());
    const allowed = documented.includes('GET') ? [...documented, 'HEAD'] : documented;
    for (const method of ALL_METHODS.filter((candidate) => !allowed.includes(candidate))) {
      const reply = await sandbox.request(method, path.replace(/\{[^}]+\}/, uuid));
      assert.equal(reply.status, 405, `${method} ${path}`);
      assert.deepEqual(new Set(reply.headers.get('allow')!.split(', ')), new Set(allowed), `${method} ${path}`);
    }
  }
});

test('the create and read operations are linked: the stateful path from a created transaction is in the document', () => {
  const created = document.paths['/v1/transactions/'].post.responses['201'].links;
  const operationIds = new Set(operations.map(([, , operation]) => operation.operationId));
  assert.deepEqual(created.GetTransaction, {
    operationId: 'getTransaction',
    parameters: { transaction_uuid: '$response.body#/data/uuid' },
  });
  for (const link of Object.values<{ operationId: string }>(created)) assert.ok(operationIds.has(link.operationId), link.operationId);
});

test('kyc_register without metadata.nin is refused by the document as by the server (422)', async () => {
  const schema = document.components.schemas.CreateTransactionRequest;
  const { ajv } = await documentOf(sandbox);
  const validate = ajv.compile({ ...schema, components: document.components, $id: 'create' });
  const request = { transaction_id: `nin-${Date.now()}`, company_id: 'sandbox-company', authorization_method: 'kyc_register' };
  assert.equal(validate(request), false);
  assert.equal((await sandbox.create(token, request)).status, 422);
  assert.equal(validate({ ...request, authorization_method: 'sms' }), true);
  assert.equal((await sandbox.create(token, { ...request, authorization_method: 'sms' })).status, 201);
});

test('the bounds the server answers 400 for are schema keywords', () => {
  const { properties } = document.components.schemas.CreateTransactionRequest;
  assert.equal(properties.tries.minimum, 1);
  assert.deepEqual([properties.expiration.minimum, properties.expiration.maximum], [1, 604_800]);
  const metadata = document.components.schemas.Metadata.properties;
  assert.deepEqual([metadata.capture_facial_expiration.minimum, metadata.capture_facial_expiration.maximum], [1, 604_800]);
});
