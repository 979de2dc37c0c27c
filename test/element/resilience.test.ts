import { expect } from '@open-wc/testing';
import { envelope, follow, next, OTHER_UUID, script, sleep, status, until, UUID } from './scripted.js';

describe('<kyc-verify> under failures', () => {
  it('reads a transaction first past the HTTP cache (an old cached answer would bring an old server clock), then revalidates', async () => {
    const scripted = await script({ status: [status('pending'), status('pending'), status('pending')] });
    await follow(scripted, { 'poll-interval': '100', 'no-stream': '' });
    await until(async () => (await scripted.log()).length >= 3);
    const [first, ...later] = (await scripted.log()).map((entry) => entry.cacheControl);
    expect(first).to.equal('no-cache');
    expect(later.slice(0, 2)).to.deep.equal(['max-age=0', 'max-age=0']);
  });

  it('retries after a 5xx, says so in kyc-error, and loses no event', async () => {
    const scripted = await script({ status: [status('pending'), { status: 503 }, { status: 500 }, status('successful')] });
    const { element, of, types } = await follow(scripted);
    await next(element, 'kyc-successful');
    expect(of('kyc-error').map((event) => event.detail)).to.deep.equal([
      { kind: 'http', httpStatus: 503, message: of('kyc-error')[0]!.detail.message, retrying: true, uuid: UUID },
      { kind: 'http', httpStatus: 500, message: of('kyc-error')[1]!.detail.message, retrying: true, uuid: UUID },
    ]);
    expect(types().filter((type) => type !== 'kyc-error')).to.deep.equal(['kyc-state-change', 'kyc-state-change', 'kyc-successful']);
  });

  it('backs off while the status proxy keeps failing', async () => {
    const scripted = await script({ status: [{ status: 502 }] });
    await follow(scripted, { 'poll-interval': '100' });
    await sleep(1500);
    // Without backoff this would be about 15 requests; doubling from 100 ms (with jitter) gives at most 6.
    expect((await scripted.log()).length).to.be.within(2, 6);
  });

  it('abandons a request that takes longer than request-timeout and retries', async () => {
    const scripted = await script({ status: [{ ...status('pending'), delay: 2000 }, status('successful')] });
    const { element, of } = await follow(scripted, { 'request-timeout': '200' });
    await next(element, 'kyc-successful');
    expect(of('kyc-error')[0]!.detail).to.include({ kind: 'timeout', retrying: true });
  });

  it('recovers from a network failure and polls at once when the browser comes back online', async () => {
    const scripted = await script({ status: [{ fail: 'network' }, status('successful')] });
    const { element, of } = await follow(scripted, { 'poll-interval': '60000' });
    await until(() => of('kyc-error').length === 1);
    expect(of('kyc-error')[0]!.detail).to.include({ kind: 'network', retrying: true });
    window.dispatchEvent(new Event('online'));
    await next(element, 'kyc-successful', 1000);
  });

  for (const code of [401, 403, 404]) {
    it(`treats ${code} as a final error and stops polling`, async () => {
      const scripted = await script({ status: [{ status: code, body: { message: 'no' } }] });
      const { element, of } = await follow(scripted);
      await until(() => of('kyc-error').length === 1);
      expect(of('kyc-error')[0]!.detail).to.include({ kind: 'http', httpStatus: code, retrying: false, uuid: UUID });
      await sleep(300);
      expect(await scripted.log()).to.have.length(1);
      expect(element.shadowRoot!.querySelector('[part="qr"]')!.checkVisibility({ visibilityProperty: true })).to.equal(false);
    });
  }

  it('reports a body that is not JSON as a protocol error and derives no state from it', async () => {
    const scripted = await script({ status: [{ raw: '<html>Sign in</html>' }, status('pending')] });
    const { of } = await follow(scripted);
    await until(() => of('kyc-state-change').length === 1);
    expect(of('kyc-error')[0]!.detail).to.include({ kind: 'protocol', retrying: true });
  });

  it('reports booleans that match no state as a protocol error, never a guess', async () => {
    const scripted = await script({ status: [envelope('pending', { active: true, complete: true, failed: false })] });
    const { of } = await follow(scripted);
    await until(() => of('kyc-error').length === 1);
    expect(of('kyc-error')[0]!.detail).to.include({ kind: 'protocol', retrying: true });
    expect(of('kyc-state-change')).to.have.length(0);
  });

  it('reports a state name that contradicts the booleans as a protocol error', async () => {
    const scripted = await script({ status: [envelope('failed', { state: 'successful' })] });
    const { of } = await follow(scripted);
    await until(() => of('kyc-error').length === 1);
    expect(of('kyc-error')[0]!.detail.kind).to.equal('protocol');
    expect(of('kyc-successful')).to.have.length(0);
  });

  it('refuses a status answer about another transaction', async () => {
    const scripted = await script({ status: [status('successful', { uuid: OTHER_UUID })] });
    const { of } = await follow(scripted);
    await until(() => of('kyc-error').length === 1);
    expect(of('kyc-error')[0]!.detail).to.include({ kind: 'protocol' });
    expect(of('kyc-successful')).to.have.length(0);
  });

  it('fires the terminal event once however often the end is read again', async () => {
    const scripted = await script({ status: [status('pending'), status('failed')] });
    const { element, of } = await follow(scripted);
    await next(element, 'kyc-failed');
    element.transaction = '';
    await element.updateComplete;
    element.transaction = UUID;
    await until(async () => (await scripted.log()).length >= 3);
    await sleep(200);
    expect(of('kyc-failed')).to.have.length(1);
  });

  it('backs off on protocol errors too', async () => {
    const scripted = await script({ status: [{ body: { uuid: UUID, state: 'weird' } }] });
    await follow(scripted, { 'poll-interval': '100' });
    await sleep(1500);
    expect((await scripted.log()).length).to.be.within(2, 6);
  });

  it('ignores an expires_at that is not a date: no countdown, no extra polls', async () => {
    const scripted = await script({ status: [status('pending', { expires_at: 'in ten minutes' })] });
    const { element } = await follow(scripted, { 'poll-interval': '60000' });
    await until(async () => (await scripted.log()).length === 1);
    await sleep(300);
    expect(await scripted.log()).to.have.length(1);
    expect(element.shadowRoot!.querySelector('[part="timer"]')).to.equal(null);
  });
});

