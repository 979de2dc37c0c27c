import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { KycVerify } from '../../src/index.js';
import { follow, onAPhone, script, shadow, speaking, status, until, type Answer } from './scripted.js';

// One main action at a time: once the flow runs elsewhere, what the element offered to start it steps back.
const WAITING = status('pending', { step: 'Session_start', code: '001' });
const DOCUMENT_PROBLEM = status('pending', { step: 'Capture_credential_fail', code: '007' });
const DOCUMENT_OK = status('pending', { step: 'Capture_credential_Ok', code: '002' });

const part = (element: KycVerify, name: string) => shadow(element, `[part~="${name}"]`);
const visible = (element: KycVerify, name: string) => part(element, name)?.checkVisibility({ visibilityProperty: true }) ?? false;

/** The element in `mode`, once it shows the first of `answers`; `answer` gives the status requests new answers. */
async function following(mode: string, answers: Answer[]) {
  const scripted = await script({ status: answers });
  const mounted = await follow(scripted, { mode, lang: 'en' });
  await until(() => mounted.of('kyc-state-change').length > 0);
  await speaking(mounted.element);
  /** The status answers from now on. */
  const answer = async (next: Answer[], ready: () => boolean) => {
    await fetch(scripted.statusUrl.replace('/status/{uuid}', '/script'), { method: 'PUT', body: JSON.stringify({ status: next }) });
    await until(ready);
    await mounted.element.updateComplete;
  };
  return { element: mounted.element, answer };
}

/** Tab from a button placed before the element until focus is on `name`; false if it never gets there. */
async function tabTo(element: KycVerify, name: string): Promise<boolean> {
  const before = document.createElement('button');
  element.before(before);
  before.focus();
  for (let presses = 0; presses < 6; presses++) {
    await sendKeys({ press: 'Tab' });
    if (element.shadowRoot!.activeElement === part(element, name)) return true;
  }
  return false;
}

const isFilled = (control: HTMLElement) => getComputedStyle(control).backgroundColor !== 'rgba(0, 0, 0, 0)';

describe('<kyc-verify> one main action: the button once the flow runs elsewhere', () => {
  it('shows the big button filled while nothing has started', async () => {
    const { element } = await following('button', [WAITING]);
    expect(part(element, 'progress')).to.equal(null);
    expect(isFilled(part(element, 'button')!)).to.equal(true);
  });

  it('shows the progress in button mode once the flow has started', async () => {
    const { element } = await following('button', [DOCUMENT_OK]);
    expect(visible(element, 'progress')).to.equal(true);
    expect(part(element, 'progress')!.textContent).to.include('Selfie');
  });

  it('steps the big button back to a plain link, still there, once the flow has started', async () => {
    const { element } = await following('button', [DOCUMENT_OK]);
    const button = part(element, 'button')!;
    expect(visible(element, 'button')).to.equal(true);
    expect(button.textContent).to.equal('Verify my identity');
    expect(isFilled(button)).to.equal(false);
    expect(getComputedStyle(button).textDecorationLine).to.equal('underline');
  });

  it('keeps the stepped-back link reachable from the keyboard', async () => {
    const { element } = await following('button', [DOCUMENT_OK]);
    expect(await tabTo(element, 'button')).to.equal(true);
  });

  it('does the same in auto mode on a phone: the progress, the button a plain link, no QR code, and no word of another device', async () => {
    await onAPhone(async () => {
      const { element } = await following('auto', [DOCUMENT_OK]);
      expect(visible(element, 'progress')).to.equal(true);
      expect(visible(element, 'button')).to.equal(true);
      expect(isFilled(part(element, 'button')!)).to.equal(false);
      expect(visible(element, 'qr')).to.equal(false);
      expect(visible(element, 'show-code')).to.equal(false);
      expect(part(element, 'title')!.textContent).to.equal('Verify your identity');
      expect(element.shadowRoot!.textContent).not.to.match(/your phone|this window/);
    });
  });

  it('passes axe in button mode with the progress', async () => {
    const { element } = await following('button', [DOCUMENT_OK]);
    await expect(element).to.be.accessible();
  });
});

describe('<kyc-verify> one main action: the code for a second phone', () => {
  const toggleColour = (element: KycVerify) => getComputedStyle(part(element, 'show-code')!).color;
  const mutedColour = (element: KycVerify) => getComputedStyle(part(element, 'timer')!).color;

  it('offers the code for a second phone as a link while the phone is at the document step', async () => {
    const { element } = await following('qr', [DOCUMENT_PROBLEM]);
    expect(toggleColour(element)).not.to.equal(mutedColour(element));
  });

  it('steps the toggle back once the phone is past the document step', async () => {
    const { element } = await following('qr', [DOCUMENT_OK]);
    expect(toggleColour(element)).to.equal(mutedColour(element));
  });

  it('closes the code shown again once the phone is past the document step', async () => {
    const { element, answer } = await following('qr', [DOCUMENT_PROBLEM]);
    part(element, 'show-code')!.click();
    expect(visible(element, 'qr')).to.equal(true);
    await answer([DOCUMENT_OK], () => element.status?.code === '002');
    expect(visible(element, 'qr')).to.equal(false);
    expect(visible(element, 'progress')).to.equal(true);
  });

  it('keeps the code reachable past the document step: Tab to its toggle, Enter shows it', async () => {
    const { element } = await following('qr', [DOCUMENT_OK]);
    expect(await tabTo(element, 'show-code')).to.equal(true);
    await sendKeys({ press: 'Enter' });
    expect(visible(element, 'qr')).to.equal(true);
  });

  it('keeps focus in the element when the toggle it was on steps back', async () => {
    const { element, answer } = await following('qr', [DOCUMENT_PROBLEM]);
    part(element, 'show-code')!.focus();
    await answer([DOCUMENT_OK], () => element.status?.code === '002');
    await until(() => element.shadowRoot!.activeElement === part(element, 'status'));
  });

  it('passes axe with the toggle stepped back, and with the code shown again', async () => {
    const { element } = await following('qr', [DOCUMENT_OK]);
    await expect(element).to.be.accessible();
    part(element, 'show-code')!.click();
    await expect(element).to.be.accessible();
  });
});
