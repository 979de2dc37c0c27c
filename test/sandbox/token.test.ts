import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decode } from 'hono/jwt';
import { assertEnvelope, sandboxForTests } from './helpers.js';

const sandbox = await sandboxForTests();
const tokenRequest = (overrides: Record<string, unknown> = {}) => ({
  client_id: 'sandbox-client',
  client_secret: 'sandbox-secret',
  grant_type: 'client_credentials',
  ...overrides,
});

test('a client_credentials grant answers a Bearer token that lives 7200 seconds', async () => {
  const before = Math.floor(Date.now() / 1000);
  const { status, body } = await sandbox.request('POST', '/oauth/token/', { json: tokenRequest() });
  assert.equal(status, 200);
  assert.equal(body.token_type, 'Bearer');
  assert.equal(body.expires_in, 7200);
  assert.equal(body.scope, 'engine.transaction.r engine.transaction.w');
  assert.ok(body.created_at >= before && body.created_at <= before + 5);
});

test('the access token is an HS256 JWT carrying client, company and scopes', async () => {
  const { body } = await sandbox.request('POST', '/oauth/token/', { json: tokenRequest() });
  const { header, payload } = decode(body.access_token);
  assert.equal(header.alg, 'HS256');
  assert.equal(payload.client_id, 'sandbox-client');
  assert.equal(payload.company_id, 'sandbox-company');
  assert.equal(payload.scope, 'engine.transaction.r engine.transaction.w');
  assert.equal(payload.exp, (payload.iat as number) + 7200);
});

test('a client with one scope is granted only that scope', async () => {
  const { body } = await sandbox.request('POST', '/oauth/token/', { json: tokenRequest({ client_id: 'sandbox-reader' }) });
  assert.equal(body.scope, 'engine.transaction.r');
});

test('a wrong secret answers 401 with an error envelope', async () => {
  const reply = await sandbox.request('POST', '/oauth/token/', { json: tokenRequest({ client_secret: 'wrong' }) });
  assertEnvelope(reply, 401, 'Token', 'Invalid credentials', { errors: 'Unknown client_id or wrong client_secret' });
});

test('an unknown client answers 401', async () => {
  const { status } = await sandbox.request('POST', '/oauth/token/', { json: tokenRequest({ client_id: 'nobody' }) });
  assert.equal(status, 401);
});

test('a grant other than client_credentials answers 400 unsupported_grant_type', async () => {
  const { status, body } = await sandbox.request('POST', '/oauth/token/', { json: tokenRequest({ grant_type: 'password' }) });
  assert.equal(status, 400);
  assert.equal(body.message, 'unsupported_grant_type');
});

test('a token request without client_secret answers 422', async () => {
  const { status, body } = await sandbox.request('POST', '/oauth/token/', {
    json: { client_id: 'sandbox-client', grant_type: 'client_credentials' },
  });
  assert.equal(status, 422);
  assert.match(body.errors, /client_secret/);
});

test('a form-encoded token request answers 415: the body must be JSON', async () => {
  const { status, body } = await sandbox.request('POST', '/oauth/token/', {
    body: 'client_id=sandbox-client&client_secret=sandbox-secret&grant_type=client_credentials',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  assert.equal(status, 415);
  assert.equal(body.code, 415);
});

test('clients passed to startSandbox replace the built-in ones', async () => {
  const custom = await sandboxForTests({
    clients: [{ client_id: 'mine', client_secret: 's3cret', company_id: 'acme', scopes: ['engine.transaction.r'] }],
  });
  assert.equal((await custom.request('POST', '/oauth/token/', { json: tokenRequest() })).status, 401);
  const { status, body } = await custom.request('POST', '/oauth/token/', {
    json: tokenRequest({ client_id: 'mine', client_secret: 's3cret' }),
  });
  assert.equal(status, 200);
  assert.equal(decode(body.access_token).payload.company_id, 'acme');
});