describe('<kyc-verify> lifecycle', () => {
  it('stops polling when disconnected and resumes when connected again, with no event in between', async () => {
    const scripted = await script({ status: [status('pending')] });
    const { element, types } = await follow(scripted);
    await until(async () => (await scripted.log()).length >= 2);
    const parent = element.parentElement!;
    element.remove();
    const polls = (await scripted.log()).length;
    const seen = types().length;
    await sleep(400);
    expect((await scripted.log()).length).to.be.at.most(polls + 1);
    expect(types()).to.have.length(seen);
    parent.append(element);
    await until(async () => (await scripted.log()).length >= polls + 3);
  });

  it('fires no terminal event after it left the DOM, even for an answer under way', async () => {
    const scripted = await script({ status: [status('pending'), { ...status('successful'), delay: 300 }] });
    const { element, of } = await follow(scripted);
    await until(async () => (await scripted.log()).length >= 2);
    element.remove();
    await sleep(500);
    expect(of('kyc-successful')).to.have.length(0);
  });

  it('abandons the old transaction when transaction changes mid-poll: no late events about it', async () => {
    // Nanoids: the late answer carries no uuid the element could check, so only abandoning it keeps it out.
    const late = { ...status('successful', { uuid: 'AAAAAA' }), delay: 300 };
    const scripted = await script({ status: [status('pending', { uuid: 'AAAAAA' }), late, status('pending', { uuid: 'BBBBBB' })] });
    const { element, of } = await follow(scripted, { transaction: 'AAAAAA' });
    await until(async () => (await scripted.log()).length >= 2);
    element.transaction = 'BBBBBB';
    await until(() => of('kyc-state-change').some((event) => event.detail.uuid === 'BBBBBB'));
    await sleep(400);
    expect(of('kyc-successful')).to.have.length(0);
    expect(of('kyc-error')).to.have.length(0);
    expect((await scripted.log()).at(-1)!.uuid).to.equal('BBBBBB');
  });

  it('pauses while the page is hidden and polls at once when it is visible again', async () => {
    const scripted = await script({ status: [status('pending')] });
    const visibility = Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState')!;
    try {
      await follow(scripted, { 'poll-interval': '100' });
      await until(async () => (await scripted.log()).length >= 1);
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
      await sleep(150);
      const polls = (await scripted.log()).length;
      await sleep(500);
      expect((await scripted.log()).length).to.equal(polls);
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
      document.dispatchEvent(new Event('visibilitychange'));
      await until(async () => (await scripted.log()).length > polls, 100);
    } finally {
      Object.defineProperty(document, 'visibilityState', visibility);
      delete (document as unknown as Record<string, unknown>).visibilityState;
    }
  });

  it('polls at once when the countdown reaches zero', async () => {
    const soon = new Date(Date.now() + 1200).toISOString();
    const scripted = await script({ status: [status('pending', { expires_at: soon }), status('expired')] });
    const { element } = await follow(scripted, { 'poll-interval': '60000' });
    await next(element, 'kyc-expired', 3000);
    expect(await scripted.log()).to.have.length(2);
  });
});
