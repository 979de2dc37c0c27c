import { expect } from '@open-wc/testing';
import { mount, script, sleep, status, until, UUID, VERIFICATION_URL } from './scripted.js';

/** Mounts with `attributes` over a working configuration and expects one config error and no request. */
async function expectConfigError(attributes: Record<string, string>, message: RegExp) {
  const scripted = await script({ status: [status('pending')], session: [{ status: 201, body: { uuid: UUID } }] });
  const { element, of } = await mount({
    transaction: UUID,
    'status-url': scripted.statusUrl,
    'verification-url': VERIFICATION_URL,
    'poll-interval': '100',
    ...attributes,
  });
  await until(() => of('kyc-error').length === 1);
  expect(of('kyc-error')[0]!.detail).to.include({ kind: 'config', retrying: false });
  expect(of('kyc-error')[0]!.detail.message).to.match(message);
  await sleep(250);
  expect(await scripted.log(), 'requests made').to.deep.equal([]);
  expect(element.shadowRoot!.querySelector('a'), 'a link shown').to.equal(null);
}

describe('<kyc-verify> configuration', () => {
  it('refuses a transaction that is neither a uuid nor a nanoid', () =>
    expectConfigError({ transaction: '../../admin' }, /not a uuid or nanoid/));

  it('refuses a status-url without {uuid}', () => expectConfigError({ 'status-url': '/kyc/status' }, /\{uuid\}/));

  it('accepts a :uuid path segment in status-url, the form Svelte templates leave alone', async () => {
    const scripted = await script({ status: [status('pending')] });
    const { of } = await mount({
      transaction: UUID,
      'status-url': scripted.statusUrl.replace('{uuid}', ':uuid'),
      'verification-url': VERIFICATION_URL,
    });
    await until(() => of('kyc-state-change').length === 1);
    expect((await scripted.log())[0]!.uuid).to.equal(UUID);
  });

  it('takes :uuid only as a whole path segment, never inside one', () =>
    expectConfigError({ 'status-url': '/kyc/status/:uuids' }, /:uuid/));

  it('refuses to poll with no status-url and no session-url', () => expectConfigError({ 'status-url': '' }, /status-url/));

  it('refuses to follow a transaction without a link to show', () =>
    expectConfigError({ 'verification-url': '' }, /verification-url or link/));

  it('never renders a javascript: link', () => expectConfigError({ link: 'javascript:alert(1)' }, /only https/));

  it('never renders a plain http: link to another machine', () =>
    expectConfigError({ 'verification-url': 'http://verify.example.cl' }, /only https/));

  it('accepts a 6-character nanoid', async () => {
    const scripted = await script({ status: [status('pending')] });
    const { of } = await mount({ transaction: 'V1StGX', 'status-url': scripted.statusUrl, 'verification-url': VERIFICATION_URL });
    await until(() => of('kyc-state-change').length === 1);
    expect((await scripted.log())[0]!.uuid).to.equal('V1StGX');
  });

  it('accepts an http: link on localhost for development', async () => {
    const scripted = await script({ status: [status('pending')] });
    const { element } = await mount({
      transaction: UUID,
      'status-url': scripted.statusUrl,
      'verification-url': 'http://localhost:4010',
      mode: 'button',
    });
    await until(() => element.shadowRoot!.querySelector('a') !== null);
    expect(element.shadowRoot!.querySelector('a')!.href).to.equal(`http://localhost:4010/transactions/${UUID}`);
  });

  it('does nothing and reports nothing before it has a transaction or a session URL', async () => {
    const { element, events } = await mount({});
    await sleep(100);
    expect(events).to.deep.equal([]);
    expect(element.shadowRoot!.querySelector('[part="status"]'), 'no empty status line in the tree').to.equal(null);
  });

  it('uses the default request timeout (10 s) when request-timeout is not a number: a 3 s answer is waited for', async () => {
    const scripted = await script({ status: [{ ...status('pending'), delay: 3000 }] });
    const { of } = await mount({
      transaction: UUID,
      'status-url': scripted.statusUrl,
      'verification-url': VERIFICATION_URL,
      'request-timeout': 'soon',
    });
    await until(() => of('kyc-state-change').length === 1);
    expect(of('kyc-error')).to.have.length(0);
  });

  it('keeps the Continue debounce when continue-delay is not a number', async () => {
    const scripted = await script({ status: [status('successful')] });
    const { element } = await mount({
      transaction: UUID,
      'status-url': scripted.statusUrl,
      'verification-url': VERIFICATION_URL,
      'continue-delay': 'none',
    });
    await until(() => element.shadowRoot!.querySelector('[part="continue-button"]') !== null);
    await sleep(300);
    expect(element.shadowRoot!.querySelector<HTMLButtonElement>('[part="continue-button"]')!.disabled).to.equal(true);
  });
});
