/** The send handler: the link goes to its owner's own address, only while pending, only from the host's pages, within limits. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import type { SendLimitOptions, SendLinkContext } from '../../src/server/index.js';
import { createKycKit } from '../../src/server/index.js';
import { ownerFromHeader, pastReadBudget, sandboxClient, sessionHeader, useHost } from './harness.js';
import { openStream } from './sse-client.js';

const { sandbox, start, closeAfterTest } = useHost();

/** The host's own records: where each of its users receives mail. */
const ADDRESSES: Record<string, string> = { alice: 'alice@mail.example', bob: 'bob@mail.example' };
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin', 'kyc-verify-session': 'send' };

async function sendingHost(sendLimits: SendLimitOptions = {}, fail = false) {
  const sent: (SendLinkContext & { address: string })[] = [];
  const errors: unknown[] = [];
  const host = await start({
    owner: ownerFromHeader,
    onError: (error) => void errors.push(error),
    sendLimits,
    sendChannels: ['email'],
    sendLink: async (context) => {
      if (fail) throw new Error('the mail provider is down');
      const address = ADDRESSES[context.owner]!;
      sent.push({ ...context, address });
      return { to: `${address[0]}•••@${address.split('@')[1]}` };
    },
  });
  /** POSTs to the send handler of `uuid` as `user`, as the element does. */
  const send = (uuid: string, user = 'alice', body: unknown = { channel: 'email' }, headers: Record<string, string> = SAME_ORIGIN) =>
    fetch(`${host.url}/kyc/status/${uuid}/send`, {
      method: 'POST',
      headers: { 'x-user': user, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  return { ...host, sent, errors, send };
}

test("the owner's send reaches sendLink with the transaction, its link and the owner, and answers the masked destination", async () => {
  const { startSession, send, sent } = await sendingHost();
  const { body: session } = await startSession('alice');
  const answer = await send(session.uuid);
  assert.equal(answer.status, 200);
  assert.deepEqual(await answer.json(), { channel: 'email', to: 'a•••@mail.example', retry_after: 60 });
  assert.equal(sent.length, 1);
  const { uuid, link, channel, owner, address } = sent[0]!;
  assert.deepEqual(
    { uuid, link, channel, owner, address },
    { uuid: session.uuid, link: session.link, channel: 'email', owner: 'alice', address: ADDRESSES.alice },
  );
});

test('the session and status answers say on which channels the link is sent, and only when sendLink is configured', async () => {
  const sending = await sendingHost();
  const { body } = await sending.startSession('alice');
  assert.deepEqual(body.send, ['email']);
  assert.deepEqual(((await (await sending.poll(body.uuid)).json()) as { send?: string[] }).send, ['email']);
  await sending.close();
  const silent = await start({ owner: ownerFromHeader });
  assert.equal('send' in (await silent.startSession('alice')).body, false);
});

test('the status stream says on which channels the link is sent, in each event', async () => {
  const { startSession, url } = await sendingHost();
  const { body } = await startSession('alice');
  const events = closeAfterTest(await openStream(`${url}/kyc/status/${body.uuid}`, { 'x-user': 'alice' }));
  assert.deepEqual((JSON.parse((await events.next('status')).data) as { send?: string[] }).send, ['email']);
});

test('the session handler alone answers the send POST at <session-url>/{uuid}/send, where the element posts with session-url alone', async () => {
  const { startSession, url, sent } = await sendingHost();
  const { body } = await startSession('alice');
  const answer = await fetch(`${url}/kyc/session/${body.uuid}/send`, {
    method: 'POST',
    headers: { 'x-user': 'alice', 'content-type': 'application/json', ...SAME_ORIGIN },
    body: JSON.stringify({ channel: 'email' }),
  });
  assert.equal(answer.status, 200);
  assert.equal(sent.length, 1);
});

test("a POST to the session URL is the session handler's unless its path ends in a uuid then /send", async () => {
  const { url, sent } = await sendingHost();
  const answer = await fetch(`${url}/kyc/session/not-a-uuid/send`, {
    method: 'POST',
    headers: { 'x-user': 'alice', 'content-type': 'application/json', ...SAME_ORIGIN },
    body: JSON.stringify({ channel: 'email' }),
  });
  // The session handler's guard: "send" is no session header.
  assert.equal(answer.status, 403);
  assert.match(((await answer.json()) as { message: string }).message, /"resume" or "new"/);
  assert.equal(sent.length, 0);
});

test('an owner window shorter than 1 ms is refused when the kit is built: it would count no send', () => {
  assert.throws(
    () =>
      createKycKit({
        client: sandboxClient(sandbox.url),
        buildRequest: () => ({}) as never,
        onResult: () => {},
        owner: ownerFromHeader,
        sendLink: async () => ({ to: 'x' }),
        sendLimits: { ownerWindowMs: 0 },
      }),
    RangeError,
  );
});

test("a stranger's send for someone else's uuid answers 404, as an unknown uuid does, and sends nothing", async () => {
  const { startSession, send, sent } = await sendingHost();
  const { body } = await startSession('alice');
  const stranger = await send(body.uuid, 'bob');
  assert.equal(stranger.status, 404);
  assert.equal(((await stranger.json()) as { error: string }).error, 'not_found');
  assert.equal((await send(crypto.randomUUID())).status, 404);
  assert.equal(sent.length, 0);
});

test('a cross-site send, or one without the header, answers 403 and sends nothing', async () => {
  const { startSession, send, sent } = await sendingHost();
  const { body } = await startSession('alice');
  const forged = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'kyc-verify-session': 'send' };
  assert.equal((await send(body.uuid, 'alice', { channel: 'email' }, forged)).status, 403);
  assert.equal((await send(body.uuid, 'alice', { channel: 'email' }, { 'sec-fetch-site': 'same-origin' })).status, 403);
  assert.equal((await send(body.uuid, 'alice', { channel: 'email' }, { ...SAME_ORIGIN, 'kyc-verify-session': 'resume' })).status, 403);
  assert.equal(sent.length, 0);
});

test('a send for an ended transaction answers 409 not_pending and sends nothing', async () => {
  const { startSession, send, sent } = await sendingHost();
  const { body } = await startSession('alice');
  await sandbox.succeed(body.uuid);
  await pastReadBudget();
  const answer = await send(body.uuid);
  assert.equal(answer.status, 409);
  assert.equal(((await answer.json()) as { error: string }).error, 'not_pending');
  assert.equal(sent.length, 0);
});

test('a body that names a destination is ignored: the link goes to the address of the owner in the host records', async () => {
  const { startSession, send, sent } = await sendingHost();
  const { body } = await startSession('alice');
  const hostile = {
    channel: 'email',
    to: 'victim@evil.example',
    email: 'victim@evil.example',
    phone: '+56900000000',
    owner: 'bob',
    link: 'https://evil.example',
  };
  assert.equal((await send(body.uuid, 'alice', hostile)).status, 200);
  assert.equal(sent.length, 1);
  assert.deepEqual(Object.keys(sent[0]!).sort(), ['address', 'channel', 'context', 'link', 'owner', 'request', 'uuid']);
  assert.equal(sent[0]!.owner, 'alice');
  assert.equal(sent[0]!.address, ADDRESSES.alice);
  assert.equal(sent[0]!.link, body.link);
});

test('a channel the host does not offer, or none, answers 400 invalid_channel', async () => {
  const { startSession, send, sent } = await sendingHost();
  const { body } = await startSession('alice');
  for (const channel of [{ channel: 'sms' }, {}, 'email']) {
    const answer = await send(body.uuid, 'alice', channel);
    assert.equal(answer.status, 400);
    assert.equal(((await answer.json()) as { error: string }).error, 'invalid_channel');
  }
  assert.equal(sent.length, 0);
});

test('a resend within the cooldown answers 429 cooldown with Retry-After, and is sent once it has passed', async () => {
  const { startSession, send, sent } = await sendingHost({ cooldownMs: 1_000 });
  const { body } = await startSession('alice');
  assert.equal((await send(body.uuid)).status, 200);
  const early = await send(body.uuid);
  assert.equal(early.status, 429);
  assert.equal(early.headers.get('retry-after'), '1');
  assert.equal(((await early.json()) as { error: string }).error, 'cooldown');
  assert.equal(sent.length, 1);
  await delay(1_100);
  assert.equal((await send(body.uuid)).status, 200);
  assert.equal(sent.length, 2);
});

test("past the transaction's limit, a send answers 429 too_many_sends for the rest of its life", async () => {
  const { startSession, send, sent } = await sendingHost({ perTransaction: 2, cooldownMs: 0 });
  const { body } = await startSession('alice');
  assert.equal(((await (await send(body.uuid)).json()) as { retry_after: number }).retry_after, 1);
  assert.equal(((await (await send(body.uuid)).json()) as { retry_after: null }).retry_after, null, 'the last send says none is left');
  const refused = await send(body.uuid);
  assert.equal(refused.status, 429);
  assert.equal(((await refused.json()) as { error: string }).error, 'too_many_sends');
  assert.ok(Number(refused.headers.get('retry-after')) > 60, 'until the transaction expires');
  assert.equal(sent.length, 2);
});

test("past the owner's limit, a send of any of its transactions answers 429 too_many_owner_sends; another owner still sends", async () => {
  const { startSession, send, sent } = await sendingHost({ perOwner: 2, cooldownMs: 0 });
  const first = (await startSession('alice')).body;
  const second = (await startSession('alice', 'new')).body;
  assert.equal((await send(first.uuid)).status, 200);
  assert.equal((await send(second.uuid)).status, 200);
  const refused = await send(first.uuid);
  assert.equal(refused.status, 429);
  assert.equal(((await refused.json()) as { error: string }).error, 'too_many_owner_sends');
  assert.ok(Number(refused.headers.get('retry-after')) > 0);
  const bobs = (await startSession('bob')).body;
  assert.equal((await send(bobs.uuid, 'bob')).status, 200);
  assert.equal(sent.length, 3);
});

test('a sendLink that throws answers 502 send_failed, without its detail, and the error goes to onError', async () => {
  const { startSession, send, errors } = await sendingHost({}, true);
  const { body } = await startSession('alice');
  const answer = await send(body.uuid);
  assert.equal(answer.status, 502);
  const error = (await answer.json()) as { error: string; message: string };
  assert.equal(error.error, 'send_failed');
  assert.doesNotMatch(error.message, /provider/);
  assert.ok(errors.some((reported) => (reported as Error).message === 'the mail provider is down'));
});

test('the kit refuses sendLink without owner: there would be nobody to send to', () => {
  assert.throws(
    () =>
      createKycKit({
        client: sandboxClient(sandbox.url),
        buildRequest: () => new Response(),
        onResult: () => {},
        sendLink: async () => ({ to: '' }),
      }),
    /owner/,
  );
});

test('without sendLink, the send handler answers 404', async () => {
  const host = await start({ owner: ownerFromHeader });
  const { body } = await host.startSession('alice');
  const answer = await fetch(`${host.url}/kyc/status/${body.uuid}/send`, {
    method: 'POST',
    headers: { 'x-user': 'alice', ...sessionHeader(), ...SAME_ORIGIN },
  });
  assert.equal(answer.status, 404);
});
