import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { KycVerify } from '../../src/index.js';
import { follow, script, status, until, UUID } from './scripted.js';

const SENT = { body: { channel: 'email', to: 'm•••@gmail.com', retry_after: 60 } };

const part = (element: KycVerify, name: string) => element.shadowRoot!.querySelector<HTMLElement>(`[part="${name}"]`);
const parts = (element: KycVerify, name: string) => [...element.shadowRoot!.querySelectorAll<HTMLElement>(`[part="${name}"]`)];
const text = (element: KycVerify, name: string) => part(element, name)?.textContent?.trim() ?? null;

/** A pending transaction whose answers offer `channels`, shown in `lang`. */
async function offering(send: { status?: number; body?: unknown; headers?: Record<string, string> }[], lang = 'es', channels = ['email']) {
  const scripted = await script({ status: [status('pending', { send: channels })], send });
  const mounted = await follow(scripted, { lang });
  await until(() => part(mounted.element, 'send-button') !== null);
  return { ...mounted, scripted };
}

describe('<kyc-verify> sending the link', () => {
  it('offers no send button when the answers do not offer sending', async () => {
    const scripted = await script({ status: [status('pending')] });
    const { element, of } = await follow(scripted);
    await until(() => of('kyc-state-change').length === 1);
    await element.updateComplete;
    expect(part(element, 'copy-button')).to.not.equal(null);
    expect(part(element, 'send-button')).to.equal(null);
  });

  it('offers "Enviar por correo" in the row of Copy link, and one button per channel offered', async () => {
    const { element } = await offering([SENT], 'es', ['email', 'sms']);
    expect(parts(element, 'send-button').map((button) => button.textContent!.trim())).to.deep.equal([
      'Enviar por correo',
      'Enviar por SMS',
    ]);
    const row = (control: HTMLElement) => Math.round(control.getBoundingClientRect().top);
    expect(parts(element, 'send-button').map(row)).to.deep.equal([row(part(element, 'copy-button')!), row(part(element, 'copy-button')!)]);
  });

  it('steps the send buttons aside once the phone has started, with Copy link and what the person will need', async () => {
    const scripted = await script({ status: [status('pending', { send: ['email'] })] });
    const { element } = await follow(scripted);
    await until(() => part(element, 'send-button') !== null);
    const started = status('pending', { step: 'Capture_credential_Ok', code: '002', send: ['email'] });
    await fetch(scripted.statusUrl.replace('/status/{uuid}', '/script'), { method: 'PUT', body: JSON.stringify({ status: [started] }) });
    await until(() => element.shadowRoot!.querySelector('[part="progress"]') !== null);
    expect(['send-button', 'copy-button', 'preparation'].map((name) => part(element, name))).to.deep.equal([null, null, null]);
  });

  it('POSTs the channel alone to <status-url>/send with the guard header, and says where the backend sent it', async () => {
    const { element, scripted } = await offering([SENT]);
    part(element, 'send-button')!.click();
    await until(() => text(element, 'send-note') === 'Enviado a m•••@gmail.com');
    const sent = (await scripted.log()).filter((entry) => entry.route === 'send');
    expect(sent).to.have.length(1);
    expect(sent[0]).to.include({ method: 'POST', uuid: UUID, session: 'send' });
    expect(JSON.parse(sent[0]!.body!)).to.deep.equal({ channel: 'email' });
    expect(part(element, 'send-note')!.getAttribute('aria-live')).to.equal('polite');
  });

  it('counts down to the resend and takes no second send before it', async () => {
    const { element, scripted } = await offering([SENT], 'en');
    part(element, 'send-button')!.click();
    await until(() => text(element, 'send-wait')?.startsWith('You can resend it in 1:0') ?? false);
    expect(part(element, 'send-button')!.getAttribute('aria-disabled')).to.equal('true');
    part(element, 'send-button')!.click();
    await element.updateComplete;
    expect((await scripted.log()).filter((entry) => entry.route === 'send')).to.have.length(1);
  });

  it("shows a 429's Retry-After as the wait, calmly, not as a failure", async () => {
    const { element } = await offering(
      [{ status: 429, body: { error: 'cooldown', message: '…' }, headers: { 'retry-after': '42' } }],
      'en',
    );
    part(element, 'send-button')!.click();
    await until(() => /0:4[12]$/.test(text(element, 'send-wait') ?? ''));
    expect(text(element, 'send-note')).to.equal('');
  });

  it('says calmly when the send failed, and lets the person try again at once', async () => {
    const { element, scripted } = await offering([{ status: 502, body: { error: 'send_failed', message: '…' } }, SENT], 'en');
    part(element, 'send-button')!.click();
    await until(() => text(element, 'send-note') === 'Could not send the link. Try again.');
    expect(part(element, 'send-button')!.getAttribute('aria-disabled')).to.equal('false');
    part(element, 'send-button')!.click();
    await until(() => text(element, 'send-note') === 'Sent to m•••@gmail.com');
    expect((await scripted.log()).filter((entry) => entry.route === 'send')).to.have.length(2);
  });

  it('hides the button once the backend says no send is left', async () => {
    const { element } = await offering([{ body: { channel: 'email', to: 'm•••@gmail.com', retry_after: null } }]);
    part(element, 'send-button')!.click();
    await until(() => part(element, 'send-button') === null);
    expect(text(element, 'send-note')).to.equal('Enviado a m•••@gmail.com');
  });

  it('is pressed from the keyboard', async () => {
    const { element } = await offering([SENT]);
    part(element, 'send-button')!.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => text(element, 'send-note') === 'Enviado a m•••@gmail.com');
  });

  it("takes the page's strings over the built-in ones", async () => {
    const { element } = await offering([SENT], 'en');
    element.strings = { sendEmail: 'Email me the link', linkSent: 'On its way to {to}' };
    await element.updateComplete;
    expect(text(element, 'send-button')).to.equal('Email me the link');
    part(element, 'send-button')!.click();
    await until(() => text(element, 'send-note') === 'On its way to m•••@gmail.com');
  });

  it('passes axe offering the send, and after it, counting down', async () => {
    const { element } = await offering([SENT], 'en', ['email', 'sms']);
    await expect(element).to.be.accessible();
    part(element, 'send-button')!.click();
    await until(() => text(element, 'send-wait') !== null);
    await expect(element).to.be.accessible();
  });
});
