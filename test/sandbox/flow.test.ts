import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DOCUMENT_PROBLEM_CODES, ISSUE_CODES } from '../../src/shared/issue-codes.js';
import { SELFIE_SCORES } from '../../src/sandbox/index.js';
import { stateOf } from '../../src/shared/transaction-state.js';
import { sandboxForTests } from './helpers.js';

const sandbox = await sandboxForTests();
const token = await sandbox.token();

const summary = (data: any) => ({ state: stateOf(data), step: data.step, code: data.code, issue_description: data.issue_description });

test('document OK (002) moves to Capture_credential_Ok, still pending', async () => {
  const { uuid } = await sandbox.created(token);
  const { status, body } = await sandbox.outcome(uuid, '002');
  assert.equal(status, 200);
  assert.equal(body.message, 'Updated');
  assert.deepEqual(summary(body.data), { state: 'pending', step: 'Capture_credential_Ok', code: '002', issue_description: null });
});

for (const code of DOCUMENT_PROBLEM_CODES) {
  test(`document problem ${code} moves to Capture_credential_fail with code ${code} while tries remain`, async () => {
    const { uuid } = await sandbox.created(token);
    const data = await sandbox.outcomes(uuid, code);
    assert.deepEqual(summary(data), { state: 'pending', step: 'Capture_credential_fail', code, issue_description: null });
  });

  test(`document problem ${code} on the last try ends failed with its meaning`, async () => {
    const { uuid } = await sandbox.created(token, { tries: 1 });
    const data = await sandbox.outcomes(uuid, code);
    assert.deepEqual(summary(data), { state: 'failed', step: 'Capture_credential_fail', code, issue_description: ISSUE_CODES[code] });
  });
}

test('each document problem uses up a try: the third of three tries ends failed', async () => {
  const { uuid } = await sandbox.created(token);
  assert.equal(stateOf(await sandbox.outcomes(uuid, '003', '007')), 'pending');
  assert.equal(stateOf(await sandbox.outcomes(uuid, '010')), 'failed');
});

test('after a document problem the user may capture the document again', async () => {
  const { uuid } = await sandbox.created(token);
  const data = await sandbox.outcomes(uuid, '004', '002');
  assert.deepEqual(summary(data), { state: 'pending', step: 'Capture_credential_Ok', code: '002', issue_description: null });
});

test('with require_document_validation, an invalid document (006) ends failed at once', async () => {
  const { uuid } = await sandbox.created(token, { metadata: { nin: '11.111.111-1', require_document_validation: true } });
  assert.deepEqual(summary(await sandbox.outcomes(uuid, '006')), {
    state: 'failed',
    step: 'Capture_credential_fail',
    code: '006',
    issue_description: ISSUE_CODES['006'],
  });
});

test('with require_document_validation, other document problems still allow a retry', async () => {
  const { uuid } = await sandbox.created(token, { metadata: { nin: '11.111.111-1', require_document_validation: true } });
  assert.equal(stateOf(await sandbox.outcomes(uuid, '007')), 'pending');
});

for (const code of ['012', '013']) {
  test(`success (${code}) ends Successful at Session_complete_Ok with code 013 and the match score`, async () => {
    const { uuid } = await sandbox.created(token);
    const data = await sandbox.outcomes(uuid, '002', code);
    assert.deepEqual(summary(data), {
      state: 'successful',
      step: 'Session_complete_Ok',
      code: '013',
      issue_description: ISSUE_CODES['013'],
    });
    assert.deepEqual(data.verification_result, { selfie_document_match: SELFIE_SCORES.match });
  });
}

for (const [code, score] of [
  ['014', SELFIE_SCORES.mismatch],
  ['015', SELFIE_SCORES.lowScore],
] as const) {
  test(`selfie failure ${code} uses up a try and lets the user retake the selfie`, async () => {
    const { uuid } = await sandbox.created(token);
    const data = await sandbox.outcomes(uuid, '002', code);
    assert.deepEqual(summary(data), { state: 'pending', step: 'Capture_credential_Ok', code, issue_description: null });
    assert.equal(stateOf(await sandbox.outcomes(uuid, '012')), 'successful');
  });

  test(`selfie failure ${code} on the last try ends failed at Session_complete_fail`, async () => {
    const { uuid } = await sandbox.created(token, { tries: 1 });
    const data = await sandbox.outcomes(uuid, '002', code);
    assert.deepEqual(summary(data), { state: 'failed', step: 'Session_complete_fail', code, issue_description: ISSUE_CODES[code] });
    assert.deepEqual(data.verification_result, { selfie_document_match: score });
  });
}

test('document and selfie failures share the tries', async () => {
  const { uuid } = await sandbox.created(token, { tries: 2 });
  assert.equal(stateOf(await sandbox.outcomes(uuid, '005', '002', '014')), 'failed');
});

