import { expect } from '@open-wc/testing';
import type { KycVerify } from '../../src/index.js';
import { follow, mount, next, script, shadow, speaking, status, until, UUID, VERIFICATION_URL, type Answer } from './scripted.js';

const part = (element: KycVerify, name: string) => shadow(element, `[part~="${name}"]`);
/** A part's words, as one line. */
const text = (element: KycVerify, name: string) => part(element, name)?.textContent!.replace(/\s+/g, ' ').trim() ?? null;

/** The element in QR mode, in English, once it has shown `answers`' last status or problem. */
async function ended(answers: Answer[], type = 'kyc-state-change', attributes: Record<string, string> = {}) {
  const { element, of } = await follow(await script({ status: answers }), { mode: 'qr', lang: 'en', ...attributes });
  await until(() => of(type).length > 0);
  await speaking(element);
  return element;
}

const failed = (code: string) => status('failed', { code, step: 'Session_complete_fail' });
const expiredAt = (updated: number, expires: number) =>
  status('expired', { updated_at: new Date(updated).toISOString(), expires_at: new Date(expires).toISOString() });

/** A configuration error's words: neutral, with a next step the page can replace (`reasonSetup`), and no Try again. */
const SETUP_WORDS = 'Verification is not available on this page for now. Try again later.';

describe('<kyc-verify> end states', () => {
  const REASONS: [string, Answer, string][] = [
    [
      "the RUT on the card's front not the one on its back (003), as what happened",
      failed('003'),
      'The RUT on the front of the ID card does not match the one on the back.',
    ],
    ['a RUT on the card that is not the one verified (005)', failed('005'), 'The RUT on the ID card is not the one being verified.'],
    ['a card that could not be validated', failed('007'), 'We could not validate your ID card.'],
    ['a selfie that does not match the card', failed('014'), 'Your selfie does not match the photo on your ID card.'],
    ['a selfie below the minimum score', failed('015'), 'We could not confirm your selfie.'],
  ];
  for (const [why, answer, reason] of REASONS) {
    it(`says why it failed: ${why}`, async () => {
      const element = await ended([answer], 'kyc-failed');
      expect(text(element, 'status')).to.match(/^We could not verify your identity\. /);
      expect(text(element, 'reason')).to.include(reason);
    });
  }

  it('offers to try again after any other failure, when it can start a new verification itself', async () => {
    const scripted = await script({ session: [{ status: 201, body: { uuid: UUID } }], status: [failed('016')] });
    const { element, of } = await mount({
      'session-url': scripted.sessionUrl,
      'status-url': scripted.statusUrl,
      'verification-url': VERIFICATION_URL,
      lang: 'en',
    });
    await until(() => of('kyc-failed').length > 0);
    await element.updateComplete;
    expect(text(element, 'reason')).to.equal('You can try again.');
    expect(part(element, 'retry-button')).to.not.equal(null);
  });

  it('promises no new try after any other failure when the host, not the element, starts verifications', async () => {
    const element = await ended([failed('016')], 'kyc-failed');
    expect(text(element, 'status')).to.equal('We could not verify your identity.');
    expect(part(element, 'retry-button')).to.equal(null);
  });

  it('says an expiry before the link expired was a step left idle, not the link', async () => {
    const now = Date.now();
    const element = await ended([expiredAt(now, now + 300_000)], 'kyc-expired');
    expect(text(element, 'status')).to.match(/^The verification expired\. /);
    expect(text(element, 'reason')).to.equal('A step was left unfinished for too long. Start again when you have your ID card at hand.');
  });

  it("says the link expired when the expiry came at the link's expiry", async () => {
    const now = Date.now();
    const element = await ended([expiredAt(now, now)], 'kyc-expired');
    expect(text(element, 'reason')).to.equal('The link expired before you finished. Start again with a new link.');
  });

  it('lets the host replace each reason', async () => {
    const element = await ended([failed('003')], 'kyc-failed');
    element.strings = { reasonRutSides: 'Use the card of the account holder.' };
    await element.updateComplete;
    expect(text(element, 'reason')).to.equal('Use the card of the account holder.');
  });

  it('confirms success, and says why Continue waits until it is ready', async () => {
    const element = await ended([status('successful')], 'kyc-successful');
    const button = part(element, 'continue-button') as HTMLButtonElement;
    expect(text(element, 'status')).to.equal('Your identity is verified. Recording the result…');
    expect(button.disabled).to.equal(true);
    expect(button.textContent!.trim()).to.equal('Continue');
    await until(() => !button.disabled);
    expect(text(element, 'status')).to.equal('Your identity is verified. You can continue now.');
  });

  it('keeps its height when the result replaces the QR code', async () => {
    const scripted = await script({ status: [status('pending')] });
    const { element } = await follow(scripted, { mode: 'qr', lang: 'en', 'poll-interval': '100' });
    await until(() => part(element, 'timer') !== null);
    const before = element.getBoundingClientRect().height;
    await fetch(scripted.statusUrl.replace('/status/{uuid}', '/script'), {
      method: 'PUT',
      body: JSON.stringify({ status: [failed('014')] }),
    });
    await next(element, 'kyc-failed');
    await element.updateComplete;
    expect(element.getBoundingClientRect().height).to.equal(before);
  });
});

