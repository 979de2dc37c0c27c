import { expect } from '@open-wc/testing';
import { envelope, follow, mount, next, script, sleep, status, until, UUID, VERIFICATION_URL } from './scripted.js';

describe('events of <kyc-verify>', () => {
  it('fires kyc-state-change with the observed status when polling starts', async () => {
    const scripted = await script({ status: [status('pending')] });
    const { element, of } = await follow(scripted);
    await until(() => of('kyc-state-change').length === 1);
    const [event] = of('kyc-state-change');
    expect(event!.detail).to.deep.equal({ uuid: UUID, state: 'pending', step: 'Session_start', code: '001', issueDescription: null });
    expect(event!.bubbles && event!.composed).to.equal(true);
    expect(element.isConnected).to.equal(true);
  });

  it('fires kyc-state-change again only when state, step or code changes', async () => {
    const documentOk = status('pending', { step: 'Capture_credential_Ok', code: '002' });
    const scripted = await script({ status: [status('pending'), status('pending'), documentOk, documentOk, documentOk] });
    const { of } = await follow(scripted);
    await until(async () => (await scripted.log()).length >= 5);
    expect(of('kyc-state-change').map((event) => event.detail.code)).to.deep.equal(['001', '002']);
  });

  it('fires kyc-successful once with its detail when the transaction succeeds', async () => {
    const scripted = await script({ status: [status('pending'), status('successful')] });
    const { element, of, types } = await follow(scripted);
    const event = await next(element, 'kyc-successful');
    expect(event.detail).to.deep.equal({
      uuid: UUID,
      state: 'successful',
      step: 'Session_complete_Ok',
      code: '013',
      issueDescription: 'Flow completed successfully',
    });
    expect(event.bubbles && event.composed).to.equal(true);
    expect(types()).to.deep.equal(['kyc-state-change', 'kyc-state-change', 'kyc-successful']);
    expect(of('kyc-successful')).to.have.length(1);
  });

  it('fires kyc-failed with the issue of the failure', async () => {
    const scripted = await script({ status: [status('pending'), status('failed')] });
    const { element } = await follow(scripted);
    const event = await next(element, 'kyc-failed');
    expect(event.detail).to.include({ state: 'failed', code: '014', issueDescription: 'Selfie and document photo do not match' });
  });

  it('fires kyc-expired when the transaction expires', async () => {
    const scripted = await script({ status: [status('pending'), status('expired')] });
    const { element } = await follow(scripted);
    const event = await next(element, 'kyc-expired');
    expect(event.detail).to.include({ state: 'expired', step: 'time_out', code: 'time_out' });
  });

  it('reads the KYC API transaction envelope as well as the status object', async () => {
    const scripted = await script({ status: [envelope('pending'), envelope('successful')] });
    const { element } = await follow(scripted);
    const event = await next(element, 'kyc-successful');
    expect(event.detail).to.include({ uuid: UUID, state: 'successful', code: '013' });
  });

  it('stops polling at a terminal state and fires its event only once', async () => {
    const scripted = await script({ status: [status('successful')] });
    const { element, of } = await follow(scripted);
    await next(element, 'kyc-successful');
    const polls = (await scripted.log()).length;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await scripted.log()).length).to.equal(polls);
    expect(of('kyc-successful')).to.have.length(1);
  });

  it('keeps Continue disabled, and pressing it silent, while continue-delay lasts', async () => {
    const scripted = await script({ status: [status('successful')] });
    const { element, of } = await follow(scripted, { 'continue-delay': '60000' });
    await next(element, 'kyc-successful');
    await sleep(300);
    await element.updateComplete;
    const button = element.shadowRoot!.querySelector<HTMLButtonElement>('[part="continue-button"]')!;
    expect(button.disabled).to.equal(true);
    button.click();
    expect(of('kyc-continue')).to.have.length(0);
  });

  it('enables Continue once a short continue-delay has passed, long before the default 2.5 s', async () => {
    const scripted = await script({ status: [status('successful')] });
    const { element } = await follow(scripted, { 'continue-delay': '100' });
    await next(element, 'kyc-successful');
    await element.updateComplete;
    const button = element.shadowRoot!.querySelector<HTMLButtonElement>('[part="continue-button"]')!;
    await until(() => !button.disabled, 1500);
  });

  it('offers Continue again, without a second kyc-successful, when start() follows the same successful transaction', async () => {
    const scripted = await script({ status: [status('successful'), status('successful')] });
    const { element, of } = await follow(scripted, { 'continue-delay': '100' });
    await next(element, 'kyc-successful');
    element.start();
    await until(async () => (await scripted.log()).length >= 2);
    await element.updateComplete;
    await until(() => element.shadowRoot!.querySelector<HTMLButtonElement>('[part="continue-button"]')?.disabled === false, 1500);
    expect(of('kyc-successful')).to.have.length(1);
  });

  it('fires kyc-continue with the transaction when the enabled Continue is pressed', async () => {
    const scripted = await script({ status: [status('successful')] });
    const { element, of } = await follow(scripted, { 'continue-delay': '100' });
    await next(element, 'kyc-successful');
    await element.updateComplete;
    const button = element.shadowRoot!.querySelector<HTMLButtonElement>('[part="continue-button"]')!;
    await until(() => !button.disabled);
    button.click();
    expect(of('kyc-continue')).to.have.length(1);
    expect(of('kyc-continue')[0]!.detail).to.include({ uuid: UUID, state: 'successful' });
  });

  it('fires nothing more about a transaction a kyc-state-change listener moved away from with start()', async () => {
    const second = '0e1d2c3b-4a59-4687-a5b4-c3d2e1f0a9b8';
    const scripted = await script({
      session: [
        { status: 201, body: { uuid: UUID } },
        { status: 201, body: { uuid: second } },
      ],
      status: [status('successful'), status('pending', { uuid: second })],
    });
    const { element, of } = await mount({
      'session-url': scripted.sessionUrl,
      'verification-url': VERIFICATION_URL,
      'poll-interval': '100',
    });
    element.addEventListener('kyc-state-change', () => element.start(), { once: true });
    await until(() => of('kyc-state-change').some((event) => event.detail.uuid === second));
    await sleep(300);
    expect(of('kyc-successful')).to.have.length(0);
    expect(element.shadowRoot!.querySelector<HTMLButtonElement>('[part="continue-button"]')).to.equal(null);
  });
});