for (const codes of [[], ['002']]) {
  test(`016 ends the flow failed at Session_complete_fail from ${codes.length ? 'the selfie' : 'the document'} step`, async () => {
    const { uuid } = await sandbox.created(token, { metadata: { nin: '11.111.111-1', fraud_check: true } });
    const data = await sandbox.outcomes(uuid, ...codes, '016');
    assert.deepEqual(summary(data), { state: 'failed', step: 'Session_complete_fail', code: '016', issue_description: ISSUE_CODES['016'] });
  });
}

test('time_out expires the transaction: all three booleans false, step and code time_out', async () => {
  const { uuid } = await sandbox.created(token);
  const data = await sandbox.outcomes(uuid, 'time_out');
  assert.deepEqual([data.active, data.complete, data.failed], [false, false, false]);
  assert.deepEqual(summary(data), { state: 'expired', step: 'time_out', code: 'time_out', issue_description: ISSUE_CODES.time_out });
  assert.deepEqual(data.verification_result, { selfie_document_match: 0 });
});

test('the outcome shows in the authoritative read', async () => {
  const { uuid } = await sandbox.created(token);
  const applied = await sandbox.outcomes(uuid, '002', '013');
  assert.deepEqual((await sandbox.get(token, uuid)).body.data, applied);
});

test('a code after the end answers 409 and changes nothing', async () => {
  const { uuid } = await sandbox.created(token);
  const ended = await sandbox.outcomes(uuid, '002', '012');
  const { status, body } = await sandbox.outcome(uuid, '016');
  assert.equal(status, 409);
  assert.equal(body.errors, 'The transaction has ended');
  assert.deepEqual((await sandbox.get(token, uuid)).body.data, ended);
});

for (const [code, before, reason] of [
  ['012', [], 'Code 012 needs the selfie step'],
  ['014', [], 'Code 014 needs the selfie step'],
  ['002', ['002'], 'Code 002 needs the document capture step'],
  ['003', ['002'], 'Code 003 needs the document capture step'],
  ['001', ['002'], 'Code 001 is set at creation only'],
] as const) {
  test(`code ${code} ${before.length ? 'after 002' : 'at Session_start'} does not fit its step: 409`, async () => {
    const { uuid } = await sandbox.created(token);
    await sandbox.outcomes(uuid, ...before);
    const { status, body } = await sandbox.outcome(uuid, code);
    assert.equal(status, 409);
    assert.equal(body.errors, reason);
  });
}

test('a code that is not an issue code answers 422', async () => {
  const { uuid } = await sandbox.created(token);
  assert.equal((await sandbox.outcome(uuid, '999')).status, 422);
});

test('an outcome for an unknown transaction answers 404', async () => {
  assert.equal((await sandbox.outcome('00000000-0000-4000-8000-000000000000', '002')).status, 404);
});

test('with enrolment, a nin enrolled by an earlier success skips the document', async () => {
  const metadata = { nin: '15.678.901-1', enrolment: true };
  const first = await sandbox.created(token, { metadata });
  await sandbox.outcomes(first.uuid, '002', '013');
  const second = await sandbox.created(token, { metadata });
  assert.equal((await sandbox.outcome(second.uuid, '002')).status, 409);
  assert.equal(stateOf(await sandbox.outcomes(second.uuid, '013')), 'successful');
});

test('without enrolment on the new transaction, an enrolled nin still captures the document', async () => {
  const first = await sandbox.created(token, { metadata: { nin: '18.765.432-7', enrolment: true } });
  await sandbox.outcomes(first.uuid, '002', '013');
  const second = await sandbox.created(token, { metadata: { nin: '18.765.432-7' } });
  assert.equal((await sandbox.outcome(second.uuid, '002')).status, 200);
});

test('an enrolment belongs to one company', async () => {
  const metadata = { nin: '20.123.456-5', enrolment: true };
  const first = await sandbox.created(token, { metadata });
  await sandbox.outcomes(first.uuid, '002', '013');
  const other = await sandbox.token('other-client', 'other-secret');
  const elsewhere = await sandbox.created(other, { company_id: 'other-company', metadata });
  assert.equal((await sandbox.outcome(elsewhere.uuid, '002')).status, 200);
});

test('a failed transaction enrols nobody', async () => {
  const metadata = { nin: '9.876.543-3', enrolment: true };
  const first = await sandbox.created(token, { tries: 1, metadata });
  await sandbox.outcomes(first.uuid, '002', '014');
  const second = await sandbox.created(token, { metadata });
  assert.equal((await sandbox.outcome(second.uuid, '002')).status, 200);
});

test('a selfie mismatch (014) does not fit a liveness challenge: 409, nothing changes', async () => {
  const { uuid } = await sandbox.created(token, { metadata: { nin: '11.111.111-1', challenges_required: 1 } });
  await sandbox.outcomes(uuid, '002');
  await sandbox.request('POST', `/transactions/${uuid}`, {
    body: new URLSearchParams({ outcome: 'selfie_ok' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  assert.equal((await sandbox.outcome(uuid, '014')).status, 409);
  assert.equal((await sandbox.get(token, uuid)).body.data.code, '002');
});
