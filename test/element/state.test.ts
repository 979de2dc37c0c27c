import { expect } from '@open-wc/testing';
import type { KycVerify } from '../../src/index.js';
import { follow, onAPhone, script, shadow, speaking, status, until, UUID, withClipboard, type Answer } from './scripted.js';

const part = (element: KycVerify, name: string) => shadow(element, `[part~="${name}"]`);
const at = (ms: number) => new Date(ms).toISOString();

/** The element following a transaction whose status is `answer`, once it has shown it. */
async function showing(answer: Answer, attributes: Record<string, string> = {}) {
  const { element, of } = await follow(await script({ status: [answer] }), { lang: 'en', ...attributes });
  await until(() => of('kyc-state-change').length > 0);
  await speaking(element);
  return element;
}

describe('<kyc-verify> readable state', () => {
  it('has no status before the first answer', async () => {
    const { element } = await follow(await script({ status: [{ status: 503 }] }));
    expect(element.status).to.equal(null);
    expect(element.hasAttribute('state')).to.equal(false);
  });

  it('gives a late script the last observed status, as kyc-state-change gave it', async () => {
    const element = await showing(status('pending', { step: 'Capture_credential_Ok', code: '002' }));
    expect(element.status).to.deep.equal({
      uuid: UUID,
      state: 'pending',
      step: 'Capture_credential_Ok',
      code: '002',
      issueDescription: null,
    });
  });

  it('reflects the state as the state attribute, for styling', async () => {
    const element = await showing(status('failed'));
    expect(element.getAttribute('state')).to.equal('failed');
    expect(element.matches('[state="failed"]')).to.equal(true);
  });

  it('cannot be set from outside', async () => {
    const element = await showing(status('pending'));
    expect(() => ((element as unknown as { status: unknown }).status = null)).to.throw(TypeError);
  });
});

describe('<kyc-verify> countdown', () => {
  it("counts down on the server's clock, not the browser's", async () => {
    const server = Date.now() + 600_000;
    const element = await showing(status('pending', { server_time: at(server), expires_at: at(server + 125_500) }));
    await until(() => part(element, 'timer')?.textContent === 'The link expires in 2:06');
  });

  it("counts down to the selfie's timer, saying so, when it comes before the link's expiry", async () => {
    const now = Date.now();
    const selfie = { step: 'Capture_credential_Ok', code: '002', server_time: at(now), step_expires_at: at(now + 65_500) };
    const element = await showing(status('pending', selfie));
    await until(() => part(element, 'timer')?.textContent === 'Time for your selfie: 1:06');
  });

  it('looks urgent in the last 30 seconds', async () => {
    const now = Date.now();
    const element = await showing(status('pending', { server_time: at(now), expires_at: at(now + 20_000) }));
    await until(() => !!part(element, 'timer')?.classList.contains('urgent'));
  });

  it('does not look urgent before', async () => {
    const element = await showing(status('pending'));
    await until(() => part(element, 'timer') !== null);
    expect(part(element, 'timer')!.classList.contains('urgent')).to.equal(false);
  });

  it('passes axe while urgent', async () => {
    const now = Date.now();
    const element = await showing(status('pending', { server_time: at(now), expires_at: at(now + 20_000) }));
    await until(() => !!part(element, 'timer')?.classList.contains('urgent'));
    await expect(element).to.be.accessible();
  });
});

describe('<kyc-verify> words for the device', () => {
  it('tells someone at a QR code to start on their phone', async () => {
    const element = await showing(status('pending'), { mode: 'qr' });
    expect(part(element, 'status')!.textContent).to.equal('Waiting for you to start on your phone…');
  });

  it('does not tell someone on the phone (button mode) to use their phone', async () => {
    const element = await showing(status('pending'), { mode: 'button' });
    expect(part(element, 'status')!.textContent).to.equal('Waiting for you to start the verification…');
  });

  it('does not tell someone on a phone (auto mode) to use their phone', async () => {
    await onAPhone(async () => {
      const element = await showing(status('pending'));
      expect(part(element, 'status')!.textContent).to.equal('Waiting for you to start the verification…');
    });
  });

  it('puts a heading over the QR code', async () => {
    const element = await showing(status('pending'), { mode: 'qr' });
    const heading = part(element, 'title')!;
    expect(heading.textContent).to.equal('Scan the code with your phone');
    expect(heading.compareDocumentPosition(part(element, 'qr')!) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
  });
});

describe('<kyc-verify> copy note', () => {
  it('says the link was copied without moving the copy button, then clears', async () => {
    const element = await showing(status('pending'), { mode: 'qr' });
    const button = part(element, 'copy-button')!;
    const before = button.getBoundingClientRect().x;
    await withClipboard(
      async () => {},
      async () => {
        button.click();
        await until(() => element.shadowRoot!.textContent!.includes('Link copied'));
        expect(button.getBoundingClientRect().x).to.equal(before);
        await until(() => !element.shadowRoot!.textContent!.includes('Link copied'), 8000);
      },
    );
  });
});
