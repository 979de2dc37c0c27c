import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MemoryStore, type TokenStore } from '../../src/server/index.js';
import { countingFetch, createRequest, sandboxClient, useSandbox } from './harness.js';

const sandbox = useSandbox();

/** Clients standing for the processes of a fleet: each its own token cache, one shared store, one counter. */
function fleetClients(count: number, tokenStore: TokenStore) {
  const counter = countingFetch();
  const clients = Array.from({ length: count }, () => sandboxClient(sandbox.url, { fetch: counter.fetch, tokenStore }));
  return { clients, counter };
}

test('clients sharing a token store ask for one token between them', async () => {
  const { clients, counter } = fleetClients(3, new MemoryStore());
  await Promise.all(clients.map((client) => client.createTransaction(createRequest())));
  assert.equal(counter.tokenRequests(), 1);
});

test('a token the service refused is not taken back from the shared store', async () => {
  const store = new MemoryStore();
  store.setShared('access-token', JSON.stringify({ token: 'revoked-token', refreshAt: Date.now() + 3_600_000 }), 3_600_000);
  const { clients, counter } = fleetClients(1, store);
  await clients[0]!.createTransaction(createRequest());
  assert.equal(counter.tokenRequests(), 1, 'one fresh token after the 401');
  assert.notEqual(JSON.parse(store.getShared('access-token')!).token, 'revoked-token');
});

test('a shared store that fails costs a token request, never the call', async () => {
  const failing: TokenStore = {
    getShared: () => Promise.reject(new Error('redis is down')),
    setShared: () => Promise.reject(new Error('redis is down')),
    acquire: () => Promise.reject(new Error('redis is down')),
  };
  const { clients, counter } = fleetClients(1, failing);
  const created = await clients[0]!.createTransaction(createRequest());
  assert.ok(created.uuid);
  assert.equal(counter.tokenRequests(), 1);
});
