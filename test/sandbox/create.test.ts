import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newTransaction, sandboxForTests } from './helpers.js';

const sandbox = await sandboxForTests();
const token = await sandbox.token();

const METADATA_DEFAULTS = {
  challenges_required: 0,
  document_verification: false,
  require_document_validation: false,
  verify_image_authenticity: false,
  enrolment: false,
  fraud_check: false,
  internal_credential_check: false,
  capture_document_expiration: 120,
  capture_facial_expiration: 120,
  capture_challenge_expiration: 120,
  document_tolerance: 0,
  webhook_full_update: false,
  web_redirect: false,
  timer: false,
  show_timer: true,
  show_auto_button: true,
};

test('create answers 201 with a transaction envelope', async () => {
  const { status, body } = await sandbox.create(token);
  assert.equal(status, 201);
  assert.equal(body.code, 201);
  assert.equal(body.resource, 'Transaction');
  assert.equal(body.message, 'Created');
  assert.match(body.data.uuid, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});

test('a new transaction is pending at Session_start with code 001 and no issue_description', async () => {
  const data = await sandbox.created(token);
  assert.deepEqual(
    {
      active: data.active,
      complete: data.complete,
      failed: data.failed,
      step: data.step,
      code: data.code,
      issue_description: data.issue_description,
    },
    { active: true, complete: false, failed: false, step: 'Session_start', code: '001', issue_description: null },
  );
  assert.deepEqual(data.verification_result, {});
});

test('the stored transaction has every default of §2.3 and §2.3.1 filled in', async () => {
  const data = await sandbox.created(token, { metadata: { nin: '11.111.111-1' } });
  assert.equal(data.tries, 3);
  assert.equal(data.expiration, 600);
  assert.deepEqual(data.metadata, { nin: '11.111.111-1', ...METADATA_DEFAULTS });
});

test('every optional field of the request is echoed in the transaction', async () => {
  const request = newTransaction({
    tries: 5,
    expiration: 900,
    webhook: 'https://example.test/hook',
    scope: 'onboarding',
    user_id: 'user-7',
    client_id: 'web',
    creator_user_id: 'agent-3',
    allowed_clients: ['web', 'app'],
    metadata: {
      ...METADATA_DEFAULTS,
      nin: '12.345.678-5',
      country: 'CL',
      challenges_required: 2,
      redirect_uri: 'https://example.test/done',
      web_redirect: true,
      document_tolerance: 2,
    },
  });
  const { body } = await sandbox.create(token, request);
  const { data } = body;
  for (const field of [
    'transaction_id',
    'company_id',
    'authorization_method',
    'tries',
    'expiration',
    'webhook',
    'scope',
    'user_id',
    'client_id',
    'creator_user_id',
    'allowed_clients',
    'metadata',
  ]) {
    assert.deepEqual(data[field], request[field], field);
  }
});

test('fields not given are null in the transaction', async () => {
  const data = await sandbox.created(token);
  for (const field of [
    'user_id',
    'scope',
    'allowed_clients',
    'nanoid',
    'client_id',
    'webhook',
    'creator_user_id',
    'deleted_at',
    'extra_check_details',
  ]) {
    assert.equal(data[field], null, field);
  }
});

test('validator_url is the sandbox verification link by default', async () => {
  const data = await sandbox.created(token);
  assert.equal(data.validator_url, `${sandbox.url}/transactions/${data.uuid}`);
});

test('a link template expands {{transaction_uuid}} and {{nin}} into validator_url', async () => {
  const data = await sandbox.created(token, { link: 'https://verify.example.test/{{transaction_uuid}}?rut={{nin}}' });
  assert.equal(data.validator_url, `https://verify.example.test/${data.uuid}?rut=11.111.111-1`);
});

test('nanoid: true gives the transaction a 6-character nanoid', async () => {
  const data = await sandbox.created(token, { nanoid: true });
  assert.match(data.nanoid, /^[A-Za-z0-9_-]{6}$/);
});

test('transactions get increasing numeric ids', async () => {
  const first = await sandbox.created(token);
  const second = await sandbox.created(token);
  assert.equal(second.id, first.id + 1);
});

for (const [what, tries] of [
  ['0', 0],
  ['negative', -1],
] as const) {
  test(`tries ${what} answers 400 with an error envelope`, async () => {
    const { status, body } = await sandbox.create(token, newTransaction({ tries }));
    assert.equal(status, 400);
    assert.deepEqual(body, { code: 400, resource: 'Transaction', message: 'Bad request', errors: 'tries must be at least 1' });
  });
}

test('tries 1 is accepted', async () => {
  assert.equal((await sandbox.create(token, newTransaction({ tries: 1 }))).status, 201);
});

for (const field of ['capture_document_expiration', 'capture_facial_expiration', 'capture_challenge_expiration']) {
  test(`${field} greater than expiration answers 400`, async () => {
    const captures = { capture_document_expiration: 100, capture_facial_expiration: 100, capture_challenge_expiration: 100, [field]: 101 };
    const { status, body } = await sandbox.create(
      token,
      newTransaction({ expiration: 100, metadata: { nin: '11.111.111-1', ...captures } }),
    );
    assert.equal(status, 400);
    assert.equal(body.errors, `metadata.${field} (101) is greater than expiration (100)`);
  });
}

test('capture times equal to expiration are accepted', async () => {
  const metadata = {
    nin: '11.111.111-1',
    capture_document_expiration: 60,
    capture_facial_expiration: 60,
    capture_challenge_expiration: 60,
  };
  assert.equal((await sandbox.create(token, newTransaction({ expiration: 60, metadata }))).status, 201);
});

test('the default capture times exceed a short expiration, which answers 400', async () => {
  assert.equal((await sandbox.create(token, newTransaction({ expiration: 60 }))).status, 400);
});

test('an expiration below 1 second answers 400', async () => {
  assert.equal((await sandbox.create(token, newTransaction({ expiration: 0 }))).status, 400);
});

const MODEL_ERRORS: Array<[string, Record<string, unknown>, RegExp]> = [
  ['a missing transaction_id', { transaction_id: undefined }, /transaction_id/],
  ['a missing company_id', { company_id: undefined }, /company_id/],
  ['a missing authorization_method', { authorization_method: undefined }, /authorization_method/],
  ['an unknown authorization_method', { authorization_method: 'telepathy' }, /authorization_method/],
  ['challenges_required 3', { metadata: { nin: '11.111.111-1', challenges_required: 3 } }, /challenges_required/],
  ['challenges_required -1', { metadata: { nin: '11.111.111-1', challenges_required: -1 } }, /challenges_required/],
  ['a malformed webhook', { webhook: 'not a url' }, /webhook/],
  ['a webhook that is not http(s)', { webhook: 'ftp://example.test/hook' }, /webhook/],
  ['a malformed redirect_uri', { metadata: { nin: '11.111.111-1', redirect_uri: 'nowhere' } }, /redirect_uri/],
  ['a malformed user_email', { user_email: 'not-an-email' }, /user_email/],
  ['kyc_register without metadata', { metadata: undefined }, /metadata\.nin: kyc_register requires metadata\.nin/],
  ['kyc_register without metadata.nin', { metadata: { country: 'CL' } }, /metadata\.nin/],
  ['a nin with a wrong check digit', { metadata: { nin: '11.111.111-2' } }, /metadata\.nin: must be a valid Chilean RUT/],
  ['a nin that is not a RUT', { metadata: { nin: 'ABC' } }, /metadata\.nin/],
  ['tries as a string', { tries: '3' }, /tries/],
  ['tries as a fraction', { tries: 1.5 }, /tries/],
  ['nanoid as a string', { nanoid: 'yes' }, /nanoid/],
  ['a body that is a JSON array', { asArray: true }, /body/],
];

for (const [what, overrides, errors] of MODEL_ERRORS) {
  test(`${what} answers 422 naming the field`, async () => {
    const request = overrides.asArray ? [newTransaction()] : newTransaction(overrides);
    const { status, body } = await sandbox.request('POST', '/v1/transactions/', { token, json: request });
    assert.equal(status, 422);
    assert.equal(body.code, 422);
    assert.equal(body.resource, 'Transaction');
    assert.match(body.errors, errors);
  });
}

for (const nin of ['11.111.111-1', '111111111', '11111111-1', '22.333.444-K', '22333444-k', '9.876.543-3']) {
  test(`the RUT ${nin} is accepted as a nin`, async () => {
    assert.equal((await sandbox.create(token, newTransaction({ metadata: { nin } }))).status, 201);
  });
}

test('methods other than kyc_register need no nin', async () => {
  const { status } = await sandbox.create(token, newTransaction({ authorization_method: 'kyc_register_simple', metadata: undefined }));
  assert.equal(status, 201);
});

test('a repeated transaction_id for the same company answers 409 Duplicated and creates nothing', async () => {
  const request = newTransaction();
  const first = (await sandbox.create(token, request)).body.data;
  const { status, body } = await sandbox.create(token, { ...request, tries: 9 });
  assert.equal(status, 409);
  assert.equal(body.resource, 'Transaction');
  assert.equal(body.message, 'Duplicated');
  assert.equal((await sandbox.get(token, first.uuid)).body.data.tries, 3);
  assert.equal((await sandbox.created(token)).id, first.id + 1);
});

test('the same transaction_id is free for another company', async () => {
  const request = newTransaction();
  await sandbox.create(token, request);
  const { status } = await sandbox.create(await sandbox.token('other-client', 'other-secret'), { ...request, company_id: 'other-company' });
  assert.equal(status, 201);
});

test("creating for a company other than the token's answers 403", async () => {
  const { status, body } = await sandbox.create(token, newTransaction({ company_id: 'other-company' }));
  assert.equal(status, 403);
  assert.equal(body.errors, 'The token is not for company other-company');
});

test('the handle counts the transactions created, not the refused ones', async () => {
  const before = sandbox.handle.transactionsCreated();
  const request = newTransaction();
  await sandbox.create(token, request);
  await sandbox.create(token, request);
  await sandbox.create(token, newTransaction());
  assert.equal(sandbox.handle.transactionsCreated(), before + 2);
});
