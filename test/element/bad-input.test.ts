// What a hostile or broken backend can send the element, in one place: each answer below is one a
// compromised proxy, a buggy host or a man in the middle of a plain-http intranet could produce.
// The element must never run it, link to it or show nonsense for it; it reports and carries on or stops.
import { expect } from '@open-wc/testing';
import { follow, LINK, mount, next, OTHER_UUID, script, sleep, status, until, UUID, VERIFICATION_URL } from './scripted.js';

declare global {
  interface Window {
    /** Set by any injected markup that manages to run. */
    pwned?: boolean;
  }
}

const MARKUP = '<img src=x onerror="window.pwned=true"><b>bold</b>';

/** Everything the element renders, as text and as markup, with its links and images. */
function rendered(element: HTMLElement) {
  const root = element.shadowRoot!;
  return {
    text: root.textContent ?? '',
    links: [...root.querySelectorAll('a')].map((anchor) => anchor.getAttribute('href')),
    injected: root.querySelectorAll('img, b').length,
  };
}

const NONSENSE = /NaN|Infinity|undefined|null|\[object/;

describe('<kyc-verify> against bad input', () => {
  afterEach(() => delete window.pwned);

  for (const link of [
    'javascript:window.pwned=true',
    'data:text/html,<script>window.pwned=true</script>',
    'http://verify.example.cl/t/1',
  ]) {
    it(`never shows a session link that is not https (or http on this machine): ${link.split(':')[0]}:…`, async () => {
      const scripted = await script({ session: [{ status: 201, body: { uuid: UUID, link } }], status: [status('pending')] });
      const { element, of } = await mount({ 'session-url': scripted.sessionUrl, 'status-url': scripted.statusUrl, mode: 'button' });
      await until(() => of('kyc-error').length + of('kyc-state-change').length > 0);
      await element.updateComplete;
      expect(rendered(element).links.filter((href) => href !== null && !href.startsWith('https:'))).to.deep.equal([]);
      expect(window.pwned).to.equal(undefined);
    });
  }

  it('shows markup in a failed status as text, never as elements', async () => {
    const scripted = await script({ status: [status('failed', { issue_description: MARKUP, code: MARKUP, step: MARKUP })] });
    const { element } = await follow(scripted);
    await next(element, 'kyc-failed');
    await element.updateComplete;
    await sleep(50);
    expect(rendered(element).injected).to.equal(0);
    expect(window.pwned).to.equal(undefined);
  });

  it('refuses a session answer whose uuid is markup, and polls nothing with it', async () => {
    const scripted = await script({ session: [{ status: 201, body: { uuid: MARKUP, link: LINK } }] });
    const { element, of } = await mount({ 'session-url': scripted.sessionUrl, 'status-url': scripted.statusUrl });
    await until(() => of('kyc-error').length === 1);
    expect(of('kyc-error')[0]!.detail.retrying).to.equal(false);
    expect((await scripted.log()).filter((entry) => entry.route === 'status')).to.deep.equal([]);
    expect(rendered(element).injected).to.equal(0);
  });

  it('treats a 200 page of HTML (a login page, a proxy error) as a failed read, not a status', async () => {
    const scripted = await script({
      status: [{ raw: '<html><body>Please log in</body></html>', headers: { 'content-type': 'text/html' } }, status('successful')],
    });
    const { element, of } = await follow(scripted);
    await next(element, 'kyc-successful');
    expect(of('kyc-error')[0]!.detail).to.include({ retrying: true });
  });

  it('ignores a status of another transaction and keeps following its own', async () => {
    const scripted = await script({ status: [status('successful', { uuid: OTHER_UUID }), status('pending'), status('failed')] });
    const { element, of } = await follow(scripted);
    await next(element, 'kyc-failed');
    expect(of('kyc-successful')).to.deep.equal([]);
  });

  for (const [name, fields] of [
    ['an unknown state', { state: 'approved' }],
    ['a state its booleans contradict', { active: false, complete: false, failed: true }],
    ['no uuid', { uuid: undefined }],
  ] as const) {
    it(`fires no end for ${name}`, async () => {
      const scripted = await script({ status: [status('successful', fields), status('pending')] });
      const { of } = await follow(scripted);
      await until(() => of('kyc-error').length > 0 && of('kyc-state-change').length > 0);
      expect([...of('kyc-successful'), ...of('kyc-failed'), ...of('kyc-expired')]).to.deep.equal([]);
    });
  }

  for (const [name, fields] of [
    ['dates that are not dates', { expires_at: 'tomorrow', step_expires_at: 'soon', server_time: 'now' }],
    ['dates past the largest date', { expires_at: '+275761-01-01T00:00:00Z', server_time: '-271821-01-01T00:00:00Z' }],
    ['an expiry ten thousand years away', { expires_at: '9999-12-31T23:59:59Z' }],
    ['a server clock decades behind', { server_time: '1990-01-01T00:00:00Z' }],
    ['tries that are not a count', { tries_left: -3, code: '010' }],
    ['a huge number of tries', { tries_left: Number.MAX_SAFE_INTEGER + 2, code: '010' }],
  ] as const) {
    it(`shows no nonsense for ${name}`, async () => {
      const scripted = await script({ status: [status('pending', fields)] });
      const { element, of } = await follow(scripted, { lang: 'en' });
      await until(() => of('kyc-state-change').length + of('kyc-error').length > 0);
      await element.updateComplete;
      expect(rendered(element).text).not.to.match(NONSENSE);
    });
  }

  for (const retryAfter of ['-5', 'soon', '99999999999']) {
    it(`waits sensibly on a 429 with Retry-After: ${retryAfter}`, async () => {
      const scripted = await script({ session: [{ status: 429, headers: { 'retry-after': retryAfter } }] });
      const { element, of } = await mount({ 'session-url': scripted.sessionUrl, lang: 'en' });
      await until(() => of('kyc-error').length === 1);
      await element.updateComplete;
      expect(rendered(element).text).not.to.match(NONSENSE);
      await sleep(200);
      // Asked to wait for ever (or for nonsense), the element never hammers the backend by itself.
      expect((await scripted.log()).length).to.equal(1);
    });
  }

  it('waits the Retry-After it was given even when it is beyond what a timer can hold', async () => {
    // 4,294,968 s is 4,294,968,000 ms: a timer keeps it modulo 2^32, as 704 ms.
    const scripted = await script({ session: [{ status: 429, headers: { 'retry-after': '4294968' } }] });
    const { element, of } = await mount({ 'session-url': scripted.sessionUrl, lang: 'en' });
    await until(() => of('kyc-error').length === 1);
    await sleep(1500);
    await element.updateComplete;
    expect((await scripted.log()).length, 'not asked again by itself').to.equal(1);
    expect(element.shadowRoot!.querySelector('[part="reason"]')!.textContent).to.match(/try again in 71582:\d\d\.$/);
  });

  for (const [name, data] of [
    ['that is not JSON', 'not json {'],
    ['about another transaction', status('successful', { uuid: OTHER_UUID }).body],
  ] as const) {
    it(`leaves a stream that sends an event ${name} for polling, and acts on no such event`, async () => {
      const scripted = await script({
        session: [{ body: { uuid: UUID, link: LINK, stream: true } }],
        stream: [{ events: [{ event: 'status', id: '1', data }], hold: true }],
        status: [status('failed')],
      });
      const { element, of } = await mount({
        'session-url': scripted.sessionUrl,
        'status-url': scripted.statusUrl,
        'verification-url': VERIFICATION_URL,
      });
      await next(element, 'kyc-failed');
      expect(of('kyc-successful')).to.deep.equal([]);
      expect((await scripted.log()).filter((entry) => entry.route === 'status').length).to.be.greaterThan(0);
    });
  }
});
