import { expect } from '@open-wc/testing';
import type { KycVerify } from '../../src/index.js';
import {
  follow,
  LINK,
  script,
  shadow,
  sleep,
  speaking,
  start,
  status,
  until,
  UUID,
  withReducedMotion,
  type Answer,
  type Scripted,
} from './scripted.js';

const pending = (step: string, code: string | null, fields: Record<string, unknown> = {}) => status('pending', { step, code, ...fields });
const STARTED = pending('Session_start', '001');
const DOCUMENT_OK = pending('Capture_credential_Ok', '002');
const DOCUMENT_PROBLEM = pending('Capture_credential_fail', '007');
const SELFIE_PROBLEM = pending('Capture_credential_Ok', '014');
const SCORED = pending('Session_complete_Ok', '012');

const part = (element: KycVerify, name: string) => shadow(element, `[part~="${name}"]`);

/** Each step's name and the label of its mark, as assistive technology reads them. */
const marks = (element: KycVerify) =>
  [...element.shadowRoot!.querySelectorAll('[part~="step"]')].map(
    (step) => `${step.textContent!.trim()}: ${step.querySelector('[role="img"]')!.getAttribute('aria-label')}`,
  );

/** The element in QR mode, once it shows the answer of `answer`. */
async function showing(answer: Answer, attributes: Record<string, string> = {}) {
  const { element, of } = await follow(await script({ status: [answer] }), { mode: 'qr', lang: 'en', ...attributes });
  await until(() => of('kyc-state-change').length > 0);
  await speaking(element);
  return element;
}

/** Gives the next status requests of `scripted` new answers. */
async function rescript(scripted: Scripted, answers: Answer[]) {
  await fetch(scripted.statusUrl.replace('/status/{uuid}', '/script'), { method: 'PUT', body: JSON.stringify({ status: answers }) });
}

