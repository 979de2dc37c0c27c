/** Where webhooks and redirect_uri may point, by where the sandbox listens and what it is told. */
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { newTransaction, SandboxClient, sandboxForTests, webhookReceiver } from './helpers.js';

const REDIRECT = (redirect_uri: string) => ({ metadata: { nin: '11.111.111-1', redirect_uri, web_redirect: true } });

test('on loopback, a webhook and a redirect_uri may point at any host', async () => {
  const local = await sandboxForTests();
  const token = await local.token();
  assert.equal((await local.create(token, newTransaction({ webhook: 'https://hooks.example.test/kyc' }))).status, 201);
  assert.equal((await local.create(token, newTransaction(REDIRECT('https://shop.example.test/done')))).status, 201);
});

test('exposed, a webhook on loopback is accepted and delivered', async () => {
  const exposed = await sandboxForTests({ host: '0.0.0.0' });
  const receiver = await webhookReceiver();
  const { uuid } = await exposed.created(await exposed.token(), { webhook: receiver.url });
  await exposed.outcomes(uuid, '016');
  await exposed.handle.webhooksSettled();
  assert.equal(receiver.received.length, 1);
});

test("exposed, a redirect_uri on the sandbox's own host is accepted", async () => {
  const exposed = await sandboxForTests({ host: '0.0.0.0' });
  const ownHost = new URL(exposed.url).hostname;
  assert.equal((await exposed.create(await exposed.token(), newTransaction(REDIRECT(`http://${ownHost}:3000/done`)))).status, 201);
});

test('exposed, localhost and IPv4-mapped loopback count as loopback', async () => {
  const exposed = await sandboxForTests({ host: '0.0.0.0' });
  const token = await exposed.token();
  for (const webhook of ['http://localhost:3000/hook', 'http://[::ffff:127.0.0.1]:3000/hook', 'http://[::1]:3000/hook']) {
    assert.equal((await exposed.create(token, newTransaction({ webhook }))).status, 201, webhook);
  }
});

test('allowedHosts replaces the default: names, addresses and CIDR ranges are allowed, loopback then is not', async () => {
  const sandbox = await sandboxForTests({ allowedHosts: ['hooks.example.test', '10.0.0.0/8'] });
  const token = await sandbox.token();
  assert.equal((await sandbox.create(token, newTransaction({ webhook: 'https://HOOKS.example.test/kyc' }))).status, 201);
  assert.equal((await sandbox.create(token, newTransaction({ webhook: 'http://10.1.2.3:8080/kyc' }))).status, 201);
  const refused = await sandbox.create(token, newTransaction({ webhook: 'http://127.0.0.1:8080/kyc' }));
  assert.equal(refused.status, 400);
  assert.match(refused.body.errors, /allowed: hooks\.example\.test, 10\.0\.0\.0\/8/);
});

test('allowedHosts * lets an exposed sandbox reach any host', async () => {
  const exposed = await sandboxForTests({ host: '0.0.0.0', allowedHosts: ['*'] });
  assert.equal((await exposed.create(await exposed.token(), newTransaction({ webhook: 'http://10.1.2.3/kyc' }))).status, 201);
});

test('a malformed allowedHosts entry stops the sandbox from starting', async () => {
  await assert.rejects(sandboxForTests({ allowedHosts: ['10.0.0.0/33'] }), /10\.0\.0\.0\/33/);
});

test('with publicUrl, the sandbox names it as its url and as the origin of validator_url', async () => {
  const port = await freePort();
  const named = await sandboxForTests({ port, publicUrl: `http://localhost:${port}/` });
  assert.equal(named.url, `http://localhost:${port}`);
  const byAddress = new SandboxClient({ ...named.handle, url: `http://127.0.0.1:${port}` });
  const { validator_url } = await byAddress.created(await byAddress.token());
  assert.equal(new URL(validator_url).origin, `http://localhost:${port}`);
});

/** A loopback port free a moment ago. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
