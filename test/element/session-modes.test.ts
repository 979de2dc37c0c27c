import { expect } from '@open-wc/testing';
import type { KycVerify } from '../../src/index.js';
import { mount, next, said, script, shadow, status, until, UUID, VERIFICATION_URL, type Answer, type Scripted } from './scripted.js';

const LINK = `${VERIFICATION_URL}/transactions/${UUID}`;
const SECOND = '0e1d2c3b-4a59-4687-a5b4-c3d2e1f0a9b8';

/** A session answer: the status object with the link, as the kit sends it (201 created, 200 resumed). */
const session = (state: Parameters<typeof status>[0], fields: Record<string, unknown> = {}, code = 201): Answer => ({
  status: code,
  body: { ...status(state, fields).body, link: LINK },
});

/** The `kyc-verify-session` header of each session request so far. */
const sessionHeaders = async (scripted: Scripted) =>
  (await scripted.log()).filter((entry) => entry.route === 'session').map((entry) => entry.session);

const retryButton = (element: KycVerify) => shadow(element, '[part="retry-button"]') as HTMLButtonElement | null;
const statusLine = (element: KycVerify) => shadow(element, '[part="status"]')!;

function sessionElement(scripted: Scripted, attributes: Record<string, string> = {}) {
  return mount({ 'session-url': scripted.sessionUrl, 'verification-url': VERIFICATION_URL, 'poll-interval': '100', ...attributes });
}

describe('<kyc-verify> session requests: resume or new', () => {
  it('asks to resume (kyc-verify-session: resume) with its first session request', async () => {
    const scripted = await script({ session: [session('pending')], status: [status('pending')] });
    const { of } = await sessionElement(scripted);
    await until(() => of('kyc-state-change').length === 1);
    expect(await sessionHeaders(scripted)).to.deep.equal(['resume']);
  });

  it('asks for a new transaction (kyc-verify-session: new) from Try again after the transaction failed', async () => {
    const scripted = await script({
      session: [session('pending'), { status: 201, body: { uuid: SECOND } }],
      status: [status('failed'), status('pending', { uuid: SECOND })],
    });
    const { element, of } = await sessionElement(scripted);
    await next(element, 'kyc-failed');
    await element.updateComplete;
    retryButton(element)!.click();
    await until(() => of('kyc-state-change').some((event) => event.detail.uuid === SECOND));
    expect(await sessionHeaders(scripted)).to.deep.equal(['resume', 'new']);
  });

  it('asks for a new transaction from Try again after the transaction expired', async () => {
    const scripted = await script({ session: [session('expired'), { status: 201, body: { uuid: SECOND } }] });
    const { element } = await sessionElement(scripted);
    await next(element, 'kyc-expired');
    await element.updateComplete;
    retryButton(element)!.click();
    await until(async () => (await sessionHeaders(scripted)).length === 2);
    expect(await sessionHeaders(scripted)).to.deep.equal(['resume', 'new']);
  });

  it('resumes (kyc-verify-session: resume) from Try again after the session request failed: the failed POST may have created one', async () => {
    const scripted = await script({ session: [{ status: 502 }, session('pending')], status: [status('pending')] });
    const { element, of } = await sessionElement(scripted);
    await until(() => of('kyc-error').length === 1);
    await element.updateComplete;
    retryButton(element)!.click();
    await until(() => of('kyc-state-change').length === 1);
    expect(await sessionHeaders(scripted)).to.deep.equal(['resume', 'resume']);
  });

  it('asks for a new transaction with start({ new: true }), and resumes with start()', async () => {
    const scripted = await script({ session: [session('pending')], status: [status('pending')] });
    const { element } = await sessionElement(scripted, { defer: '' });
    element.start({ new: true });
    await until(async () => (await sessionHeaders(scripted)).length === 1);
    element.start();
    await until(async () => (await sessionHeaders(scripted)).length === 2);
    expect(await sessionHeaders(scripted)).to.deep.equal(['new', 'resume']);
  });
});