describe('<kyc-verify> errors', () => {
  it('reads a retrying problem calmly, once it has lasted, and keeps the QR code working', async () => {
    const element = await ended([status('pending'), { status: 503 }], 'kyc-error');
    await until(() => text(element, 'status') === 'Reconnecting… The verification carries on.', 15_000);
    expect(part(element, 'status')!.classList.contains('retrying')).to.equal(true);
    expect(part(element, 'status')!.classList.contains('problem')).to.equal(false);
    expect(part(element, 'qr')!.checkVisibility({ visibilityProperty: true })).to.equal(true);
  });

  it('says a final status error, once the phone has started, may leave the verification running there', async () => {
    const element = await ended([status('pending', { step: 'Capture_credential_Ok', code: '002' }), { status: 410 }], 'kyc-error');
    expect(text(element, 'status')).to.equal(
      'We can no longer follow the verification here. If you started it on your phone, finish it there.',
    );
    expect(part(element, 'status')!.classList.contains('problem')).to.equal(true);
    expect(part(element, 'retry-button'), 'no session URL: the host decides what comes next').to.equal(null);
  });

  it('says a session that could not be created could not start', async () => {
    const scripted = await script({ session: [{ status: 502 }] });
    const { element, of } = await mount({ 'session-url': scripted.sessionUrl, lang: 'en' });
    await until(() => of('kyc-error').length > 0);
    await speaking(element);
    expect(text(element, 'status')).to.equal('We could not start the verification. Try again in a few minutes.');
    expect(part(element, 'retry-button')).not.to.equal(null);
  });
});

