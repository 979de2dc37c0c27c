// docs/host-protocol.schema.json against the kit's real answers, over HTTP, with the sandbox as the service:
// the schema a backend in another language implements from must be what the kit itself answers.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Phone } from './handoff-host.js';
import { ownerFromHeader, pastReadBudget, useHost } from './harness.js';
import { openStream } from './sse-client.js';

const SCHEMA_FILE = 'docs/host-protocol.schema.json';

const { sandbox, start, closeAfterTest } = useHost();

const schemaValidator = (async () => {
  // strict: a keyword ajv does not know (a typo in the schema) fails the compilation.
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
  addFormats.default(ajv);
  const schema = JSON.parse(await readFile(SCHEMA_FILE, 'utf8')) as { $id: string };
  ajv.addSchema(schema);
  return (definition: string, value: unknown) => {
    const validate = ajv.getSchema(`${schema.$id}#/$defs/${definition}`);
    assert.ok(validate, `${SCHEMA_FILE} has no $defs/${definition}`);
    assert.ok(validate(value), `${definition} disagrees with ${SCHEMA_FILE}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(value)}`);
  };
})();

const matches = async (definition: string, value: unknown) => (await schemaValidator)(definition, value);

/** POSTs the session URL as the element does, as alice. */
const postSession = (url: string) =>
  fetch(`${url}/kyc/session`, {
    method: 'POST',
    headers: { accept: 'application/json', 'kyc-verify-session': 'resume', 'x-user': 'alice' },
  });

/** A kit whose caller is the `x-user` header, and the answer to alice's session POST. */
async function hostWithSession() {
  const host = await start({ owner: ownerFromHeader });
  const response = await postSession(host.url);
  return { host, response, body: (await response.json()) as { uuid: string } };
}

test('the session answer (201) matches sessionAnswer', async () => {
  const { response, body } = await hostWithSession();
  assert.equal(response.status, 201);
  await matches('sessionAnswer', body);
});

test('a resumed session answer (200) matches sessionAnswer', async () => {
  const { host, body } = await hostWithSession();
  const response = await postSession(host.url);
  assert.equal(response.status, 200);
  const resumed = (await response.json()) as { uuid: string };
  assert.equal(resumed.uuid, body.uuid);
  await matches('sessionAnswer', resumed);
});

test('a session answer with status_url (the kit told where its status handler is) matches sessionAnswer', async () => {
  const host = await start({ owner: ownerFromHeader, statusUrl: '/kyc/status/{uuid}' });
  const { body } = await host.startSession();
  assert.equal(body.status_url, `/kyc/status/${body.uuid}`);
  await matches('sessionAnswer', body);
});

test('the status answer (200) matches status', async () => {
  const { host, body } = await hostWithSession();
  const response = await host.poll(body.uuid);
  assert.equal(response.status, 200);
  await matches('status', await response.json());
});

test('an ended transaction’s status answer matches status', async () => {
  const { host, body } = await hostWithSession();
  await sandbox.succeed(body.uuid);
  await pastReadBudget();
  const status = (await (await host.poll(body.uuid)).json()) as { state: string };
  assert.equal(status.state, 'successful');
  await matches('status', status);
});

test('an error answer (404 for another caller) matches errorBody', async () => {
  const { host, body } = await hostWithSession();
  const response = await host.poll(body.uuid, 'mallory');
  assert.equal(response.status, 404);
  await matches('errorBody', await response.json());
});

test('the stream’s status event and its heartbeat match status and pingEvent', async () => {
  const host = await start({ owner: ownerFromHeader, tuning: { streamHeartbeatMs: 100 } });
  const { body } = await host.startSession();
  const events = closeAfterTest(await openStream(`${host.url}/kyc/status/${body.uuid}`, { 'x-user': 'alice' }));
  await matches('status', JSON.parse((await events.next('status')).data));
  await matches('pingEvent', JSON.parse((await events.next('ping')).data));
});

test('the KYC API’s transaction envelope, which a host may forward, matches forwardedEnvelope', async () => {
  const { body } = await hostWithSession();
  const token = (await (
    await fetch(`${sandbox.url}/oauth/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: 'sandbox-client', client_secret: 'sandbox-secret', grant_type: 'client_credentials' }),
    })
  ).json()) as { access_token: string };
  const response = await fetch(`${sandbox.url}/v1/transactions/${body.uuid}`, {
    headers: { authorization: `Bearer ${token.access_token}` },
  });
  assert.equal(response.status, 200);
  await matches('forwardedEnvelope', await response.json());
});

test("a sending host's session and status answers, its send answer and a send's 429 match the schema", async () => {
  const host = await start({ owner: ownerFromHeader, sendLink: async () => ({ to: 'a•••@mail.example' }) });
  const session = (await (await postSession(host.url)).json()) as { uuid: string; send: string[] };
  assert.deepEqual(session.send, ['email']);
  await matches('sessionAnswer', session);
  await matches('status', await (await fetch(`${host.url}/kyc/status/${session.uuid}`, { headers: { 'x-user': 'alice' } })).json());
  const send = () =>
    fetch(`${host.url}/kyc/status/${session.uuid}/send`, {
      method: 'POST',
      headers: { 'kyc-verify-session': 'send', 'x-user': 'alice' },
      body: '{"channel":"email"}',
    });
  await matches('sendAnswer', await (await send()).json());
  await matches('errorBody', await (await send()).json());
});

test("with the short link, the session answer's typed_code and the status's handoff, polled and streamed, match the schema", async () => {
  const host = await start((url) => ({ owner: ownerFromHeader, handoff: { url: `${url}/kyc/go` } }));
  const { body } = await host.startSession();
  assert.ok(body.typed_code);
  await matches('sessionAnswer', body);
  const events = closeAfterTest(await openStream(`${host.url}/kyc/status/${body.uuid}`, { 'x-user': 'alice' }));
  await events.next('status');
  const typed = body.typed_code as { url: string };
  assert.equal((await new Phone(typed.url).open(body.link)).status, 303);
  const streamed = JSON.parse((await events.next('status')).data) as { handoff?: unknown };
  assert.ok(streamed.handoff);
  await matches('status', streamed);
  await matches('status', await (await host.poll(body.uuid)).json());
});