describe('<kyc-verify> a resumed transaction', () => {
  it('shows the end of a failed transaction the session answer resumes: why, and Try again, with no QR code and no status read', async () => {
    const scripted = await script({ session: [session('failed', {}, 200)], status: [status('pending')] });
    const { element } = await sessionElement(scripted, { lang: 'en', mode: 'qr' });
    await next(element, 'kyc-failed');
    await element.updateComplete;
    expect(said(element)).to.match(/^We could not verify your identity\. /);
    expect(retryButton(element)!.textContent).to.equal('Try again');
    expect(shadow(element, '[part="qr"]')!.checkVisibility({ visibilityProperty: true })).to.equal(false);
    expect((await scripted.log()).filter((entry) => entry.route === 'status')).to.have.length(0);
  });

  it('shows Continue after a successful transaction the session answer resumes', async () => {
    const scripted = await script({ session: [session('successful', {}, 200)] });
    const { element } = await sessionElement(scripted, { lang: 'en', 'continue-delay': '0' });
    await next(element, 'kyc-successful');
    await until(() => (shadow(element, '[part="continue-button"]') as HTMLButtonElement | null)?.disabled === false);
    expect(said(element)).to.equal('Your identity is verified. You can continue now.');
  });

  it('shows the progress of a resumed transaction whose phone has begun', async () => {
    const begun = { step: 'Capture_credential_Ok', code: '002' };
    const scripted = await script({ session: [session('pending', begun, 200)], status: [status('pending', begun)] });
    const { element } = await sessionElement(scripted, { lang: 'en', mode: 'qr' });
    await until(() => shadow(element, '[part="progress"]') !== null);
    expect(statusLine(element).textContent).to.equal('ID card captured. Now take your selfie…');
  });
});

describe('<kyc-verify> a host that asks to wait (429)', () => {
  const busy = (headers: Record<string, string> = {}): Answer => ({
    status: 429,
    headers,
    body: { error: 'too_many_pending', message: 'finish the verification under way' },
  });

  for (const [lang, text] of [
    ['en', 'Many verifications are under way. If you already started one, finish it. We will try again in 0:30.'],
    ['es', 'Hay muchas verificaciones en curso. Si ya empezaste una, termínala. Lo intentaremos de nuevo en 0:30.'],
  ]) {
    it(`asks calmly (${lang}) to wait or to finish the verification under way, says when it asks again, not as an error, and passes axe`, async () => {
      const scripted = await script({ session: [busy()] });
      const { element, of } = await sessionElement(scripted, { lang });
      await until(() => of('kyc-error').length === 1);
      await until(() => said(element) === text);
      expect(statusLine(element).classList.contains('problem')).to.equal(false);
      expect(retryButton(element)!.textContent!.trim()).to.equal(lang === 'en' ? 'Try now' : 'Intentar ahora');
      expect(of('kyc-error')[0]!.detail).to.include({ kind: 'http', httpStatus: 429, retrying: false });
      await expect(element).to.be.accessible();
    });
  }

  it('asks again by itself once the Retry-After it was given has passed, counting down meanwhile, and resumes', async function () {
    this.timeout(10_000);
    const scripted = await script({ session: [busy({ 'retry-after': '2' }), session('pending')], status: [status('pending')] });
    const { element, of } = await sessionElement(scripted, { lang: 'en' });
    await until(() => of('kyc-error').length === 1);
    await until(() => said(element)!.endsWith('We will try again in 0:01.'), 3000);
    await until(() => of('kyc-state-change').length === 1, 4000);
    expect(await sessionHeaders(scripted)).to.deep.equal(['resume', 'resume']);
  });

  it('asks again at once with Try now', async () => {
    const scripted = await script({ session: [busy({ 'retry-after': '60' }), session('pending')], status: [status('pending')] });
    const { element, of } = await sessionElement(scripted, { lang: 'en' });
    await until(() => of('kyc-error').length === 1);
    await element.updateComplete;
    retryButton(element)!.click();
    await until(() => of('kyc-state-change').length === 1);
    expect(await sessionHeaders(scripted)).to.deep.equal(['resume', 'resume']);
  });

  it('lets the host replace the wording', async () => {
    const scripted = await script({ session: [busy()] });
    const { element, of } = await sessionElement(scripted, { lang: 'en' });
    element.strings = { busy: 'One moment, please.', retryIn: 'Again in {time}.' };
    await until(() => of('kyc-error').length === 1);
    await element.updateComplete;
    expect(said(element)).to.equal('One moment, please. Again in 0:30.');
  });
});
