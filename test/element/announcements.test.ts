// What a screen reader hears: each live region's text changes, counted. The bound the element keeps:
// "reconnecting" only once reads have kept failing, with no good one between, for RECONNECTING_AFTER_MS
// (5 s): at most one such announcement and one recovery per run of failures that long, none for
// failures a good read soon ends; the time left at 2 min, 1 min and 30 s, never every second.
import { expect } from '@open-wc/testing';
import { a11ySnapshot } from '@web/test-runner-commands';
import type { KycVerify } from '../../src/index.js';
import { follow, script, shadow, speaking, status, until, type Answer } from './scripted.js';

const RECONNECTING = 'Reconnecting… The verification carries on.';

/** Every text each live region of `element` takes, in order, from now on (its first text included). */
function heard(element: KycVerify): Map<Element, string[]> {
  const texts = new Map<Element, string[]>();
  const listen = () => {
    for (const region of element.shadowRoot!.querySelectorAll('[aria-live], [role="status"], [role="alert"]')) {
      const said = texts.get(region) ?? [];
      const now = region.textContent!.trim();
      if (said.at(-1) !== now) texts.set(region, [...said, now]);
    }
  };
  listen();
  new MutationObserver(listen).observe(element.shadowRoot!, { subtree: true, childList: true, characterData: true });
  return texts;
}

const statusLine = (element: KycVerify, texts: Map<Element, string[]>) => texts.get(shadow(element, '[part="status"]')!) ?? [];

describe('<kyc-verify> announcements', () => {
  it('says nothing of reads that fail between good ones: 15 s of every other poll failing, no "reconnecting"', async function () {
    this.timeout(60_000);
    const flaky: Answer[] = Array.from({ length: 40 }, (_, index) => (index % 2 ? { status: 503 } : status('pending')));
    const scripted = await script({ status: flaky });
    const { element, of } = await follow(scripted, { lang: 'en', 'poll-interval': '300' });
    await speaking(element);
    const texts = heard(element);
    await until(async () => (await scripted.log()).length >= flaky.length, 50_000);
    expect(of('kyc-error').length, 'each failure is still reported to the page').to.be.greaterThan(10);
    expect(statusLine(element, texts)).to.deep.equal(['Waiting for you to start on your phone…']);
    const changes = [...texts.values()].reduce((sum, said) => sum + said.length - 1, 0);
    expect(changes, 'no live region changed').to.equal(0);
  });

  it('says "reconnecting" once after 5 s of failures in a row, and its recovery once', async function () {
    this.timeout(60_000);
    const failing = { status: 503, delay: 2500 };
    const scripted = await script({ status: [status('pending'), failing, failing, failing, failing, status('pending')] });
    const { element } = await follow(scripted, { lang: 'en', 'poll-interval': '300' });
    await speaking(element);
    const texts = heard(element);
    await until(() => statusLine(element, texts).length === 3, 50_000);
    expect(statusLine(element, texts)).to.deep.equal([
      'Waiting for you to start on your phone…',
      RECONNECTING,
      'Waiting for you to start on your phone…',
    ]);
  });

  it('announces the time left at 2 min, not every second, and in the words of whose time it is', async function () {
    this.timeout(30_000);
    const expires = new Date(Date.now() + 122_500).toISOString();
    const { element } = await follow(await script({ status: [status('pending', { expires_at: expires })] }), { lang: 'en' });
    await speaking(element);
    const alert = shadow(element, '[part="timer"] + [aria-live]')!;
    const texts = heard(element);
    await until(() => shadow(element, '[part="timer"]')!.textContent === 'The link expires in 1:57', 10_000);
    expect(texts.get(alert)).to.deep.equal(['', 'The link expires in 2:00']);
    expect(shadow(element, '[part="timer"]')!.getAttribute('aria-live'), 'the timer itself is not live').to.equal(null);
  });

  it("announces a step's timer as it starts under 2 min, in its own words: the time falls from the link's, saying why", async function () {
    this.timeout(30_000);
    const expiresIn = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
    const selfie = { step: 'Capture_credential_Ok', code: '002', step_expires_at: expiresIn(118.5) };
    const { element } = await follow(await script({ status: [status('pending'), status('pending', selfie)] }), { lang: 'en' });
    await speaking(element);
    const alert = shadow(element, '[part="timer"] + [aria-live]')!;
    await until(() => /^Time for your selfie: 1:5\d$/.test(alert.textContent!), 10_000);
  });

  it('reads the result without the check mark drawn before it', async () => {
    const { element } = await follow(await script({ status: [status('successful')] }), { lang: 'en' });
    await speaking(element);
    await until(() => shadow(element, '[part="status"]')!.textContent === 'Your identity is verified.');
    const names: string[] = [];
    const walk = (node: { name?: string; children?: unknown[] }) => {
      if (node.name) names.push(node.name);
      for (const child of node.children ?? []) walk(child as typeof node);
    };
    walk((await a11ySnapshot({})) as unknown as { name?: string });
    expect(names).to.include('Your identity is verified.');
    expect(names.join('\n')).not.to.include('✓');
  });
});
