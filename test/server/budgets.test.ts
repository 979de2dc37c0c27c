/** The kit's budgets (docs/budgets.md): limits no choice of owner escapes, each answered 429 budget_exceeded and told to onError once. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  KycBudgetExceededError,
  MemoryStore,
  type KycKitOptions,
  type SendLinkContext,
  type TransactionStatus,
} from '../../src/server/index.js';
import { countingFetch, ownerFromHeader, pastReadBudget, sandboxClient, useHost } from './harness.js';
import { openStream } from './sse-client.js';

const { sandbox, start, closeAfterTest } = useHost();

async function budgetedHost(options: Partial<KycKitOptions> = {}) {
  const counter = countingFetch();
  const errors: unknown[] = [];
  const sent: SendLinkContext[] = [];
  const host = await start({
    client: sandboxClient(sandbox.url, { fetch: counter.fetch }),
    owner: ownerFromHeader,
    onError: (error) => void errors.push(error),
    sendLink: async (context) => (sent.push(context), { to: 'a•••@mail.example' }),
    ...options,
  });
  const send = (uuid: string, user: string) =>
    fetch(`${host.url}/kyc/status/${uuid}/send`, {
      method: 'POST',
      headers: { 'x-user': user, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', 'kyc-verify-session': 'send' },
      body: JSON.stringify({ channel: 'email' }),
    });
  /** The budgets onError was told of, by name. */
  const told = () => errors.filter((error) => error instanceof KycBudgetExceededError).map((error) => error.budget);
  return { ...host, counter, errors, sent, send, told };
}

const owners = (count: number, prefix = 'forged') => Array.from({ length: count }, (_, index) => `${prefix}-${index}`);

test('creations past the kit-wide budget answer 429 budget_exceeded, whatever owner each claims; onError is told once', async () => {
  const { startSession, counter, told } = await budgetedHost({ budgets: { createdPerMinute: 3 } });
  const answers = [];
  for (const owner of owners(8)) answers.push(await startSession(owner, 'new'));
  assert.deepEqual(
    answers.map(({ response }) => response.status),
    [201, 201, 201, 429, 429, 429, 429, 429],
  );
  const refused = answers[3]!;
  assert.equal(refused.body.error, 'budget_exceeded');
  const retryAfter = Number(refused.response.headers.get('retry-after'));
  assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
  assert.equal(counter.creates(), 3, 'nothing created past the budget');
  assert.deepEqual(told(), ['createdPerMinute']);
});

test('with clientAddress, each address has its own creation budget', async () => {
  const clientAddress = (request: Request) => request.headers.get('x-client-address') ?? undefined;
  const { startSession, told } = await budgetedHost({ clientAddress, budgets: { createdPerAddressPerMinute: 2 } });
  const from = (address: string) => ({ 'x-client-address': address });
  const statuses = [];
  for (const owner of owners(4)) statuses.push((await startSession(owner, 'new', from('198.51.100.7'))).response.status);
  assert.deepEqual(statuses, [201, 201, 429, 429]);
  assert.equal((await startSession('someone', 'new', from('203.0.113.9'))).response.status, 201, 'another address');
  assert.deepEqual(told(), ['createdPerAddressPerMinute']);
});

test('without clientAddress no header is trusted: the per-address budget is off', async () => {
  const { startSession } = await budgetedHost({ budgets: { createdPerAddressPerMinute: 1 } });
  for (const owner of owners(3)) {
    assert.equal(
      (await startSession(owner, 'new', { 'x-forwarded-for': '198.51.100.7', 'x-client-address': '198.51.100.7' })).response.status,
      201,
    );
  }
});

test('a refusal costs no budget: a creation refused by an owner limit leaves the kit-wide budget whole', async () => {
  const { startSession } = await budgetedHost({ budgets: { createdPerMinute: 2 }, sessions: { maxPending: 1 } });
  assert.equal((await startSession('alice', 'new')).response.status, 201);
  for (let attempt = 0; attempt < 3; attempt++) assert.equal((await startSession('alice', 'new')).body.error, 'too_many_pending');
  assert.equal((await startSession('bob', 'new')).response.status, 201);
});

test('sends to one destination past its budget answer 429, whichever owner asks', async () => {
  const { startSession, send, sent, told } = await budgetedHost({
    sendDestination: () => '+56 9 1234 5678',
    budgets: { sendsPerDestinationPerHour: 2 },
  });
  const statuses = [];
  for (const owner of owners(4)) statuses.push((await send((await startSession(owner)).body.uuid, owner)).status);
  assert.deepEqual(statuses, [200, 200, 429, 429]);
  assert.equal(sent.length, 2);
  assert.deepEqual(told(), ['sendsPerDestinationPerHour']);
});