describe('<kyc-verify> errors by cause', () => {
  /** Runs `body` with console.warn recorded, and gives what it was called with. */
  async function warned(body: () => Promise<void>): Promise<unknown[][]> {
    const warn = console.warn;
    const calls: unknown[][] = [];
    console.warn = (...args: unknown[]) => void calls.push(args);
    try {
      await body();
    } finally {
      console.warn = warn;
    }
    return calls;
  }

  /** The element asking the scripted session route, in English, once it has reported the error. */
  async function sessionRefused(answer: Answer, attributes: Record<string, string> = {}) {
    const scripted = await script({ session: [answer] });
    const { element, of } = await mount({ 'session-url': scripted.sessionUrl, lang: 'en', ...attributes });
    await until(() => of('kyc-error').length > 0);
    await speaking(element);
    return { element, scripted };
  }

  it('tells the person neutrally, and the developer in one warning, when the session URL answers 404', async () => {
    let shown: { element: KycVerify; scripted: { sessionUrl: string } } | undefined;
    const warnings = await warned(async () => void (shown = await sessionRefused({ status: 404 })));
    expect(text(shown!.element, 'status')).to.equal(SETUP_WORDS);
    expect(warnings).to.deep.equal([[`<kyc-verify> session-url: ${shown!.scripted.sessionUrl}: 404`]]);
  });

  it('tells the developer which session URL gave an answer without a uuid, and the person neutral words', async () => {
    let shown: { element: KycVerify; scripted: { sessionUrl: string } } | undefined;
    const warnings = await warned(async () => void (shown = await sessionRefused({ body: { link: 'https://verify.example.cl/x' } })));
    expect(text(shown!.element, 'status')).to.equal(SETUP_WORDS);
    expect(warnings).to.deep.equal([[`<kyc-verify> session-url: ${new URL(shown!.scripted.sessionUrl, location.href).href}: no uuid`]]);
  });

  it('tells the developer which status URL answered 404 before the phone started, and the person neutral words', async () => {
    let element: KycVerify | undefined;
    const warnings = await warned(async () => void (element = await ended([{ status: 404 }], 'kyc-error')));
    expect(text(element!, 'status')).to.equal(SETUP_WORDS);
    expect(warnings.length).to.equal(1);
    expect(warnings[0]![0]).to.match(new RegExp(`^<kyc-verify> status-url: http://[^ ]+/status/${UUID}: 404$`));
  });

  it("tells a misconfigured element's developer what is wrong, and the person neutral words", async () => {
    let element: KycVerify | undefined;
    const warnings = await warned(async () => void ({ element } = await mount({ transaction: UUID, lang: 'en' })));
    await speaking(element!);
    expect(text(element!, 'status')).to.equal(SETUP_WORDS);
    expect(warnings).to.deep.equal([['<kyc-verify> configuration: status-url needs {uuid} or :uuid (or set session-url)']]);
  });

  for (const refused of [401, 403]) {
    it(`asks the person to log in again when the session URL answers ${refused}, without a warning`, async () => {
      let element: KycVerify | undefined;
      const warnings = await warned(async () => void ({ element } = await sessionRefused({ status: refused })));
      expect(text(element!, 'status')).to.equal(
        'Log in again to verify your identity. Your session on this site ended. Log in (in another tab, if you like) and try again.',
      );
      expect(warnings).to.deep.equal([]);
      expect(text(element!, 'retry-button'), 'once logged in, asking again works').to.equal('Try again');
      expect(part(element!, 'login-link')).to.equal(null);
    });

    it(`offers a link to log in where login-url says when the session URL answers ${refused}`, async () => {
      const { element } = await sessionRefused({ status: refused }, { 'login-url': '/login?next=/checkout' });
      const login = part(element, 'login-link') as HTMLAnchorElement;
      expect([login.textContent, login.href]).to.deep.equal(['Log in', new URL('/login?next=/checkout', location.href).href]);
      expect(part(element, 'retry-button')).to.equal(null);
    });
  }

  it('offers no Try again after a configuration error, and lets the page give its own next step', async () => {
    const { element } = await sessionRefused({ status: 404 });
    expect(part(element, 'retry-button')).to.equal(null);
    element.strings = { reasonSetup: 'Write to ayuda@tienda.cl.' };
    await element.updateComplete;
    expect(text(element, 'status')).to.equal('Verification is not available on this page for now. Write to ayuda@tienda.cl.');
  });

  it('offers to start again, with a new verification, when the status answers 404 after it answered (the backend lost it): no setup words', async () => {
    const scripted = await script({
      session: [
        { status: 201, body: { uuid: UUID } },
        { status: 201, body: { uuid: UUID } },
      ],
      status: [status('pending'), { status: 404 }],
    });
    const { element, of } = await mount({
      'session-url': scripted.sessionUrl,
      'status-url': scripted.statusUrl,
      'verification-url': VERIFICATION_URL,
      'poll-interval': '100',
      lang: 'en',
    });
    await until(() => of('kyc-error').length > 0);
    await speaking(element);
    expect(text(element, 'status')).to.equal('We can no longer follow the verification here.');
    part(element, 'retry-button')!.click();
    await until(async () => (await scripted.log()).filter((entry) => entry.route === 'session').length === 2);
    const sessions = (await scripted.log()).filter((entry) => entry.route === 'session');
    expect(sessions.map((entry) => entry.session)).to.deep.equal(['resume', 'new']);
  });

  it('gives no advice about a phone when the status is lost before the phone started', async () => {
    const element = await ended([status('pending'), { status: 410 }], 'kyc-error');
    expect(text(element, 'status')).to.equal('We can no longer follow the verification here.');
  });
});

describe('<kyc-verify> end states and errors accessibility', () => {
  const STATES: [string, Answer[], string][] = [
    ['a failure and its reason', [failed('003')], 'kyc-failed'],
    ['an expiry and its reason', [status('expired')], 'kyc-expired'],
    ['success while Continue waits', [status('successful')], 'kyc-successful'],
    ['a retrying problem', [status('pending'), { status: 503 }], 'kyc-error'],
    ['a final problem', [status('pending'), { status: 404 }], 'kyc-error'],
  ];
  for (const [state, answers, type] of STATES) {
    it(`passes axe showing ${state}`, async () => {
      await expect(await ended(answers, type)).to.be.accessible();
    });
  }
});
