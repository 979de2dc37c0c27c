import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  KycApiError,
  KycProtocolError,
  KycTimeoutError,
  KycValidationError,
  type CreateTransactionRequest,
} from '../../src/server/index.js';
import { countingFetch, createRequest, NIN, sandboxClient, useSandbox } from './harness.js';

const sandbox = useSandbox();

/** A fetch that rewrites the create request after the kit validated it: how a rule only the service enforces is reached. */
const alteringCreateBody = (from: string, to: string) => (input: string, init: RequestInit) =>
  fetch(
    input,
    typeof init.body === 'string' && input.endsWith('/v1/transactions/') ? { ...init, body: init.body.replace(from, to) } : init,
  );

/** Rejects with a KycApiError of `status` (and returns it for further checks). */
async function apiError(promise: Promise<unknown>, status: number): Promise<KycApiError> {
  const error = await promise.then(
    () => assert.fail(`expected a KycApiError ${status}`),
    (error: unknown) => error,
  );
  assert.ok(error instanceof KycApiError, `expected a KycApiError, got ${error}`);
  assert.equal(error.status, status);
  return error;
}

describe('token cache', () => {
  test('reuses one token for many sequential calls', async () => {
    const counter = countingFetch();
    const client = sandboxClient(sandbox.url, { fetch: counter.fetch });
    const { uuid } = await client.createTransaction(createRequest());
    for (let i = 0; i < 5; i++) await client.getTransaction(uuid);
    assert.equal(counter.tokenRequests(), 1);
  });

  test('asks for one token however many concurrent calls wait for it (50)', async () => {
    const counter = countingFetch();
    const client = sandboxClient(sandbox.url, { fetch: counter.fetch });
    await Promise.all(Array.from({ length: 50 }, () => client.createTransaction(createRequest())));
    assert.equal(counter.tokenRequests(), 1);
  });

  test('refreshes the token before it expires, without a 401', async () => {
    let offsetMs = 0;
    const counter = countingFetch();
    const client = sandboxClient(sandbox.url, { fetch: counter.fetch, now: () => Date.now() + offsetMs });
    const { uuid } = await client.createTransaction(createRequest());
    // 30 s before the 7200 s lifetime ends, on both clocks: inside the refresh margin.
    offsetMs += 7170_000;
    await sandbox.advanceClock(7170);
    await client.getTransaction(uuid);
    assert.equal(counter.tokenRequests(), 2);
    assert.equal(counter.calls.length, 4, 'token, create, token, get: no refused call');
  });

  test('after a 401 refreshes once and retries once', async () => {
    const counter = countingFetch();
    const client = sandboxClient(sandbox.url, { fetch: counter.fetch });
    const { uuid } = await client.createTransaction(createRequest());
    // Only the sandbox's clock moves: the kit still believes its token valid, the service does not.
    await sandbox.advanceClock(7300);
    const transaction = await client.getTransaction(uuid);
    assert.equal(transaction.uuid, uuid);
    assert.deepEqual(
      counter.calls.map((call) => `${call.method} ${new URL(call.url).pathname}`),
      [
        'POST /oauth/token/',
        'POST /v1/transactions/',
        `GET /v1/transactions/${uuid}`,
        'POST /oauth/token/',
        `GET /v1/transactions/${uuid}`,
      ],
    );
  });

  test('50 concurrent calls refused with 401 share one refresh', async () => {
    const counter = countingFetch();
    const client = sandboxClient(sandbox.url, { fetch: counter.fetch });
    const { uuid } = await client.createTransaction(createRequest());
    await sandbox.advanceClock(7300);
    await Promise.all(Array.from({ length: 50 }, () => client.getTransaction(uuid)));
    assert.equal(counter.tokenRequests(), 2);
  });

  test('a token request that fails is not cached: the next call asks again', async () => {
    let refuse = true;
    const counter = countingFetch((input, init) => (refuse ? Promise.resolve(new Response('{}', { status: 503 })) : fetch(input, init)));
    const client = sandboxClient(sandbox.url, { fetch: counter.fetch });
    await apiError(client.createTransaction(createRequest()), 503);
    refuse = false;
    await client.createTransaction(createRequest());
    assert.equal(counter.tokenRequests(), 2);
  });
});

