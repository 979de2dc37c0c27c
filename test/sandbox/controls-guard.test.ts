/**
 * The sandbox-only controls (outcomes, the clock, the webhook log, its faults, the controls page)
 * answer callers on the sandbox's machine only, for its own host only, and take changes from its
 * own pages or from programs only (docs/sandbox.md, "Sandbox-only controls"). The sandbox listens
 * on every interface, as it does for a phone: the test reaches it at this machine's network
 * address as a caller on the LAN would, and on loopback as the tester does.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { test } from 'node:test';
import { sandboxForTests } from './helpers.js';

const exposed = await sandboxForTests({ host: '0.0.0.0' });
const port = Number(new URL(exposed.url).port);
const onNetwork = !['127.0.0.1', 'localhost'].includes(new URL(exposed.url).hostname);
const token = await exposed.token();

interface Answer {
  status: number;
  body: string;
}

/** One request with the headers given as they are (a `Host` of the test's choosing too), to `address`. */
function send(address: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: address, port, method, path, headers: { host: `${address}:${port}`, ...headers } }, (answer) => {
      let text = '';
      answer.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      answer.on('end', () => resolve({ status: answer.statusCode!, body: text }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const FAULT = JSON.stringify({ fault: 'delay', delay_seconds: 86_400, every: true });
const JSON_HEADERS = { 'content-type': 'application/json' };
const faultsNow = async () => JSON.parse((await send('127.0.0.1', 'GET', '/sandbox/webhooks/faults')).body).faults as unknown[];

test('from the LAN, every control answers 403 and nothing changes', { skip: !onNetwork && 'no network address' }, async () => {
  const lan = new URL(exposed.url).hostname;
  const { uuid } = await exposed.created(token);
  const calls: [string, string, string?][] = [
    ['POST', '/sandbox/webhooks/faults', FAULT],
    ['GET', '/sandbox/webhooks/faults'],
    ['DELETE', '/sandbox/webhooks/faults'],
    ['GET', '/sandbox/webhooks'],
    ['POST', '/sandbox/clock', JSON.stringify({ advance_seconds: 3600 })],
    ['GET', '/sandbox/clock'],
    ['POST', `/sandbox/transactions/${uuid}/outcome`, JSON.stringify({ code: '016' })],
    ['GET', '/sandbox'],
  ];
  for (const [method, path, body] of calls) {
    const answer = await send(lan, method, path, JSON_HEADERS, body);
    assert.equal(answer.status, 403, `${method} ${path}: ${answer.body}`);
    assert.match(JSON.parse(answer.body).errors, /machine only/);
  }
  assert.deepEqual(await faultsNow(), []);
  assert.equal(JSON.parse((await send('127.0.0.1', 'GET', '/sandbox/clock')).body).offset_seconds, 0);
  assert.equal((await exposed.get(token, uuid)).body.data.active, true, 'the transaction is still pending');
  // What a phone on the LAN needs is still served there: its verification page.
  assert.equal((await send(lan, 'GET', `/transactions/${uuid}`)).status, 200);
});

test('a foreign Host (a page whose name was rebound to 127.0.0.1) answers 403; loopback names and the sandbox’s own host are served', async () => {
  for (const host of ['shop.example', 'attacker.example:80', `127.0.0.1.nip.io:${port}`]) {
    const read = await send('127.0.0.1', 'GET', '/sandbox/webhooks/faults', { host });
    assert.equal(read.status, 403, `${host}: ${read.body}`);
    assert.match(JSON.parse(read.body).errors, /its own host only/);
    assert.equal((await send('127.0.0.1', 'POST', '/sandbox/webhooks/faults', { ...JSON_HEADERS, host }, FAULT)).status, 403);
  }
  assert.deepEqual(await faultsNow(), []);
  for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, new URL(exposed.url).host]) {
    assert.equal((await send('127.0.0.1', 'GET', '/sandbox/webhooks/faults', { host })).status, 200, host);
  }
});

test('a post from a page of another site answers 403; the sandbox’s own page and a program are served', async () => {
  const own = `http://127.0.0.1:${port}`;
  const crossSite: Record<string, string>[] = [
    { 'sec-fetch-site': 'cross-site', origin: 'https://shop.example' },
    { 'sec-fetch-site': 'same-site', origin: `http://localhost:${port + 1}` },
    { origin: 'https://shop.example' }, // a browser that sends no Sec-Fetch-Site
    { origin: 'null' }, // a sandboxed frame, a file: page
  ];
  for (const headers of crossSite) {
    const added = await send('127.0.0.1', 'POST', '/sandbox/webhooks/faults', { ...JSON_HEADERS, ...headers }, FAULT);
    assert.equal(added.status, 403, `${JSON.stringify(headers)}: ${added.body}`);
    assert.match(JSON.parse(added.body).errors, /not from a page of another site/);
    const form = { 'content-type': 'application/x-www-form-urlencoded', ...headers };
    assert.equal((await send('127.0.0.1', 'POST', '/sandbox', form, 'fault=delay&delay_seconds=86400&every=on')).status, 403);
    assert.equal((await send('127.0.0.1', 'DELETE', '/sandbox/webhooks/faults', headers)).status, 403);
  }
  assert.deepEqual(await faultsNow(), []);

  const fromItsPage = { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', origin: own };
  assert.equal((await send('127.0.0.1', 'POST', '/sandbox', fromItsPage, 'fault=drop')).status, 303);
  assert.equal((await send('127.0.0.1', 'POST', '/sandbox/webhooks/faults', JSON_HEADERS, FAULT)).status, 201, 'a program');
  assert.equal((await faultsNow()).length, 2);
  assert.equal((await send('127.0.0.1', 'DELETE', '/sandbox/webhooks/faults')).status, 200);
});
