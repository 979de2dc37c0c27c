import { expect } from '@open-wc/testing';
import { a11ySnapshot, sendKeys, setViewport } from '@web/test-runner-commands';
import jsQR from 'jsqr';
import type { KycVerify } from '../../src/index.js';
import {
  follow,
  LINK,
  next,
  onAPhone,
  script,
  shadow,
  sleep,
  speaking,
  start,
  status,
  until,
  UUID,
  withClipboard,
  withReducedMotion,
} from './scripted.js';

/** Paints the element's QR code SVG on a canvas, as a phone camera would see it, and decodes it (once its encoder is here). */
async function decodeQr(element: KycVerify): Promise<string | null> {
  await until(() => element.shadowRoot!.querySelector('svg path') !== null);
  const svg = element.shadowRoot!.querySelector('svg')!.cloneNode(true) as SVGSVGElement;
  svg.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  svg.setAttribute('width', '400');
  svg.setAttribute('height', '400');
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.outerHTML)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 400;
  const context = canvas.getContext('2d')!;
  context.drawImage(image, 0, 0, 400, 400);
  const pixels = context.getImageData(0, 0, 400, 400);
  return jsQR(pixels.data, 400, 400)?.data ?? null;
}

/** A node of Chromium's accessibility tree (the page's), as `a11ySnapshot` gives it. */
interface AccessibilityNode {
  role: string;
  name?: string;
  description?: string;
  children?: AccessibilityNode[];
}

const linksIn = (node: AccessibilityNode): AccessibilityNode[] => [
  ...(node.role === 'link' ? [node] : []),
  ...(node.children ?? []).flatMap(linksIn),
];

const part = (element: KycVerify, name: string) => shadow(element, `[part="${name}"]`);