describe('transactions', () => {
  test('createTransaction answers the created transaction (spec §2.4)', async () => {
    const client = sandboxClient(sandbox.url);
    const request = createRequest({ expiration: 300, metadata: { nin: NIN, challenges_required: 2, capture_facial_expiration: 60 } });
    const transaction = await client.createTransaction(request);
    assert.match(transaction.uuid, /^[0-9a-f-]{36}$/);
    assert.equal(transaction.transaction_id, request.transaction_id);
    assert.deepEqual([transaction.active, transaction.complete, transaction.failed], [true, false, false]);
    assert.equal(transaction.step, 'Session_start');
    assert.equal(transaction.code, '001');
    assert.equal(transaction.expiration, 300);
    assert.equal(transaction.metadata.challenges_required, 2);
  });

  test('getTransaction reads by uuid and by nanoid', async () => {
    const client = sandboxClient(sandbox.url);
    const created = await client.createTransaction(createRequest({ nanoid: true }));
    assert.equal((await client.getTransaction(created.uuid)).uuid, created.uuid);
    assert.equal((await client.getTransaction(created.nanoid!)).uuid, created.uuid);
  });

  test('getCredentialInformation reads the document data of an ended transaction', async () => {
    const client = sandboxClient(sandbox.url);
    const { uuid } = await client.createTransaction(createRequest());
    await sandbox.succeed(uuid);
    const credential = await client.getCredentialInformation(uuid);
    assert.equal(credential.name, 'Juan Pablo');
    assert.equal(credential.last_name, 'Muñoz Soto');
    assert.equal(typeof credential.identity_verification_score, 'number');
  });

  test('uses the verification URL given, else the origin of baseUrl', () => {
    assert.equal(sandboxClient('https://api.example/kyc').verificationLink('u-1'), 'https://api.example/transactions/u-1');
    assert.equal(
      sandboxClient('https://api.example', { verificationUrl: 'https://verify.example/' }).verificationLink('u-1'),
      'https://verify.example/transactions/u-1',
    );
  });
});

describe('validation before sending (spec §2.3, §2.3.1)', () => {
  const invalid: [string, Partial<CreateTransactionRequest>][] = [
    ['tries below 1', { tries: 0 }],
    ['a capture time over the expiration', { expiration: 60, metadata: { nin: NIN, capture_document_expiration: 90 } }],
    ['a default capture time (120 s) over a short expiration', { expiration: 100 }],
    ['more than 2 challenges', { metadata: { nin: NIN, challenges_required: 3 } }],
    ['negative challenges', { metadata: { nin: NIN, challenges_required: -1 } }],
    ['a RUT with a wrong check digit', { metadata: { nin: '12.345.678-9' } }],
    ['kyc_register without nin', { metadata: {} }],
    ['an unknown authorization method', { authorization_method: 'password' as CreateTransactionRequest['authorization_method'] }],
    // Read from JSON, as a request built from outside input would be: TypeScript cannot see the number.
    ['a field of the wrong type', JSON.parse('{ "user_id": 42 }')],
  ];
  for (const [rule, overrides] of invalid) {
    test(`refuses ${rule} without calling the service`, async () => {
      const counter = countingFetch();
      const client = sandboxClient(sandbox.url, { fetch: counter.fetch });
      await assert.rejects(client.createTransaction(createRequest(overrides)), KycValidationError);
      assert.equal(counter.calls.length, 0);
    });
  }

  test('accepts a RUT with K as check digit, with or without dots', async () => {
    const client = sandboxClient(sandbox.url);
    for (const nin of ['22.333.444-K', '22333444-k']) await client.createTransaction(createRequest({ metadata: { nin } }));
  });
});

