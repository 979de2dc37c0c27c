import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { countingFetch, createRequestWithoutId, NIN, ownerFromHeader, sandboxClient, useHost, sessionHeader } from './harness.js';

const { sandbox, start: hostWith } = useHost();

test('POST answers 201 with the session contract: uuid, link, expires_at and the status fields', async () => {
  const { startSession } = await hostWith();
  const { response, body } = await startSession();
  assert.equal(response.status, 201);
  assert.equal(response.headers.get('cache-control'), 'private, no-cache');
  const transaction = await sandboxClient(sandbox.url).getTransaction(body.uuid);
  assert.deepEqual(body, {
    uuid: transaction.uuid,
    state: 'pending',
    step: 'Session_start',
    code: '001',
    issue_description: null,
    expires_at: new Date(Date.parse(transaction.created_at) + transaction.expiration * 1000).toISOString(),
    updated_at: transaction.updated_at,
    step_expires_at: null,
    server_time: body.server_time,
    stream: true,
    link: `${sandbox.url}/transactions/${transaction.uuid}`,
    resumed: false,
  });
});

test('the builder decides the request from the incoming Request; the browser body is ignored', async () => {
  const { url } = await hostWith({
    buildRequest: (request) => createRequestWithoutId({ user_id: request.headers.get('x-user')!, metadata: { nin: NIN, country: 'CL' } }),
  });
  const response = await fetch(`${url}/kyc/session`, {
    method: 'POST',
    headers: { 'x-user': 'bob', 'content-type': 'application/json', ...sessionHeader() },
    body: JSON.stringify({ transaction_id: 'chosen-by-browser', user_id: 'mallory', metadata: { nin: '11.111.111-1' } }),
  });
  const transaction = await sandboxClient(sandbox.url).getTransaction(((await response.json()) as { uuid: string }).uuid);
  assert.equal(transaction.user_id, 'bob');
  assert.equal(transaction.metadata.nin, NIN);
  assert.notEqual(transaction.transaction_id, 'chosen-by-browser');
});

test('a Response returned by the builder is the answer (for example 401 when nobody is logged in)', async () => {
  const counter = countingFetch();
  const { url } = await hostWith({
    client: sandboxClient(sandbox.url, { fetch: counter.fetch }),
    buildRequest: () => new Response('log in first', { status: 401 }),
  });
  const response = await fetch(`${url}/kyc/session`, { method: 'POST', headers: sessionHeader() });
  assert.equal(response.status, 401);
  assert.equal(await response.text(), 'log in first');
  assert.equal(counter.calls.length, 0);
});

test('with an owner function, a caller without identity gets 401 and nothing is created', async () => {
  const counter = countingFetch();
  const { url } = await hostWith({ client: sandboxClient(sandbox.url, { fetch: counter.fetch }), owner: ownerFromHeader });
  assert.equal((await fetch(`${url}/kyc/session`, { method: 'POST', headers: sessionHeader() })).status, 401);
  assert.equal(counter.calls.length, 0);
});

test('the link is the validator_url built from the link template', async () => {
  const { startSession } = await hostWith({
    buildRequest: () => createRequestWithoutId({ link: 'https://verify.example/kyc/{{transaction_uuid}}' }),
  });
  const { body } = await startSession();
  assert.equal(body.link, `https://verify.example/kyc/${body.uuid}`);
});

test('a validator_url that carries the nin is replaced by the plain link, so the RUT never reaches the browser', async () => {
  const { startSession } = await hostWith({
    buildRequest: () => createRequestWithoutId({ link: 'https://verify.example/kyc/{{transaction_uuid}}?rut={{nin}}' }),
  });
  const { body } = await startSession();
  assert.equal(body.link, `${sandbox.url}/transactions/${body.uuid}`);
});

test('a transaction_id the service already has (409) is replaced by a fresh one', async () => {
  const taken = `taken-${crypto.randomUUID()}`;
  const client = sandboxClient(sandbox.url);
  await client.createTransaction({ ...createRequestWithoutId(), transaction_id: taken });
  const ids = [taken, taken, `fresh-${crypto.randomUUID()}`];
  const { startSession } = await hostWith({ client, newTransactionId: () => ids.shift()! });
  const { response, body } = await startSession();
  assert.equal(response.status, 201);
  assert.match((await client.getTransaction(body.uuid)).transaction_id, /^fresh-/);
});

test('a request the builder got wrong answers 500 and is not sent', async () => {
  const counter = countingFetch();
  const { startSession } = await hostWith({
    client: sandboxClient(sandbox.url, { fetch: counter.fetch }),
    buildRequest: () => createRequestWithoutId({ tries: 0 }),
    onError: () => {},
  });
  const { response, body } = await startSession();
  assert.equal(response.status, 500);
  assert.equal(body.error, 'internal');
  assert.equal(counter.calls.length, 0);
});

