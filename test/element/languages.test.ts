// Languages: Spanish built in, the others loaded when a page asks for them, never a flash of Spanish meanwhile.
// The first test must stay first: it is the one that sees English load (a page loads each language once).
import { expect, fixture, html } from '@open-wc/testing';
import { en } from '../../src/element/locales/en.js';
import { es } from '../../src/element/locales/es.js';
import { ptBR } from '../../src/element/locales/pt-BR.js';
import type { KycVerify } from '../../src/index.js';
import { follow, next, script, shadow, status, UUID, until, VERIFICATION_URL } from './scripted.js';

const part = (element: KycVerify, name: string) => shadow(element, `[part="${name}"]`);

/** What the person sees of the element: its text when its content is visible, nothing otherwise. */
const visibleText = (element: KycVerify) => {
  const base = part(element, 'base');
  return base?.checkVisibility({ visibilityProperty: true }) ? element.shadowRoot!.textContent! : '';
};

describe('<kyc-verify> languages', () => {
  it('shows no Spanish on an English page while English loads, then English, at the same height', async () => {
    const scripted = await script({ status: [status('pending')] });
    const element = document.createElement('kyc-verify');
    for (const [name, value] of Object.entries({
      transaction: UUID,
      'status-url': scripted.statusUrl,
      'verification-url': VERIFICATION_URL,
      mode: 'qr',
      lang: 'en',
    })) {
      element.setAttribute(name, value);
    }
    const renders: { text: string; height: number }[] = [];
    // Added before it connects, the controller sees every render, the first one included.
    element.addController({ hostUpdated: () => renders.push({ text: visibleText(element), height: element.offsetHeight }) });
    const container = await fixture<HTMLDivElement>(html`<div></div>`);
    container.append(element);
    await until(() => visibleText(element).includes(en.copyLink));
    const hidden = renders.filter(({ text }) => text === '');
    expect(hidden.length, 'renders while English loads').to.be.greaterThan(0);
    expect(renders.filter(({ text }) => text.includes(es.copyLink))).to.deep.equal([]);
    expect(hidden.map(({ height }) => height)).to.deep.equal(hidden.map(() => element.offsetHeight));
  });

  it('speaks Spanish when neither the page nor the browser asks for a built-in language', async () => {
    const pageLang = document.documentElement.getAttribute('lang');
    document.documentElement.removeAttribute('lang');
    // The browser's own languages (en-US in the test browser) come before the fallback.
    Object.defineProperty(navigator, 'languages', { configurable: true, value: ['de-DE', 'fr'] });
    try {
      const { element } = await follow(await script({ status: [status('successful')] }));
      await next(element, 'kyc-successful');
      await element.updateComplete;
      expect(element.closest('[lang]')).to.equal(null);
      expect(part(element, 'title')!.textContent).to.equal('Tu identidad está verificada.');
      await until(() => part(element, 'continue-button')!.textContent!.trim() === 'Continuar');
    } finally {
      delete (navigator as unknown as Record<string, unknown>).languages;
      if (pageLang !== null) document.documentElement.setAttribute('lang', pageLang);
    }
  });

  it('says once in the console when the lang asked for is not built in, and what it shows instead', async () => {
    const warn = console.warn;
    const warnings: unknown[][] = [];
    console.warn = (...args: unknown[]) => void warnings.push(args);
    try {
      for (const attempt of [1, 2]) {
        const { element } = await follow(await script({ status: [status('successful')] }), { lang: 'fr' });
        await next(element, 'kyc-successful');
        await element.updateComplete;
        expect(part(element, 'title')!.textContent, `element ${attempt}`).to.equal('Your identity is verified.');
      }
    } finally {
      console.warn = warn;
    }
    // The test browser's own language is en-US: the first built-in one after the page's.
    expect(warnings).to.deep.equal([['<kyc-verify> lang: fr is not built in; showing en']]);
  });

  it('speaks English when the nearest lang attribute says so', async () => {
    document.documentElement.lang = 'en-GB';
    try {
      const { element } = await follow(await script({ status: [status('successful')] }));
      await next(element, 'kyc-successful');
      await element.updateComplete;
      expect(part(element, 'title')!.textContent).to.equal('Your identity is verified.');
    } finally {
      document.documentElement.removeAttribute('lang');
    }
  });

  for (const lang of ['pt-BR', 'pt']) {
    it(`speaks Portuguese (Brazil) when lang is ${lang}`, async () => {
      const { element } = await follow(await script({ status: [status('successful')] }), { lang });
      await until(() => visibleText(element).includes(ptBR.successful));
    });
  }

  it('lets the host replace any string of a language that loads', async () => {
    const { element } = await follow(await script({ status: [status('pending')] }), { lang: 'pt-BR', mode: 'button' });
    element.strings = { openButton: 'Começar' };
    await until(() => visibleText(element).includes(ptBR.copyLink));
    expect(part(element, 'button')!.textContent).to.equal('Começar');
  });

  it('lets the host replace any string', async () => {
    const { element } = await follow(await script({ status: [status('pending')] }), { lang: 'en', mode: 'button' });
    element.strings = { openButton: 'Start the check' };
    await element.updateComplete;
    expect(part(element, 'button')!.textContent).to.equal('Start the check');
  });

  it('switches language at once when the lang property changes', async () => {
    const { element } = await follow(await script({ status: [status('successful')] }), { lang: 'es' });
    await next(element, 'kyc-successful');
    element.lang = 'en';
    await element.updateComplete;
    expect(part(element, 'title')!.textContent).to.equal('Your identity is verified.');
  });
});
