// What a screen reader hears: the element's one live region, every text it takes, listed. The bound
// the element keeps: each change once, said when it has held for a moment (a change that a newer one
// replaces at once is never said, so none is cut off), and emptied soon after (no stale words beside
// what the screen shows); "reconnecting" only once reads have kept failing, with no good one between,
// for RECONNECTING_AFTER_MS (5 s); the time left at 2 min, 1 min and 30 s, never every second; the
// link opened on another device once; Continue once it is ready.
import { expect } from '@open-wc/testing';
import { a11ySnapshot } from '@web/test-runner-commands';
import type { KycVerify } from '../../src/index.js';
import { follow, LINK, next, script, shadow, sleep, speaking, start, status, until, UUID, type Answer } from './scripted.js';

const RECONNECTING = 'Reconnecting… The verification carries on.';
const WAITING = 'Waiting for you to start on your phone…';

/** Every text the element's live region says from now on, in order (its emptying aside). */
function heard(element: KycVerify): string[] {
  const said: string[] = [];
  const region = shadow(element, '[aria-live="polite"].sr')!;
  const listen = () => region.textContent && said.push(region.textContent);
  new MutationObserver(listen).observe(region, { subtree: true, childList: true, characterData: true });
  return said;
}

const live = (element: KycVerify) => shadow(element, '[aria-live="polite"].sr')!.textContent;

describe('<kyc-verify> announcements', () => {
  it('says what changed in one polite live region: the status line and the timer are not live themselves (the notes answer presses)', async () => {
    const { element } = await follow(await script({ status: [status('pending')] }), { lang: 'en' });
    await speaking(element);
    await until(() => shadow(element, '[part="timer"]') !== null);
    const live = [...element.shadowRoot!.querySelectorAll('[aria-live], [role="status"], [role="alert"]')].filter((region) =>
      region.closest('.flow, .outcome') ? !region.matches('.copy .note *') : true,
    );
    expect(live.map((region) => region.className)).to.deep.equal(['sr']);
    expect(shadow(element, '[part="status"]')!.getAttribute('role')).to.equal(null);
  });

  it('says nothing of reads that fail between good ones: 15 s of every other poll failing, no "reconnecting"', async function () {
    this.timeout(60_000);
    const flaky: Answer[] = Array.from({ length: 40 }, (_, index) => (index % 2 ? { status: 503 } : status('pending')));
    const scripted = await script({ status: flaky });
    const { element, of } = await follow(scripted, { lang: 'en', 'poll-interval': '300' });
    const said = heard(element);
    await until(async () => (await scripted.log()).length >= flaky.length, 50_000);
    expect(of('kyc-error').length, 'each failure is still reported to the page').to.be.greaterThan(10);
    expect(said).to.deep.equal([WAITING]);
  });

  it('says "reconnecting" once after 5 s of failures in a row, and its recovery once', async function () {
    this.timeout(60_000);
    const failing = { status: 503, delay: 2500 };
    const scripted = await script({ status: [status('pending'), failing, failing, failing, failing, status('pending')] });
    const { element } = await follow(scripted, { lang: 'en', 'poll-interval': '300' });
    const said = heard(element);
    await until(() => said.length === 3, 50_000);
    expect(said).to.deep.equal([WAITING, RECONNECTING, WAITING]);
  });

  it('says the time left at 2 min, not every second, in the words of whose time it is, and empties the region after', async function () {
    this.timeout(30_000);
    const expires = new Date(Date.now() + 122_500).toISOString();
    const { element } = await follow(await script({ status: [status('pending', { expires_at: expires })] }), { lang: 'en' });
    const said = heard(element);
    await until(() => shadow(element, '[part="timer"]')?.textContent === 'The link expires in 1:57', 10_000);
    expect(said).to.deep.equal([WAITING, 'The link expires in 2:00']);
    expect(live(element), 'no stale "2:00" beside the timer').to.equal('');
    expect(shadow(element, '[part="timer"]')!.getAttribute('aria-live'), 'the timer itself is not live').to.equal(null);
  });

  it("says a step's timer as it starts under 2 min, with the step, in its own words: the time falls from the link's, saying why", async function () {
    this.timeout(30_000);
    const expiresIn = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
    const selfie = { step: 'Capture_credential_Ok', code: '002', step_expires_at: expiresIn(118.5) };
    const { element } = await follow(await script({ status: [status('pending'), status('pending', selfie)] }), { lang: 'en' });
    const said = heard(element);
    await until(() => said.some((words) => /^ID card captured\. Now take your selfie… Time for your selfie: 1:5\d$/.test(words)), 10_000);
  });

  it('says only the second of two changes that come at once: "preparing", replaced 40 ms later, is never said (nothing cut off)', async () => {
    const session = { status: 201, body: { uuid: UUID, link: LINK }, delay: 40 };
    const { element } = await start(await script({ session: [session], status: [status('pending')] }), { lang: 'en' });
    const said = heard(element);
    await until(() => said.length > 0);
    await sleep(1000);
    expect(said).to.deep.equal([WAITING]);
  });

  it('says the link was opened on another device once, however many statuses follow', async function () {
    this.timeout(20_000);
    const handoff = { opened_at: new Date().toISOString(), devices: 2 };
    const statuses = [status('pending', { handoff }), status('pending', { handoff, step: 'Capture_credential_Ok', code: '002' })];
    const { element } = await follow(await script({ status: statuses }), { lang: 'en', 'poll-interval': '700' });
    const said = heard(element);
    await until(() => said.some((words) => words.startsWith('ID card captured')), 10_000);
    expect(said.filter((words) => words.includes('another device'))).to.deep.equal([
      'Phone connected. The link was opened on another device too. Not you?',
    ]);
  });

  it('says the result, then once that Continue is ready', async () => {
    const { element } = await follow(await script({ status: [status('successful')] }), { lang: 'en', 'continue-delay': '1500' });
    const said = heard(element);
    await next(element, 'kyc-successful');
    await until(() => said.length === 2, 5000);
    expect(said).to.deep.equal(['Your identity is verified.', 'You can continue now.']);
  });

  it('reads the result without the check mark drawn before it', async () => {
    const { element } = await follow(await script({ status: [status('successful')] }), { lang: 'en' });
    await speaking(element);
    await until(() => shadow(element, '[part="title"]')?.textContent === 'Your identity is verified.');
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