describe('<kyc-verify> phone progress', () => {
  it('replaces the QR code with the phone progress once the phone has started', async () => {
    const scripted = await script({ status: [STARTED] });
    const { element, of } = await follow(scripted, { mode: 'qr', lang: 'en' });
    await until(() => of('kyc-state-change').length > 0);
    await element.updateComplete;
    expect(part(element, 'progress')).to.equal(null);
    expect(part(element, 'qr')!.checkVisibility()).to.equal(true);
    await rescript(scripted, [DOCUMENT_OK]);
    await until(() => part(element, 'progress') !== null);
    expect(part(element, 'title')!.textContent).to.equal('Continue on your phone');
    expect(part(element, 'step-count')!.textContent).to.equal('Step 2 of 3 · Selfie');
    expect(part(element, 'progress')!.textContent).to.include('Keep this window open: when you finish on your phone, come back here.');
    expect(part(element, 'qr')!.checkVisibility({ visibilityProperty: true })).to.equal(false);
    expect(part(element, 'link')).to.equal(null);
  });

  const MARKS: [string, Answer, string[]][] = [
    ['the document done and the selfie current once the document is captured', DOCUMENT_OK, ['Done', 'In progress', 'To do']],
    ['a problem with the document', DOCUMENT_PROBLEM, ['Problem', 'To do', 'To do']],
    ['a problem with the selfie from its code, though the step stays Capture_credential_Ok', SELFIE_PROBLEM, ['Done', 'Problem', 'To do']],
    ['the selfie done and the checking current once the minimum score is reached', SCORED, ['Done', 'Done', 'In progress']],
    ['every step done when the flow has completed', pending('Session_complete_Ok', '013'), ['Done', 'Done', 'Done']],
    [
      'a problem with the document from the step when the code is missing',
      pending('Capture_credential_fail', null),
      ['Problem', 'To do', 'To do'],
    ],
  ];
  for (const [marked, answer, [document, selfie, checking]] of MARKS) {
    it(`marks ${marked}`, async () => {
      const element = await showing(answer);
      expect(marks(element)).to.deep.equal([`ID card: ${document}`, `Selfie: ${selfie}`, `Checking: ${checking}`]);
    });
  }

  it('names liveness in the selfie step only when the transaction asks for challenges', async () => {
    const element = await showing(pending('Capture_credential_Ok', '002', { liveness: true }));
    expect(marks(element)[1]).to.equal('Selfie and liveness: In progress');
  });

  it("spreads the steps over the QR code's height, leaving no more blank under the last than between two", async () => {
    const element = await showing(DOCUMENT_OK);
    const steps = [...element.shadowRoot!.querySelectorAll('[part~="step"]')].map((step) => step.getBoundingClientRect());
    const under = shadow(element, '[part="progress"] .note')!.getBoundingClientRect();
    const between = steps[1]!.top - steps[0]!.bottom;
    expect(between, 'spread').to.be.greaterThan(16);
    expect(under.top - steps.at(-1)!.bottom).to.be.at.most(between + 1);
  });

  it('explains a document problem and what to do about it, with no number of tries it was not given', async () => {
    const element = await showing(DOCUMENT_PROBLEM);
    expect(part(element, 'status')!.textContent).to.equal(
      'We could not validate your ID card. Try again with the original card, in good light and fully in view.',
    );
  });

  it('explains a selfie that does not match the card and what to do about it', async () => {
    const element = await showing(SELFIE_PROBLEM);
    expect(part(element, 'status')!.textContent).to.equal(
      'Your selfie does not match the photo on your ID card. Try again facing the camera, without glasses or a hat.',
    );
  });

  it('says how many tries are left when the status gives them', async () => {
    const element = await showing(pending('Capture_credential_fail', '004', { tries_left: 2 }));
    expect(part(element, 'status')!.textContent).to.equal(
      'We could not validate your ID card. Try again with the original card, in good light and fully in view. Tries left: 2.',
    );
  });

  it('says no number of tries when the status gives something other than a whole number', async () => {
    const element = await showing(pending('Capture_credential_fail', '004', { tries_left: '2' }));
    expect(part(element, 'status')!.textContent).to.equal(
      'We could not validate your ID card. Try again with the original card, in good light and fully in view.',
    );
  });

  it('shows the code again for a second phone, and hides it again', async () => {
    const element = await showing(DOCUMENT_OK);
    const toggle = part(element, 'show-code')!;
    const visible = (name: string) => part(element, name)!.checkVisibility({ visibilityProperty: true });
    expect(toggle.textContent).to.equal('QR code for another phone');
    toggle.click();
    expect(visible('qr')).to.equal(true);
    expect(visible('progress')).to.equal(false);
    toggle.click();
    expect(visible('qr')).to.equal(false);
    expect(visible('progress')).to.equal(true);
  });

  it('shows a second phone the QR code alone once a phone opened the link: the typed code it retired is offered no more, in the same place', async () => {
    const typed = { uuid: UUID, link: LINK, typed_code: { url: 'https://shop.example/kyc/go', code: '4F7K3HXM' } };
    const opened = status('pending', { handoff: { opened_at: '2026-11-22T18:01:12.000Z', devices: 1 } });
    const { element } = await start(await script({ session: [{ status: 201, body: typed }], status: [opened] }), {
      mode: 'qr',
      lang: 'en',
    });
    await until(() => part(element, 'show-code') !== null);
    const visible = (name: string) => part(element, name)!.checkVisibility({ visibilityProperty: true });
    part(element, 'show-code')!.click();
    await element.updateComplete;
    expect(visible('qr')).to.equal(true);
    expect(visible('typed-code'), 'the retired code').to.equal(false);
  });

  it('hides the code shown again for a second phone once a final error takes the place of the flow', async () => {
    const { element, of } = await follow(await script({ status: [DOCUMENT_OK, { status: 404 }] }), {
      mode: 'qr',
      lang: 'en',
      'poll-interval': '300',
      'no-stream': '',
    });
    await until(() => of('kyc-state-change').length > 0);
    await element.updateComplete;
    part(element, 'show-code')!.click();
    await until(() => of('kyc-error').length > 0);
    await element.updateComplete;
    expect(part(element, 'qr')!.checkVisibility({ visibilityProperty: true })).to.equal(false);
  });

  it('announces each step once in a polite live region, however many times the same step is read', async function () {
    this.timeout(15_000);
    const scripted = await script({ status: [STARTED] });
    const { element } = await follow(scripted, { mode: 'qr', lang: 'en', 'poll-interval': '700' });
    const live = shadow(element, '.sr[aria-live="polite"]')!;
    await until(() => live.textContent === 'Waiting for you to start on your phone…');
    const announced: string[] = [];
    const observer = new MutationObserver(() => live.textContent && announced.push(live.textContent));
    observer.observe(live, { characterData: true, childList: true, subtree: true });
    const again = (answer: Answer) => ({ body: { ...(answer.body as object), updated_at: new Date().toISOString() } });
    await rescript(scripted, [DOCUMENT_OK, again(DOCUMENT_OK), again(DOCUMENT_OK), SCORED, again(SCORED)]);
    // Every answer read, the last one (it repeats) twice.
    await until(async () => (await scripted.log()).length >= 6, 10_000);
    await until(() => announced.length === 2);
    await sleep(1000);
    observer.disconnect();
    expect(announced).to.deep.equal(['ID card captured. Now take your selfie…', 'Checking your selfie…']);
  });

  it('keeps its height when the progress replaces the QR code', async () => {
    const scripted = await script({ status: [STARTED] });
    const { element, of } = await follow(scripted, { mode: 'qr', lang: 'es' });
    await until(() => of('kyc-state-change').length > 0);
    await element.updateComplete;
    const before = element.getBoundingClientRect().height;
    await rescript(scripted, [DOCUMENT_OK]);
    await until(() => part(element, 'progress') !== null);
    expect(element.getBoundingClientRect().height).to.equal(before);
  });

  it('speaks Spanish from Chile', async () => {
    const element = await showing(pending('Capture_credential_fail', '004', { tries_left: 1 }), { lang: 'es' });
    expect(part(element, 'title')!.textContent).to.equal('Continúa en tu celular');
    expect(part(element, 'step-count')!.textContent).to.equal('Paso 1 de 3 · Cédula de identidad');
    expect(marks(element)).to.deep.equal(['Cédula de identidad: Con problema', 'Selfie: Pendiente', 'Revisión: Pendiente']);
    expect(part(element, 'status')!.textContent).to.equal(
      'No pudimos validar tu cédula. Inténtalo de nuevo con la cédula original, con buena luz y completa a la vista. Intentos restantes: 1.',
    );
    expect(part(element, 'show-code')!.textContent).to.equal('Código QR para otro celular');
  });

  it('speaks English', async () => {
    const element = await showing(DOCUMENT_OK, { lang: 'en' });
    expect(part(element, 'title')!.textContent).to.equal('Continue on your phone');
    expect(part(element, 'status')!.textContent).to.equal('ID card captured. Now take your selfie…');
  });

  it('lets the host replace the progress strings', async () => {
    const element = await showing(DOCUMENT_OK);
    element.strings = { continueOnPhone: 'Follow the steps on your mobile', stepSelfieOnly: 'Face check', markCurrent: 'Now' };
    await element.updateComplete;
    expect(part(element, 'title')!.textContent).to.equal('Follow the steps on your mobile');
    expect(marks(element)[1]).to.equal('Face check: Now');
  });

  it('shows advice after a failed try in an alert, with a mark and without a spinner (act now), and the spinner again once the phone works on', async () => {
    const scripted = await script({ status: [DOCUMENT_PROBLEM] });
    const { element } = await follow(scripted, { mode: 'qr', lang: 'en' });
    const before = () => getComputedStyle(part(element, 'status')!, '::before');
    await until(() => part(element, 'step-problem') !== null);
    expect([before().animationName, getComputedStyle(part(element, 'status')!, '::after').content]).to.deep.equal(['none', '"!" / ""']);
    expect(part(element, 'status')!.classList.contains('advice')).to.equal(true);
    await rescript(scripted, [DOCUMENT_OK]);
    await until(() => part(element, 'step-current') !== null);
    expect(before().animationName).to.equal('spin');
  });

  it("clears a step's problem once the step succeeds: after a selfie mismatch (014), the selfie passes and no step is marked a problem", async () => {
    const scripted = await script({ status: [SELFIE_PROBLEM] });
    const { element } = await follow(scripted, { mode: 'qr', lang: 'en' });
    await until(() => part(element, 'step-problem') !== null);
    await rescript(scripted, [DOCUMENT_OK]);
    await until(() => part(element, 'step-problem') === null);
    expect(part(element, 'status')!.textContent).to.equal('ID card captured. Now take your selfie…');
  });

  it('with liveness challenges, words the selfie step so that it stays true during the challenges (no selfie asked for again)', async () => {
    const element = await showing(pending('Capture_credential_Ok', '002', { liveness: true }));
    expect(part(element, 'status')!.textContent).to.equal('ID card captured. Go on with your selfie and the liveness check…');
  });

  it('stops the current step spinning when the user prefers reduced motion', async () => {
    const element = await showing(DOCUMENT_OK);
    const spinner = () => getComputedStyle(part(element, 'step-current')!.querySelector('.mark')!).animationName;
    expect(spinner()).to.equal('spin');
    await withReducedMotion(() => expect(spinner()).to.equal('none'));
  });
});

describe('<kyc-verify> phone progress accessibility', () => {
  const STATES: [string, Answer][] = [
    ['the QR code', STARTED],
    ['a step done, one current and one to do', DOCUMENT_OK],
    ['a document problem', DOCUMENT_PROBLEM],
    ['a selfie problem', SELFIE_PROBLEM],
    ['every step done', pending('Session_complete_Ok', '013')],
  ];
  for (const [state, answer] of STATES) {
    it(`passes axe showing ${state}`, async () => {
      await expect(await showing(answer)).to.be.accessible();
    });
  }

  it('passes axe with the code shown again', async () => {
    const element = await showing(DOCUMENT_OK);
    part(element, 'show-code')!.click();
    await expect(element).to.be.accessible();
  });
});
