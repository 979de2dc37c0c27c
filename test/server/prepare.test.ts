/**
 * `kit.prepare`: the page's own request prepares the session the element would have asked for (the
 * same resume, owner, limits and budgets as the session POST), and a request that is not the
 * browser's own navigation to the page (an embed, a link from another site, a prefetch, a
 * prerender, a robot) creates nothing. The page is a real route of the host, over HTTP.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Phone } from './handoff-host.js';
import { pastReadBudget } from './harness.js';
import { FROM_OWN_PAGE, TYPED, usePageHost } from './page-host.js';

const { sandbox, hostWithPage } = usePageHost();

test('the page typed in the address bar prepares a session: the answer the session POST would give, created once', async () => {
  const { open, counter, url } = await hostWithPage();
  const prepared = await open(TYPED);
  assert.equal(prepared.sessionUrl, `${url}/kyc/session`);
  assert.equal(prepared.session?.state, 'pending');
  assert.equal(prepared.session?.resumed, false);
  assert.match(prepared.session!.link, /\/transactions\//);
  assert.ok(prepared.session?.server_time, 'the kit’s clock, for the element’s timer');
  assert.equal(counter.creates(), 1);
});

test('the element’s session POST after a prepared page resumes the prepared transaction: nothing created twice', async () => {
  const { open, startSession, counter } = await hostWithPage();
  const prepared = await open(FROM_OWN_PAGE);
  const posted = await startSession('alice');
  assert.deepEqual([posted.response.status, posted.body.uuid, posted.body.link], [200, prepared.session!.uuid, prepared.session!.link]);
  const reloaded = await open(TYPED);
  assert.deepEqual([reloaded.session!.uuid, reloaded.session!.resumed], [prepared.session!.uuid, true]);
  assert.equal(counter.creates(), 1);
});

test('prepare keeps the owner’s limits and the kit’s budgets: refused, it creates nothing and says why', async () => {
  const { open, startSession, counter } = await hostWithPage({
    sessions: { maxCreated: 1, resumeEndedForMs: 0 },
    budgets: { createdPerMinute: 2 },
  });
  const first = await open(TYPED, 'bob');
  await sandbox.applyOutcome(first.session!.uuid, 'time_out');
  await pastReadBudget();
  assert.deepEqual(await open(TYPED, 'bob').then(({ session, refused }) => [session, refused]), [null, 'too_many_created']);
  await startSession('carol');
  assert.deepEqual(await open(TYPED, 'dave').then(({ session, refused }) => [session, refused]), [null, 'budget_exceeded']);
  assert.equal(counter.creates(), 2);
});

test('prepare answers nobody (401 of the session POST) as not prepared, and creates nothing', async () => {
  const { open, counter } = await hostWithPage({ owner: () => null });
  assert.deepEqual(await open(TYPED), { sessionUrl: (await open(TYPED)).sessionUrl, session: null, refused: 'unauthenticated' });
  assert.equal(counter.creates(), 0);
});

test('a request that is not the browser’s own navigation to the page creates nothing', async () => {
  const { open, counter } = await hostWithPage();
  const notNavigations = {
    'an <img> of another site': { 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image', 'sec-fetch-site': 'cross-site' },
    'an <iframe> of another site': { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe', 'sec-fetch-site': 'cross-site' },
    'a link followed from another site': { ...TYPED, 'sec-fetch-site': 'cross-site' },
    'a link from a sibling subdomain': { ...TYPED, 'sec-fetch-site': 'same-site' },
    'a fetch() of the page from its own origin': { 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty', 'sec-fetch-site': 'same-origin' },
    '<link rel=prefetch>': {
      'sec-fetch-mode': 'no-cors',
      'sec-fetch-dest': 'empty',
      'sec-fetch-site': 'same-origin',
      'sec-purpose': 'prefetch',
    },
    'a prefetch of speculation rules': { ...FROM_OWN_PAGE, 'sec-purpose': 'prefetch' },
    'a prerender of speculation rules': { ...FROM_OWN_PAGE, 'sec-purpose': 'prefetch;prerender' },
    'an older browser’s prefetch': { ...FROM_OWN_PAGE, purpose: 'prefetch' },
    'a link preview’s robot (no Sec-Fetch-*)': {},
  };
  for (const [name, headers] of Object.entries(notNavigations)) {
    const prepared = await open(headers);
    assert.deepEqual([prepared.session, prepared.refused], [null, 'not_a_navigation'], name);
  }
  assert.equal(counter.creates(), 0);
});

test('behind a proxy, the prepared session is built on publicUrl: the element’s session URL, the short link, the typed code and status_url under its prefix', async () => {
  const publicUrl = 'https://shop.test/app';
  const { open, startSession, url } = await hostWithPage(
    { publicUrl, statusUrl: '/kyc/status/{uuid}', clientAddress: () => '192.0.2.1' },
    '/kyc/session',
  );
  // The proxy took `/app` off and passed its own Host: neither is what the browser used.
  const prepared = await open({ ...TYPED, host: 'upstream.internal:8080' });
  const session = prepared.session!;
  assert.equal(prepared.sessionUrl, `${publicUrl}/kyc/session`);
  const token = session.link.slice(`${publicUrl}/kyc/go/`.length);
  assert.ok(
    session.link.startsWith(`${publicUrl}/kyc/go/`) && /^[^/]+$/.test(token),
    `the short link under the public go URL, not ${session.link}`,
  );
  assert.deepEqual(session.typed_code?.url, `${publicUrl}/kyc/go`);
  assert.equal(session.status_url, `${publicUrl}/kyc/status/${session.uuid}`);
  // The element's POST resumes it, with the same links; and the short link leads to the service's page.
  const posted = await startSession('alice');
  assert.deepEqual([posted.body.uuid, posted.body.link, posted.body.status_url], [session.uuid, session.link, session.status_url]);
  // A phone's first visit is sent back to the public link with its device's cookie, then on to the service.
  const phone = new Phone(`${url}/kyc/go`);
  const first = await phone.open(`${url}/kyc/go/${token}`);
  assert.deepEqual([first.status, first.headers.get('location')], [303, `${session.link}?cookie=1`]);
  const opened = await phone.open(`${url}/kyc/go/${token}?cookie=1`);
  assert.equal(opened.status, 303);
  assert.match(opened.headers.get('location')!, /\/transactions\//);
});
