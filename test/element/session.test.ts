import { expect, fixture, html } from '@open-wc/testing';
import { mount, next, record, script, sleep, status, until, UUID, VERIFICATION_URL } from './scripted.js';

const created = {
  status: 201,
  body: { uuid: UUID, link: `${VERIFICATION_URL}/transactions/${UUID}`, expires_at: new Date(Date.now() + 600_000).toISOString() },
};

describe('<kyc-verify> sessions', () => {
  it('POSTs to session-url on connect and polls <session-url>/{uuid} for the uuid it got', async () => {
    const scripted = await script({ session: [created], status: [status('pending')] });
    const { of } = await mount({ 'session-url': scripted.sessionUrl, 'poll-interval': '100' });
    await until(() => of('kyc-state-change').length === 1);
    const [session, poll] = await scripted.log();
    expect(session).to.include({ route: 'session', method: 'POST' });
    expect(poll).to.include({ route: 'status', method: 'GET', uuid: UUID });
  });

  it('follows the status_url the session answer gives, relative to session-url, when status-url is not set', async () => {
    const scripted = await script({
      session: [{ ...created, body: { ...created.body, status_url: `status/${UUID}` } }],
      status: [status('pending')],
    });
    const { of } = await mount({ 'session-url': scripted.sessionUrl, 'poll-interval': '100' });
    await until(() => of('kyc-state-change').length === 1);
    const [, poll] = await scripted.log();
    expect(poll!.path).to.equal(new URL(`status/${UUID}`, new URL(scripted.sessionUrl, document.baseURI)).pathname);
  });

  it('sends the page cookies with the session request', async () => {
    document.cookie = 'host-session=alice; path=/';
    try {
      const scripted = await script({ session: [created], status: [status('pending')] });
      await mount({ 'session-url': scripted.sessionUrl });
      await until(async () => (await scripted.log()).length >= 1);
      expect((await scripted.log())[0]!.cookie).to.contain('host-session=alice');
    } finally {
      document.cookie = 'host-session=; path=/; max-age=0';
    }
  });

  it('shows the link the session answer gives', async () => {
    const link = 'https://kyc.example.cl/v/abc';
    const scripted = await script({ session: [{ status: 201, body: { uuid: UUID, link } }], status: [status('pending')] });
    const { element } = await mount({ 'session-url': scripted.sessionUrl, mode: 'button' });
    await until(() => element.shadowRoot!.querySelector('a') !== null);
    expect(element.shadowRoot!.querySelector('a')!.href).to.equal(link);
  });

  it('waits for start() with defer', async () => {
    const scripted = await script({ session: [created], status: [status('pending')] });
    const { element } = await mount({ 'session-url': scripted.sessionUrl, defer: '' });
    await sleep(200);
    expect(await scripted.log()).to.deep.equal([]);
    element.start();
    await until(async () => (await scripted.log()).length >= 1);
  });

  it('reports a failed session request as a final error and offers to try again', async () => {
    const scripted = await script({ session: [{ status: 500 }, created], status: [status('pending')] });
    const { element, of } = await mount({ 'session-url': scripted.sessionUrl, lang: 'en' });
    await until(() => of('kyc-error').length === 1);
    expect(of('kyc-error')[0]!.detail).to.include({ kind: 'http', httpStatus: 500, retrying: false });
    await element.updateComplete;
    const retry = element.shadowRoot!.querySelector<HTMLButtonElement>('[part="retry-button"]')!;
    expect(retry.textContent).to.equal('Try again');
    retry.click();
    await until(() => of('kyc-state-change').length === 1);
  });

  it('starts a new session from Try again after the transaction failed', async () => {
    const second = '0e1d2c3b-4a59-4687-a5b4-c3d2e1f0a9b8';
    const scripted = await script({
      session: [created, { status: 201, body: { uuid: second } }],
      status: [status('failed'), status('pending', { uuid: second })],
    });
    const { element, of } = await mount({
      'session-url': scripted.sessionUrl,
      'verification-url': VERIFICATION_URL,
      'poll-interval': '100',
    });
    await next(element, 'kyc-failed');
    await element.updateComplete;
    element.shadowRoot!.querySelector<HTMLButtonElement>('[part="retry-button"]')!.click();
    await until(() => of('kyc-state-change').some((event) => event.detail.uuid === second));
    expect((await scripted.log()).filter((entry) => entry.route === 'session')).to.have.length(2);
  });

  it('offers no Try again without a session URL: the host decides what comes next', async () => {
    const scripted = await script({ status: [status('expired')] });
    const { element } = await mount({ transaction: UUID, 'status-url': scripted.statusUrl, 'verification-url': VERIFICATION_URL });
    await next(element, 'kyc-expired');
    await element.updateComplete;
    expect(element.shadowRoot!.querySelector('[part="retry-button"]')).to.equal(null);
  });

  it('treats a session answer without a uuid as a protocol error', async () => {
    const scripted = await script({ session: [{ status: 201, body: { link: 'https://x.example' } }] });
    const { of } = await mount({ 'session-url': scripted.sessionUrl });
    await until(() => of('kyc-error').length === 1);
    expect(of('kyc-error')[0]!.detail).to.include({ kind: 'protocol', retrying: false });
  });

  it('keeps its session request when moved in the DOM: one transaction, not two', async () => {
    const scripted = await script({ session: [{ ...created, delay: 200 }], status: [status('pending')] });
    const { element, of } = await mount({ 'session-url': scripted.sessionUrl, 'poll-interval': '100' });
    document.body.append(element);
    await until(() => of('kyc-state-change').length === 1);
    expect((await scripted.log()).filter((entry) => entry.route === 'session')).to.have.length(1);
    element.remove();
  });

  it('starts again after a removal cut its session request short', async () => {
    const scripted = await script({ session: [{ ...created, delay: 200 }], status: [status('pending')] });
    const { element, of } = await mount({ 'session-url': scripted.sessionUrl, 'poll-interval': '100' });
    const parent = element.parentElement!;
    element.remove();
    await sleep(50);
    parent.append(element);
    await until(() => of('kyc-state-change').length === 1);
    expect((await scripted.log()).filter((entry) => entry.route === 'session')).to.have.length(2);
  });

  it('honours start() called before the first update', async () => {
    const scripted = await script({ session: [created], status: [status('pending')] });
    const element = document.createElement('kyc-verify');
    element.setAttribute('session-url', scripted.sessionUrl);
    element.setAttribute('defer', '');
    const { of } = record(element);
    (await fixture<HTMLDivElement>(html`<div></div>`)).append(element);
    element.start();
    await until(() => of('kyc-state-change').length === 1);
    expect((await scripted.log()).filter((entry) => entry.route === 'session')).to.have.length(1);
  });

  it('runs a start() called while disconnected once connected, and fires its events then', async () => {
    const scripted = await script({ session: [{ status: 201, body: { ...status('failed').body, link: created.body.link } }] });
    const { element, of } = await mount({ 'session-url': scripted.sessionUrl, defer: '' });
    const parent = element.parentElement!;
    element.remove();
    element.start();
    await sleep(100);
    expect(await scripted.log()).to.deep.equal([]);
    parent.append(element);
    await next(element, 'kyc-failed');
    expect(of('kyc-failed')).to.have.length(1);
  });

  it('never renders an unsafe link from the session answer', async () => {
    const scripted = await script({
      session: [{ status: 201, body: { uuid: UUID, link: 'javascript:alert(1)' } }],
      status: [status('pending')],
    });
    const { element, of } = await mount({ 'session-url': scripted.sessionUrl });
    await until(() => of('kyc-error').length === 1);
    expect(of('kyc-error')[0]!.detail).to.include({ kind: 'config', retrying: false });
    expect(element.shadowRoot!.querySelector('a')).to.equal(null);
    expect((await scripted.log()).filter((entry) => entry.route === 'status')).to.have.length(0);
  });
});
