import assert from 'node:assert/strict';
import { Agent, request } from 'node:http';
import { test } from 'node:test';
import { newTransaction, sandboxForTests, type Reply } from './helpers.js';

const sandbox = await sandboxForTests({ maxBodyBytes: 4096 });
const token = await sandbox.token();

/** The reply has `status` and its body is the error envelope of spec §7.1 for that status, and nothing more. */
function assertErrorEnvelope({ status, body }: Reply, expected: number, resource = 'Transaction'): void {
  assert.equal(status, expected);
  assert.deepEqual(Object.keys(body).sort(), ['code', 'errors', 'message', 'resource']);
  assert.equal(body.code, expected);
  assert.equal(body.resource, resource);
  assert.equal(typeof body.message, 'string');
  assert.ok(body.errors === null || typeof body.errors === 'string', `errors is ${JSON.stringify(body.errors)}`);
}

test('a body that is not JSON answers a 400 error envelope', async () => {
  assertErrorEnvelope(
    await sandbox.request('POST', '/v1/transactions/', {
      token,
      body: '{"transaction_id": ',
      headers: { 'content-type': 'application/json' },
    }),
    400,
  );
});

test('a body without a JSON content type answers 415', async () => {
  assertErrorEnvelope(
    await sandbox.request('POST', '/v1/transactions/', {
      token,
      body: JSON.stringify(newTransaction()),
      headers: { 'content-type': 'text/plain' },
    }),
    415,
  );
});

test('a create without any body answers 422', async () => {
  assertErrorEnvelope(await sandbox.request('POST', '/v1/transactions/', { token }), 422);
});

test('fields of the wrong type answer 422 without creating anything', async () => {
  const request = newTransaction({ metadata: { nin: 11111111, enrolment: 'yes' } });
  const { status, body } = await sandbox.create(token, request);
  assert.equal(status, 422);
  assert.match(body.errors, /metadata\.nin.*metadata\.enrolment/);
  assert.equal((await sandbox.create(token, { ...request, metadata: { nin: '11.111.111-1' } })).status, 201);
});

test('a body over the size limit answers 413 with an error envelope', async () => {
  assertErrorEnvelope(await sandbox.create(token, newTransaction({ scope: 'x'.repeat(5000) })), 413);
});

/** Sends one request through `agent` and gives its status once the answer is read to the end. */
function statusThrough(agent: Agent, method: string, path: string, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
    const sent = request(new URL(path, sandbox.url), { method, agent, headers }, (answer) => {
      answer.resume();
      answer.once('end', () => resolve(answer.statusCode ?? 0));
    });
    sent.once('error', reject);
    sent.end(body);
  });
}

test('after a 413 the next request through the same keep-alive agent is answered', async () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    assert.equal(await statusThrough(agent, 'POST', '/oauth/token/', 'x'.repeat(200_000)), 413);
    assert.equal(await statusThrough(agent, 'GET', '/sandbox/clock'), 200);
  } finally {
    agent.destroy();
  }
});

test('an unknown path answers a 404 error envelope', async () => {
  const { status, body } = await sandbox.request('GET', '/v2/everything');
  assert.equal(status, 404);
  assert.deepEqual(body, { code: 404, resource: 'Route', message: 'Not found', errors: 'No route for GET /v2/everything' });
});

test('a known path with another method answers a 405 error envelope, with the methods it takes in Allow', async () => {
  const reply = await sandbox.request('DELETE', '/v1/transactions/');
  assertErrorEnvelope(reply, 405);
  assert.equal(reply.headers.get('allow'), 'POST');
});

test("paths are exact like the service's: create without the trailing slash is not a route", async () => {
  assert.equal((await sandbox.request('POST', '/v1/transactions', { token, json: newTransaction() })).status, 404);
});

test('a malformed clock request answers 422 and leaves the clock alone', async () => {
  const before = (await sandbox.request('GET', '/sandbox/clock')).body.offset_seconds;
  assert.equal((await sandbox.request('POST', '/sandbox/clock', { json: { advance_seconds: 'soon' } })).status, 422);
  assert.equal((await sandbox.request('GET', '/sandbox/clock')).body.offset_seconds, before);
});

test('a token request of control characters answers a 400 Token envelope, and the sandbox goes on serving', async () => {
  assertErrorEnvelope(
    await sandbox.request('POST', '/oauth/token/', { body: '\u0000\u0001', headers: { 'content-type': 'application/json' } }),
    400,
    'Token',
  );
  assert.equal((await sandbox.create(token)).status, 201);
});

test('an outcome whose body is JSON null answers a 422 envelope, and the sandbox goes on serving', async () => {
  assertErrorEnvelope(
    await sandbox.request('POST', '/sandbox/transactions/x/outcome', { body: 'null', headers: { 'content-type': 'application/json' } }),
    422,
  );
  assert.equal((await sandbox.create(token)).status, 201);
});

test('a clock advance past a century answers 422, and the sandbox goes on serving', async () => {
  assert.equal((await sandbox.request('POST', '/sandbox/clock', { json: { advance_seconds: 1e13 } })).status, 422);
  assert.equal((await sandbox.request('GET', '/sandbox/clock')).status, 200);
  assert.equal((await sandbox.create(await sandbox.token())).status, 201);
});
