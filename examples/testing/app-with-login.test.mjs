// node:test — your own app with a login, verified against the sandbox: the session as the page starts
// it, the end as the service gives it, and the next read that shows it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestSandbox } from 'kyc-verify/testing';
import { startApp } from './app.mjs';

let sandbox;
let app;
before(async () => {
  sandbox = await startTestSandbox();
  app = await startApp(sandbox.url);
});
after(async () => {
  await app.close();
  await sandbox.close();
});

/** Logs in with the app's own login: the cookie its answer sets, as a browser would send it back. */
async function logIn(user) {
  const answer = await fetch(`${app.url}/login?user=${user}`, { method: 'POST', redirect: 'manual' });
  return answer.headers.getSetCookie()[0].split(';')[0];
}

/** The session POST the element sends: `resume` on a page's first load and reloads, `new` after an end (Try again). */
async function startSession(cookie, kind = 'resume') {
  const answer = await fetch(`${app.url}/kyc/session`, { method: 'POST', headers: { cookie, 'kyc-verify-session': kind } });
  return { status: answer.status, ...(await answer.json()) };
}

const poll = async (cookie, uuid) => (await fetch(`${app.url}/kyc/session/${uuid}`, { headers: { cookie } })).json();

/** The status once it is no longer pending, polled a few times a second as the element polls. */
async function nextEnd(cookie, uuid) {
  for (;;) {
    const status = await poll(cookie, uuid);
    if (status.state !== 'pending') return status;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

test('a logged-in user verifies: the session resumes on reload, the end reaches the app once', async () => {
  const alice = await logIn('alice');
  const created = await startSession(alice);
  assert.equal(created.status, 201);
  const reloaded = await startSession(alice);
  assert.deepEqual([reloaded.status, reloaded.uuid, reloaded.resumed], [200, created.uuid, true]);

  await sandbox.succeed(created.uuid);
  // The kit reads the service at most once a second per transaction: a poll right after succeed may
  // still say pending. Poll as the element does until the next read shows the end, then let the
  // kit finish what that read started: onResult.
  assert.equal((await nextEnd(alice, created.uuid)).state, 'successful');
  await app.idle();
  assert.deepEqual(app.results, [{ owner: 'alice', uuid: created.uuid, state: 'successful' }]);

  // After an end the element asks for a new one; another user never sees alice's.
  const again = await startSession(alice, 'new');
  assert.equal(again.status, 201);
  assert.notEqual(again.uuid, created.uuid);
  const bob = await logIn('bob');
  assert.equal((await fetch(`${app.url}/kyc/session/${created.uuid}`, { headers: { cookie: bob } })).status, 404);
});