test('a failing service answers 502, a silent one 504', async () => {
  const failing = await hostWith({ client: sandboxClient(sandbox.url, { fetch: async () => new Response('', { status: 503 }) }) });
  assert.equal((await failing.startSession()).response.status, 502);
  await failing.close();
  const silent = (_input: string, init: RequestInit) =>
    new Promise<Response>((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)));
  const { startSession } = await hostWith({ client: sandboxClient(sandbox.url, { fetch: silent, timeoutMs: 20 }) });
  assert.equal((await startSession()).response.status, 504);
});

test('anything but POST and GET answers 405', async () => {
  const { url } = await hostWith();
  const response = await fetch(`${url}/kyc/session`, { method: 'PUT' });
  assert.equal(response.status, 405);
  assert.equal(response.headers.get('allow'), 'POST, GET');
});

test('GET <session path>/<uuid> answers the status, to its owner only: the element follows there without status-url', async () => {
  const { url, startSession } = await hostWith({ owner: ownerFromHeader });
  const { body } = await startSession('alice');
  const poll = (user: string) => fetch(`${url}/kyc/session/${body.uuid}`, { headers: { 'x-user': user } });
  const answer = await poll('alice');
  assert.equal(answer.status, 200);
  assert.ok(answer.headers.get('etag'));
  const { link: _link, resumed: _resumed, ...status } = body;
  assert.deepEqual({ ...((await answer.json()) as object), server_time: null }, { ...status, server_time: null });
  assert.equal((await poll('mallory')).status, 404);
});

test('the session answer says no status_url unless told where the status handler is', async () => {
  const { startSession } = await hostWith();
  assert.equal('status_url' in (await startSession()).body, false);
});

test('with statusUrl, each session answer says status_url with its uuid, and that URL answers its status', async () => {
  const { url, startSession } = await hostWith({ statusUrl: '/kyc/status/{uuid}' });
  const { body } = await startSession();
  assert.equal(body.status_url, `/kyc/status/${body.uuid}`);
  const status = (await (await fetch(new URL(body.status_url, `${url}/kyc/session`))).json()) as { uuid: string };
  assert.equal(status.uuid, body.uuid);
});

test('a statusUrl without {uuid} is refused when the kit is built', async () => {
  await assert.rejects(hostWith({ statusUrl: '/kyc/status/' }), /statusUrl must hold \{uuid\}/);
});

test('mounted in Hono as docs/kit.md shows (POST /kyc/session, GET /kyc/session/:uuid), the session answers its status', async () => {
  const { kit } = await hostWith();
  const app = new Hono();
  app.post('/kyc/session', (c) => kit.session(c.req.raw));
  app.get('/kyc/session/:uuid', (c) => kit.session(c.req.raw));
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  try {
    const sessionUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/kyc/session`;
    const created = (await (await fetch(sessionUrl, { method: 'POST', headers: sessionHeader() })).json()) as { uuid: string };
    const status = await fetch(`${sessionUrl}/${created.uuid}`);
    assert.equal(status.status, 200);
    assert.equal(((await status.json()) as { uuid: string }).uuid, created.uuid);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A host whose sessions send their webhooks to its own `/sink`, with `metadata` from its builder; a step taken at once. */
async function hostWithStep(metadata: Record<string, unknown>) {
  const host = { url: '' };
  const started = await hostWith({
    buildRequest: () => createRequestWithoutId({ webhook: `${host.url}/sink`, metadata: { nin: NIN, ...metadata } }),
  });
  host.url = started.url;
  const { body } = await started.startSession();
  await sandbox.applyOutcome(body.uuid, '002');
  return { uuid: body.uuid, transaction: await sandboxClient(sandbox.url).getTransaction(body.uuid) };
}

test("asks the service for every step's webhook (webhook_full_update) when the builder does not say: the step is delivered", async () => {
  const { uuid, transaction } = await hostWithStep({});
  assert.equal(transaction.metadata.webhook_full_update, true);
  // The step's delivery: without the flag, the service tells no step of a pending transaction.
  assert.deepEqual(
    (await sandbox.deliveredPayloads(uuid)).map((payload) => [payload.active, payload.complete]),
    [[true, false]],
  );
});

test('a builder that says webhook_full_update: false gets no step webhooks', async () => {
  const { uuid, transaction } = await hostWithStep({ webhook_full_update: false });
  assert.equal(transaction.metadata.webhook_full_update, false);
  assert.deepEqual(await sandbox.deliveredPayloads(uuid), []);
});