describe('<kyc-verify> rendering', () => {
  it('draws a QR code that decodes to the verification link', async () => {
    const { element } = await follow(await script({ status: [status('pending')] }), { mode: 'qr' });
    expect(await decodeQr(element)).to.equal(LINK);
  });

  it('gives the QR code a text alternative', async () => {
    const { element } = await follow(await script({ status: [status('pending')] }), { mode: 'qr', lang: 'en' });
    expect(part(element, 'qr')!.getAttribute('role')).to.equal('img');
    expect(part(element, 'qr')!.getAttribute('aria-label')).to.equal('QR code that opens the identity verification link');
  });

  it('shows the link as a real anchor that opens in a new tab without an opener', async () => {
    const { element } = await follow(await script({ status: [status('pending')] }), { mode: 'button' });
    const anchor = part(element, 'button') as HTMLAnchorElement;
    expect(anchor.tagName).to.equal('A');
    expect(anchor.href).to.equal(LINK);
    expect(anchor.target).to.equal('_blank');
    expect(anchor.rel).to.equal('noopener noreferrer');
  });

  it('tells assistive technology that each link opens in a new tab', async () => {
    const scripted = await script({ status: [status('pending')] });
    for (const mode of ['qr', 'button']) {
      const { element } = await follow(scripted, { mode, lang: 'en' });
      const links = linksIn((await a11ySnapshot({})) as unknown as AccessibilityNode);
      expect(links, mode).to.have.length(1);
      expect(links[0]!.description, mode).to.equal('Opens in a new tab');
      element.remove();
    }
  });

  it('shows only the QR code with a small link in qr mode, only the button in button mode, both in both mode', async () => {
    const scripted = await script({ status: [status('pending')] });
    const shown = async (mode: string) => {
      const { element } = await follow(scripted, { mode });
      return ['qr', 'link', 'button'].filter((name) => part(element, name));
    };
    expect(await shown('qr')).to.deep.equal(['qr', 'link']);
    expect(await shown('button')).to.deep.equal(['button']);
    expect(await shown('both')).to.deep.equal(['qr', 'button']);
  });

  it('shows the QR code and hides the big button on a computer in auto mode', async () => {
    const { element } = await follow(await script({ status: [status('pending')] }));
    expect(part(element, 'qr')!.checkVisibility()).to.equal(true);
    expect(part(element, 'button')!.checkVisibility()).to.equal(false);
  });

  it('shows the big button and hides the QR code on a phone in auto mode', async () => {
    await onAPhone(async () => {
      const { element } = await follow(await script({ status: [status('pending')] }));
      expect(part(element, 'qr')!.checkVisibility()).to.equal(false);
      expect(part(element, 'button')!.checkVisibility()).to.equal(true);
    });
  });

  it('keeps the QR code and the typed code on a computer at 200 % zoom (640 CSS px): the layout follows the device, not the width', async () => {
    await setViewport({ width: 640, height: 400 });
    try {
      const typed = { uuid: UUID, link: LINK, typed_code: { url: 'https://shop.example/kyc/go', code: '4F7K3H' } };
      const scripted = await script({ session: [{ status: 201, body: typed }], status: [status('pending')] });
      const { element } = await start(scripted, { lang: 'en' });
      await until(() => part(element, 'typed-code') !== null);
      await speaking(element);
      expect(part(element, 'qr')!.checkVisibility(), 'the QR code').to.equal(true);
      expect(part(element, 'typed-code')!.checkVisibility(), 'the typed code').to.equal(true);
      expect(part(element, 'button')!.checkVisibility(), 'no big button').to.equal(false);
      expect(part(element, 'title')!.textContent).to.equal('Scan the code with your phone');
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('keeps the button on a phone at 200 % zoom (195 CSS px)', async () => {
    await onAPhone(async () => {
      const { element } = await follow(await script({ status: [status('pending')] }), { lang: 'en' });
      await speaking(element);
      expect(part(element, 'button')!.checkVisibility()).to.equal(true);
      expect(part(element, 'qr')!.checkVisibility()).to.equal(false);
      expect(part(element, 'title')!.textContent).to.equal('Verify your identity');
    }, 195);
  });

  it('uses the link attribute when it is given', async () => {
    const link = 'https://kyc.host.example/verify/abc';
    const { element } = await follow(await script({ status: [status('pending')] }), { link, mode: 'button' });
    expect((part(element, 'button') as HTMLAnchorElement).href).to.equal(link);
  });

  it('copies the link with the copy control and says so', async () => {
    const { element } = await follow(await script({ status: [status('pending')] }), { lang: 'en' });
    let copied = '';
    await withClipboard(
      async (text: string) => void (copied = text),
      async () => {
        part(element, 'copy-button')!.click();
        await until(() => element.shadowRoot!.textContent!.includes('Link copied'));
        expect(copied).to.equal(LINK);
      },
    );
  });

  it('counts down to expires_at', async () => {
    const expires = new Date(Date.now() + 125_500).toISOString();
    const { element } = await follow(await script({ status: [status('pending', { expires_at: expires })] }), { lang: 'en' });
    // However late a busy machine draws it, the time shown then goes down a second at a time.
    const shown = () => /^The link expires in (\d+):(\d\d)$/.exec(part(element, 'timer')?.textContent ?? '');
    const seconds = () => Number(shown()![1]) * 60 + Number(shown()![2]);
    await until(() => shown() !== null);
    const first = seconds();
    expect(first).to.be.within(115, 126);
    await until(() => seconds() === first - 1, 3000);
    expect(part(element, 'timer')!.getAttribute('role')).to.equal('timer');
  });

  it('says in a polite live region what the phone is doing', async () => {
    const documentOk = status('pending', { step: 'Capture_credential_Ok', code: '002' });
    const { element } = await follow(await script({ status: [status('pending'), documentOk] }), { lang: 'en', 'poll-interval': '300' });
    await until(() => part(element, 'status')?.textContent === 'Waiting for you to start on your phone…');
    await until(() => part(element, 'status')?.textContent === 'ID card captured. Now take your selfie…');
    const live = shadow(element, '[aria-live="polite"].sr')!;
    await until(() => live.textContent === 'ID card captured. Now take your selfie…');
  });

  it('shows the result, hides the link and stops the countdown at the end', async () => {
    const scripted = await script({ status: [status('pending'), status('failed')] });
    const { element } = await follow(scripted, { lang: 'en', 'poll-interval': '300' });
    await until(() => part(element, 'timer') !== null);
    await next(element, 'kyc-failed');
    await element.updateComplete;
    expect(part(element, 'title')!.textContent).to.equal('We could not verify your identity.');
    expect(part(element, 'qr')!.checkVisibility({ visibilityProperty: true })).to.equal(false);
    expect(part(element, 'timer'), 'no timer left in the tree').to.equal(null);
  });

  it('falls back to the button when the link is too long for a QR code', async () => {
    const link = `https://verify.example.cl/${'x'.repeat(3000)}`;
    const { element } = await follow(await script({ status: [status('pending')] }), { mode: 'qr', link });
    await until(() => part(element, 'qr') === null);
    expect((part(element, 'button') as HTMLAnchorElement).href).to.equal(link);
  });

  it('forgets "Link copied" when it shows another transaction', async () => {
    const second = '0e1d2c3b-4a59-4687-a5b4-c3d2e1f0a9b8';
    const scripted = await script({ status: [status('pending')] });
    const { element } = await follow(scripted, { lang: 'en' });
    await withClipboard(
      async () => {},
      async () => {
        part(element, 'copy-button')!.click();
        await until(() => element.shadowRoot!.textContent!.includes('Link copied'));
        element.transaction = second;
        await element.updateComplete;
        expect(element.shadowRoot!.textContent).not.to.include('Link copied');
      },
    );
  });
});

describe('<kyc-verify> accessibility', () => {
  it('passes axe while waiting for the phone', async () => {
    const { element } = await follow(await script({ status: [status('pending')] }), { mode: 'both' });
    await until(() => part(element, 'timer') !== null);
    await expect(element).to.be.accessible();
  });

  it('passes axe after success, with Continue enabled', async () => {
    const { element } = await follow(await script({ status: [status('successful')] }), { 'continue-delay': '0' });
    await next(element, 'kyc-successful');
    await until(() => !(part(element, 'continue-button') as HTMLButtonElement).disabled);
    await expect(element).to.be.accessible();
  });

  it('works from the keyboard alone: Tab reaches the link, then the copy button, and Enter copies', async () => {
    const { element } = await follow(await script({ status: [status('pending')] }), { mode: 'button', lang: 'en' });
    await withClipboard(
      async () => {},
      async () => {
        const before = document.createElement('button');
        before.textContent = 'before';
        element.before(before);
        before.focus();
        await sendKeys({ press: 'Tab' });
        expect(element.shadowRoot!.activeElement).to.equal(part(element, 'button'));
        await sendKeys({ press: 'Tab' });
        expect(element.shadowRoot!.activeElement).to.equal(part(element, 'copy-button'));
        await sendKeys({ press: 'Enter' });
        await until(() => element.shadowRoot!.textContent!.includes('Link copied'));
      },
    );
  });

  it('moves focus from a vanished control to the result when the verification ends', async () => {
    const { element } = await follow(await script({ status: [status('pending'), status('successful')] }), { 'poll-interval': '300' });
    await until(() => part(element, 'copy-button') !== null);
    part(element, 'copy-button')!.focus();
    await next(element, 'kyc-successful');
    await until(() => element.shadowRoot!.activeElement === part(element, 'status'));
  });

  it('stops the spinner when the user prefers reduced motion', async () => {
    const { element } = await follow(await script({ status: [status('pending')] }));
    await until(() => !!part(element, 'status')?.classList.contains('pending'));
    const spinner = () => getComputedStyle(part(element, 'status')!, '::before').animationName;
    expect(spinner()).to.equal('spin');
    await withReducedMotion(() => expect(spinner()).to.equal('none'));
  });

  it('moves focus from a vanished control to the status line on a final error', async () => {
    const { element } = await follow(await script({ status: [status('pending'), { status: 404 }] }), { 'poll-interval': '300' });
    await until(() => part(element, 'copy-button') !== null);
    part(element, 'copy-button')!.focus();
    await next(element, 'kyc-error');
    await until(() => element.shadowRoot!.activeElement === part(element, 'status'));
  });

  it("leaves focus alone on the host's own slotted content when the verification ends", async () => {
    const scripted = await script({ status: [status('pending'), status('successful')] });
    const { element } = await follow(scripted, { 'poll-interval': '300' });
    const input = document.createElement('input');
    input.setAttribute('aria-label', 'notes');
    element.append(input);
    input.focus();
    await next(element, 'kyc-successful');
    await element.updateComplete;
    await sleep(50);
    expect(document.activeElement).to.equal(input);
  });
});
