import { expect } from '@open-wc/testing';
import type { KycVerify } from '../../src/index.js';
import { follow, script, shadow, status, until, withClipboard } from './scripted.js';

/** Whether the element's text is light (the dark palette). */
const lightText = (element: KycVerify) => {
  const [r, g, b] = getComputedStyle(element).color.match(/\d+/g)!.map(Number);
  return r! + g! + b! > 3 * 128;
};

/** Runs `body` with `css` in the page, as a host's style sheet. */
async function withPageStyle(css: string, body: () => Promise<void>): Promise<void> {
  const sheet = document.createElement('style');
  sheet.textContent = css;
  document.head.append(sheet);
  try {
    await body();
  } finally {
    sheet.remove();
    document.documentElement.className = document.body.className = '';
  }
}

describe('<kyc-verify> colours on a page that paints itself without declaring color-scheme', () => {
  it('takes the dark palette on a page painted dark, and follows a theme class toggled on <html>', async () => {
    await withPageStyle('html.night { background: #121212; color: #e6e6e6; }', async () => {
      const { element } = await follow(await script({ status: [status('pending')] }));
      expect(lightText(element)).to.equal(false);
      document.documentElement.classList.add('night');
      await until(() => lightText(element));
      document.documentElement.classList.remove('night');
      await until(() => !lightText(element));
    });
  });

  it('reads any CSS colour (oklch here) on the first opaque box behind it, and a class toggled on <body>', async () => {
    await withPageStyle('body.night { background: oklch(0.2 0.02 250); }', async () => {
      const { element } = await follow(await script({ status: [status('pending')] }));
      document.body.classList.add('night');
      await until(() => lightText(element));
    });
  });

  it("keeps the page's explicit kyc-verify { color-scheme } over what it reads", async () => {
    await withPageStyle('html { background: #121212; } kyc-verify { color-scheme: light; }', async () => {
      const { element } = await follow(await script({ status: [status('pending')] }));
      await element.updateComplete;
      expect(lightText(element)).to.equal(false);
    });
  });
});

describe('<kyc-verify> a copy the browser refuses', () => {
  it('shows the link under the note, whole and selected by one click', async () => {
    const { element } = await follow(await script({ status: [status('pending')] }), { mode: 'qr' });
    await withClipboard(
      () => Promise.reject(new DOMException('denied', 'NotAllowedError')),
      async () => {
        shadow(element, '[part="copy-button"]')!.click();
        await until(() => shadow(element, '[part="link-text"]') !== null);
        const text = shadow(element, '[part="link-text"]')!;
        expect(text.textContent).to.equal(element.shadowRoot!.querySelector('a')!.href);
        expect(getComputedStyle(text).userSelect).to.equal('all');
      },
    );
  });
});