test('sends past the kit-wide budget answer 429, whatever the destination', async () => {
  const kitWide = await budgetedHost({ sendDestination: ({ owner }) => `${owner}@mail.example`, budgets: { sendsPerMinute: 3 } });
  const kitStatuses = [];
  for (const owner of owners(5)) kitStatuses.push((await kitWide.send((await kitWide.startSession(owner)).body.uuid, owner)).status);
  assert.deepEqual(kitStatuses, [200, 200, 200, 429, 429]);
  assert.equal(kitWide.sent.length, 3);
  assert.deepEqual(kitWide.told(), ['sendsPerMinute']);
});

test('provider reads past the kit-wide budget are not made: the last known status is served, marked stale', async () => {
  const { startSession, poll, counter, told } = await budgetedHost({ budgets: { readsPerSecond: 2 } });
  const sessions = [];
  for (const owner of owners(6)) sessions.push({ owner, uuid: (await startSession(owner)).body.uuid });
  await pastReadBudget();
  const readsBefore = counter.transactionReads();
  const answers = await Promise.all(sessions.map(({ owner, uuid }) => poll(uuid, owner)));
  assert.deepEqual(new Set(answers.map((answer) => answer.status)), new Set([200]));
  assert.equal(counter.transactionReads() - readsBefore, 2);
  assert.equal(answers.filter((answer) => answer.headers.has('x-kyc-stale')).length, 4);
  assert.deepEqual(told(), ['readsPerSecond']);
});

test('streams past the budget of the process, or of a client address, answer 429 budget_exceeded', async () => {
  const clientAddress = (request: Request) => request.headers.get('x-client-address') ?? undefined;
  const { startSession, url, told } = await budgetedHost({ clientAddress, budgets: { streamsPerProcess: 3, streamsPerAddress: 2 } });
  const sessions: { owner: string; uuid: string }[] = [];
  for (const owner of owners(4)) sessions.push({ owner, uuid: (await startSession(owner)).body.uuid });
  const headersOf = (index: number, address: string) => ({ 'x-user': sessions[index]!.owner, 'x-client-address': address });
  const open = async (index: number, address: string) =>
    closeAfterTest(await openStream(`${url}/kyc/status/${sessions[index]!.uuid}`, headersOf(index, address)));
  /** A stream expected to be refused: its answer, read whole. */
  const refused = async (index: number, address: string) => {
    const answer = await fetch(`${url}/kyc/status/${sessions[index]!.uuid}`, {
      headers: { accept: 'text/event-stream', ...headersOf(index, address) },
    });
    return [answer.status, ((await answer.json()) as { error: string }).error];
  };
  await open(0, 'a');
  await open(1, 'a');
  assert.deepEqual(await refused(2, 'a'), [429, 'budget_exceeded'], 'address a holds 2');
  await open(2, 'b');
  assert.deepEqual(await refused(3, 'c'), [429, 'budget_exceeded'], 'the process holds 3');
  assert.deepEqual(new Set(told()), new Set(['streamsPerAddress', 'streamsPerProcess']));
});

test('a full MemoryStore admits a new user as soon as a transaction has ended and its result is delivered', async () => {
  const results: TransactionStatus[] = [];
  const { startSession, poll, kit } = await budgetedHost({
    store: new MemoryStore({ maxEntries: 3 }),
    onResult: (status) => void results.push(status),
  });
  const flood = [];
  for (const owner of owners(3)) flood.push({ owner, uuid: (await startSession(owner, 'new')).body.uuid });
  const walled = await startSession('newcomer');
  assert.deepEqual([walled.response.status, walled.body.error], [503, 'store_full'], 'every record is live');
  await sandbox.succeed(flood[0]!.uuid);
  await pastReadBudget();
  assert.equal(((await (await poll(flood[0]!.uuid, flood[0]!.owner)).json()) as TransactionStatus).state, 'successful');
  await kit.idle();
  assert.equal(results.length, 1, 'its result was delivered');
  assert.equal((await startSession('newcomer')).response.status, 201, 'admitted in its place, not a day later');
  assert.equal((await startSession('another')).response.status, 503, 'the live ones still hold their room');
});
