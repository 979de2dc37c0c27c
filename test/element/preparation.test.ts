// What the end user will need, shown with the link before the phone starts: no click added, on by
// default, in each language, replaceable, and switched off by `no-preparation`.
import { expect } from '@open-wc/testing';
import type { KycVerify } from '../../src/index.js';
import { follow, script, shadow, speaking, status, until } from './scripted.js';

const preparation = (element: KycVerify) => shadow(element, '[part="preparation"]');

async function shown(attributes: Record<string, string> = {}) {
  const { element, of } = await follow(await script({ status: [status('pending')] }), { mode: 'qr', ...attributes });
  await until(() => of('kyc-state-change').length > 0);
  await speaking(element);
  return element;
}

describe('<kyc-verify> preparation', () => {
  const WORDS: [string, string][] = [
    ['es', 'Necesitarás tu cédula, buena luz y unos minutos.'],
    ['en', 'You will need your ID card, good light and a few minutes.'],
    ['pt-BR', 'Você vai precisar da sua cédula, de boa luz e de alguns minutos.'],
  ];
  for (const [lang, words] of WORDS) {
    it(`says what the person will need above the QR code, with no click (${lang})`, async () => {
      const element = await shown({ lang });
      expect(preparation(element)!.textContent).to.equal(words);
      expect(preparation(element)!.checkVisibility()).to.equal(true);
      const order = preparation(element)!.compareDocumentPosition(shadow(element, '[part="qr"]')!);
      expect(order & Node.DOCUMENT_POSITION_FOLLOWING, 'before the QR code').to.not.equal(0);
    });
  }

  it('shows it beside the button alone too', async () => {
    const element = await shown({ mode: 'button', lang: 'en' });
    expect(preparation(element)!.checkVisibility()).to.equal(true);
  });

  it('lets the page replace the words', async () => {
    const element = await shown({ lang: 'en' });
    element.strings = { preparation: 'Have your ID card and your phone at hand.' };
    await element.updateComplete;
    expect(preparation(element)!.textContent).to.equal('Have your ID card and your phone at hand.');
  });

  it('leaves it out with no-preparation', async () => {
    const element = await shown({ lang: 'en', 'no-preparation': '' });
    expect(preparation(element)).to.equal(null);
  });

  it('passes axe with it shown', async () => {
    await expect(await shown({ lang: 'en' })).to.be.accessible();
  });
});