describe('errors', () => {
  test('400 from the service becomes a KycApiError carrying the error envelope', async () => {
    const client = sandboxClient(sandbox.url, { fetch: alteringCreateBody('"metadata"', '"tries":0,"metadata"') });
    const error = await apiError(client.createTransaction(createRequest()), 400);
    assert.equal(error.envelope?.code, 400);
    assert.equal(error.envelope?.resource, 'Transaction');
    assert.equal(typeof error.envelope?.message, 'string');
  });

  test('401 for wrong credentials', async () => {
    await apiError(sandboxClient(sandbox.url, { clientSecret: 'wrong' }).getTransaction(crypto.randomUUID()), 401);
  });

  test('403 for a client without the write scope', async () => {
    const error = await apiError(sandboxClient(sandbox.url, { clientId: 'sandbox-reader' }).createTransaction(createRequest()), 403);
    assert.equal(error.envelope?.code, 403);
  });

  test("403 for another company's transaction", async () => {
    const { uuid } = await sandboxClient(sandbox.url, { clientId: 'other-client', clientSecret: 'other-secret' }).createTransaction(
      createRequest({ company_id: 'other-company' }),
    );
    await apiError(sandboxClient(sandbox.url).getTransaction(uuid), 403);
  });

  test('404 with the Not found envelope for an unknown uuid', async () => {
    const error = await apiError(sandboxClient(sandbox.url).getTransaction(crypto.randomUUID()), 404);
    assert.equal(error.envelope?.message, 'Not found');
  });

  test('409 with the Duplicated envelope for a repeated transaction_id', async () => {
    const client = sandboxClient(sandbox.url);
    const request = createRequest();
    await client.createTransaction(request);
    const error = await apiError(client.createTransaction(request), 409);
    assert.equal(error.envelope?.message, 'Duplicated');
  });

  test('422 from the service becomes a KycApiError', async () => {
    const client = sandboxClient(sandbox.url, { fetch: alteringCreateBody('"metadata"', '"user_id":42,"metadata"') });
    await apiError(client.createTransaction(createRequest()), 422);
  });

  test('5xx becomes a KycApiError with its status', async () => {
    const failing = async () => new Response('upstream down', { status: 503 });
    const error = await apiError(sandboxClient(sandbox.url, { fetch: failing }).getTransaction(crypto.randomUUID()), 503);
    assert.equal(error.envelope, null);
  });

  test('a call with no answer within timeoutMs rejects with KycTimeoutError', async () => {
    const silent = (_input: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)));
    await assert.rejects(sandboxClient(sandbox.url, { fetch: silent, timeoutMs: 20 }).getTransaction(crypto.randomUUID()), KycTimeoutError);
  });

  test('a transaction answer with a field the spec does not name, and a date written another way, is read with the field kept', async () => {
    const widened = async (input: string, init: RequestInit) => {
      const answer = await fetch(input, init);
      if (!input.includes('/v1/transactions/')) return answer;
      const envelope = await answer.json();
      return Response.json(
        { ...envelope, data: { ...envelope.data, created_at: '2030-01-02 03:04:05+00:00', risk_level: 'low' } },
        { status: answer.status },
      );
    };
    const transaction = await sandboxClient(sandbox.url, { fetch: widened }).createTransaction(createRequest());
    assert.equal(transaction.created_at, '2030-01-02 03:04:05+00:00');
    assert.equal(transaction.risk_level, 'low');
  });

  test('a 2xx answer that is not a transaction envelope is a KycProtocolError', async () => {
    const client = sandboxClient(sandbox.url, {
      fetch: async (input, init) => (input.includes('/oauth/') ? fetch(input, init) : Response.json({ code: 200, data: { uuid: 'x' } })),
    });
    await assert.rejects(client.getTransaction(crypto.randomUUID()), KycProtocolError);
  });
});
