import assert from 'node:assert/strict';
import { test } from 'node:test';
import { stateOf } from '../../src/shared/transaction-state.js';
import { sandboxForTests } from './helpers.js';

const sandbox = await sandboxForTests();
const token = await sandbox.token();

const open = (uuid: string, query = '') => sandbox.page(uuid, query);
const choose = (uuid: string, outcome: string, query = '') =>
  sandbox.request('POST', `/transactions/${uuid}${query}`, {
    body: new URLSearchParams({ outcome }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const read = async (uuid: string) => (await sandbox.get(token, uuid)).body.data;
/** A transaction whose user has passed the document and chosen Selfie OK on its page. */
async function pastSelfie(metadata: Record<string, unknown> = {}) {
  const { uuid } = await sandbox.created(token, { metadata: { nin: '11.111.111-1', ...metadata } });
  await choose(uuid, '002');
  await choose(uuid, 'selfie_ok');
  return uuid;
}
const buttons = (page: string) =>
  [...page.matchAll(/<button[^>]*value="([^"]+)"[^>]*>([^<]+)<\/button>/g)].map(([, value, label]) => `${value}=${label}`);

test('the verification link serves an HTML page in Spanish by default', async () => {
  const { uuid } = await sandbox.created(token);
  const { status, headers, body } = await open(uuid);
  assert.equal(status, 200);
  assert.match(headers.get('content-type') ?? '', /^text\/html/);
  assert.match(body, /<html lang="es">/);
  assert.match(body, /<meta name="viewport"/);
  assert.ok(buttons(body).includes('002=Documento OK'));
});

test('?lang=en serves the page in English, with a link back to Spanish', async () => {
  const { uuid } = await sandbox.created(token);
  const { body } = await open(uuid, '?lang=en');
  assert.match(body, /<html lang="en">/);
  assert.ok(buttons(body).includes('002=Document OK'));
  assert.match(body, new RegExp(`href="/transactions/${uuid}\\?lang=es"`));
});

test('the document step offers every document problem, 003 to 011', async () => {
  const { uuid } = await sandbox.created(token);
  const values = buttons((await open(uuid, '?lang=en')).body).map((button) => button.split('=')[0]);
  assert.deepEqual(values, ['002', '002', '003', '004', '005', '006', '007', '008', '009', '010', '011']);
});

test('show_auto_button off hides the automatic capture button', async () => {
  const { uuid } = await sandbox.created(token, { metadata: { nin: '11.111.111-1', show_auto_button: false } });
  assert.doesNotMatch((await open(uuid, '?lang=en')).body, /Automatic capture/);
});

test('the page has one script (the timer) and no style attributes, under a strict Content-Security-Policy', async () => {
  const { uuid } = await sandbox.created(token);
  const { body, headers } = await open(uuid);
  assert.equal(body.match(/<script/g)?.length, 1);
  assert.doesNotMatch(body, /\sstyle=/);
  assert.match(headers.get('content-security-policy') ?? '', /default-src 'none'; script-src 'sha256-[^']+'; style-src 'sha256-/);
});

test('choosing Document OK records 002 and redirects back to the page in the same language', async () => {
  const { uuid } = await sandbox.created(token);
  const { status, headers } = await choose(uuid, '002', '?lang=en');
  assert.equal(status, 303);
  assert.equal(headers.get('location'), `/transactions/${uuid}?lang=en`);
  assert.equal((await read(uuid)).code, '002');
  assert.ok(buttons((await open(uuid, '?lang=en')).body).includes('selfie_ok=Selfie OK'));
});

test('choosing a document problem records its code and shows the tries left', async () => {
  const { uuid } = await sandbox.created(token);
  await choose(uuid, '008');
  assert.equal((await read(uuid)).step, 'Capture_credential_fail');
  assert.match((await open(uuid, '?lang=en')).body, /We could not validate your ID card\. [^<]*Tries left: 2\./);
});

test('the selfie step offers 014 and 015, and 016 only with fraud_check', async () => {
  const plain = await sandbox.created(token);
  const checked = await sandbox.created(token, { metadata: { nin: '11.111.111-1', fraud_check: true } });
  for (const { uuid } of [plain, checked]) await choose(uuid, '002');
  const valuesOf = async (uuid: string) => buttons((await open(uuid)).body).map((button) => button.split('=')[0]);
  assert.deepEqual(await valuesOf(plain.uuid), ['selfie_ok', '014', '015']);
  assert.deepEqual(await valuesOf(checked.uuid), ['selfie_ok', '014', '015', '016']);
});

test('a blacklisted face (016) under fraud_check fails the flow', async () => {
  const { uuid } = await sandbox.created(token, { metadata: { nin: '11.111.111-1', fraud_check: true } });
  await choose(uuid, '002');
  await choose(uuid, '016');
  assert.deepEqual([stateOf(await read(uuid)), (await read(uuid)).code], ['failed', '016']);
});

test('Selfie OK without challenges ends the flow successful', async () => {
  const uuid = await pastSelfie();
  assert.equal(stateOf(await read(uuid)), 'successful');
});

test('with challenges_required 2 the user passes two liveness challenges before success', async () => {
  const uuid = await pastSelfie({ challenges_required: 2 });
  assert.match((await open(uuid, '?lang=en')).body, /Liveness check 1 of 2/);
  await choose(uuid, 'challenge_ok');
  assert.match((await open(uuid, '?lang=en')).body, /Liveness check 2 of 2/);
  assert.equal(stateOf(await read(uuid)), 'pending');
  await choose(uuid, 'challenge_ok');
  assert.equal(stateOf(await read(uuid)), 'successful');
});

test('a failed liveness check records 015 and sends the user back to the selfie', async () => {
  const uuid = await pastSelfie({ challenges_required: 1 });
  await choose(uuid, '015');
  assert.equal((await read(uuid)).code, '015');
  assert.ok(buttons((await open(uuid, '?lang=en')).body).includes('selfie_ok=Selfie OK'));
});

test('the end shows the result and, with web_redirect, redirects to redirect_uri?id=<transaction_id>', async () => {
  const created = await sandbox.created(token, {
    metadata: { nin: '11.111.111-1', redirect_uri: 'https://shop.example.test/kyc/done', web_redirect: true },
  });
  await choose(created.uuid, '002');
  const { status, headers } = await choose(created.uuid, 'selfie_ok');
  assert.equal(status, 303);
  assert.equal(headers.get('location'), `https://shop.example.test/kyc/done?id=${created.transaction_id}`);
  assert.match((await open(created.uuid, '?lang=en')).body, /Your identity is verified\./);
});

test('redirect_uri keeps its own query when id is appended', async () => {
  const created = await sandbox.created(token, {
    tries: 1,
    metadata: { nin: '11.111.111-1', redirect_uri: 'https://shop.example.test/back?from=kyc', web_redirect: true },
  });
  const { headers } = await choose(created.uuid, '007');
  assert.equal(headers.get('location'), `https://shop.example.test/back?from=kyc&id=${created.transaction_id}`);
});

test('without web_redirect the end returns to the page, which shows the result', async () => {
  const created = await sandbox.created(token, {
    tries: 1,
    metadata: { nin: '11.111.111-1', redirect_uri: 'https://shop.example.test/done' },
  });
  const { headers } = await choose(created.uuid, '007', '?lang=en');
  assert.equal(headers.get('location'), `/transactions/${created.uuid}?lang=en`);
  const { body } = await open(created.uuid, '?lang=en');
  assert.match(body, /We could not verify your identity/);
  assert.doesNotMatch(body, /Continue/);
});

test('with a nin enrolled before, the page starts at the selfie, the second step (the card is on file)', async () => {
  const metadata = { nin: '22.333.444-K', enrolment: true };
  const first = await sandbox.created(token, { metadata });
  await sandbox.outcomes(first.uuid, '002', '013');
  const second = await sandbox.created(token, { metadata });
  const { body } = await open(second.uuid, '?lang=en');
  assert.match(body, /Step 2 of 3/);
  assert.ok(buttons(body).includes('selfie_ok=Selfie OK'));
});

test('a choice that does not fit the step answers 409 and changes nothing', async () => {
  const { uuid } = await sandbox.created(token);
  await choose(uuid, '002');
  const { status, body } = await choose(uuid, '003');
  assert.equal(status, 409);
  assert.match(body, /Ese paso ya no está disponible/);
  assert.equal((await read(uuid)).code, '002');
});

test('a choice the page does not offer answers 400', async () => {
  const { uuid } = await sandbox.created(token);
  assert.equal((await choose(uuid, '012')).status, 400);
  assert.equal((await read(uuid)).code, '001');
});

test('an unknown transaction answers a 404 page', async () => {
  const { status, body } = await open('00000000-0000-4000-8000-000000000000');
  assert.equal(status, 404);
  assert.match(body, /Verificación no encontrada/);
});

test('the page refuses the blacklist failure (016) when fraud_check is off', async () => {
  const { uuid } = await sandbox.created(token);
  await sandbox.outcomes(uuid, '002');
  assert.equal((await choose(uuid, '016')).status, 400);
  assert.equal((await read(uuid)).active, true);
});

test('the result page tells the person to go back to their computer, worded to be right wherever the flow began', async () => {
  const uuid = await pastSelfie();
  assert.match(
    (await open(uuid)).body,
    /Tu identidad está verificada\.<\/h2>[\s\S]*Si empezaste en tu computador, vuelve a él para continuar\./,
  );
  assert.match((await open(uuid, '?lang=en')).body, /If you started on your computer, go back to it to continue\./);
});

test('with a redirect at the end, the result page offers Continue instead of the way back to the computer', async () => {
  const { uuid } = await sandbox.created(token, {
    metadata: { nin: '11.111.111-1', redirect_uri: 'https://shop.example.test/kyc/done', web_redirect: true },
  });
  await sandbox.outcomes(uuid, '002', '013');
  const { body } = await open(uuid, '?lang=en');
  assert.match(body, /class="continue"/);
  assert.doesNotMatch(body, /go back to it/);
});
