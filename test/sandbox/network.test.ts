import assert from 'node:assert/strict';
import { networkInterfaces } from 'node:os';
import { test } from 'node:test';
import { newTransaction, sandboxForTests } from './helpers.js';

const networkAddresses = Object.values(networkInterfaces())
  .flat()
  .filter((address) => address && !address.internal)
  .map((address) => address!.address);

test('listening on all interfaces, the sandbox names a network address of this machine, and answers there', async () => {
  const sandbox = await sandboxForTests({ host: '0.0.0.0' });
  const { hostname } = new URL(sandbox.url);
  assert.ok(networkAddresses.length === 0 ? hostname === '127.0.0.1' : networkAddresses.includes(hostname), hostname);
  assert.equal((await fetch(`${sandbox.url}/openapi.json`)).status, 200);
});

test('listening on all interfaces, the verification links it makes open from the network', async () => {
  const sandbox = await sandboxForTests({ host: '0.0.0.0' });
  const { body } = await sandbox.create(await sandbox.token(), newTransaction());
  assert.equal(new URL(body.data.validator_url).origin, sandbox.url);
  const page = await fetch(body.data.validator_url);
  assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
});
