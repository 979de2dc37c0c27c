import { expect } from '@open-wc/testing';
import { heartbeat } from '../../src/element/controllers/status-stream.js';
import {
  follow,
  next,
  OTHER_UUID,
  script,
  type Scripted,
  sleep,
  start,
  status,
  statusEvent,
  STREAMING_SESSION,
  until,
  UUID,
  type Answer,
  type StreamAnswer,
} from './scripted.js';

const polls = async (scripted: Scripted) => (await scripted.log()).filter((entry) => entry.route === 'status').length;
const documentOk = { step: 'Capture_credential_Ok', code: '002' };
/** Scripts a backend whose session answer says that the status streams, as the kit's does. */
const streaming = (answers: { status?: Answer[]; stream?: StreamAnswer[] }) => script({ session: [STREAMING_SESSION], ...answers });

describe('<kyc-verify> following the status stream', () => {
  const contractHeartbeat = heartbeat.ms;
  afterEach(() => (heartbeat.ms = contractHeartbeat));

  it('follows pending → steps → successful through the stream, in order, with no status poll', async () => {
    const scripted = await streaming({
      stream: [
        { events: [statusEvent('v1', 'pending'), statusEvent('v2', 'pending', documentOk, 150), statusEvent('v3', 'successful', {}, 150)] },
      ],
    });
    const { element, types, of } = await start(scripted);
    await next(element, 'kyc-successful');
    expect(types()).to.deep.equal(['kyc-state-change', 'kyc-state-change', 'kyc-state-change', 'kyc-successful']);
    expect(of('kyc-state-change').map((event) => event.detail.code)).to.deep.equal(['001', '002', '013']);
    expect(await polls(scripted)).to.equal(0);
  });

  it('closes the stream itself once it brings an end, and opens no other', async () => {
    const scripted = await streaming({ stream: [{ events: [statusEvent('v1', 'pending'), statusEvent('v2', 'successful')], hold: true }] });
    const { element } = await start(scripted);
    await next(element, 'kyc-successful');
    await until(async () => (await scripted.streams())[0]!.closedAt !== null);
    await sleep(200);
    expect(await scripted.streams()).to.have.length(1);
  });

  it('fires kyc-successful once when the stream and a poll both deliver the end', async () => {
    heartbeat.ms = 100;
    const scripted = await streaming({
      stream: [{ status: 405 }, { events: [statusEvent('v2', 'successful')] }],
      status: [status('pending'), { ...status('successful'), delay: 300 }],
    });
    const { element, of } = await start(scripted);
    await next(element, 'kyc-successful');
    await until(async () => (await scripted.streams()).length === 2 && (await polls(scripted)) >= 2);
    await sleep(400);
    expect(of('kyc-successful')).to.have.length(1);
  });

  const refusals = [
    ['404', { status: 404, body: { message: 'not found' } }],
    ['405', { status: 405 }],
    ['a JSON answer (wrong content type)', status('pending')],
  ] as const;
  for (const [name, refusal] of refusals) {
    it(`polls as before when the stream is refused with ${name}`, async () => {
      const scripted = await streaming({ stream: [refusal], status: [status('pending'), status('successful')] });
      const { element, of } = await start(scripted);
      await next(element, 'kyc-successful');
      expect(await polls(scripted)).to.equal(2);
      expect(of('kyc-error')).to.have.length(0);
    });
  }

  it('polls when the stream falls silent for two heartbeat intervals', async () => {
    heartbeat.ms = 100;
    const scripted = await streaming({
      stream: [{ events: [statusEvent('v1', 'pending')], hold: true }, { status: 405 }],
      status: [status('pending', documentOk), status('successful')],
    });
    const { element, of } = await start(scripted);
    await next(element, 'kyc-successful');
    expect(of('kyc-state-change').map((event) => event.detail.code)).to.deep.equal(['001', '002', '013']);
    await until(async () => (await scripted.streams())[0]!.closedAt !== null);
  });

  it('tries the stream again after a fallback and stops polling once it delivers; pings keep it open', async () => {
    heartbeat.ms = 100;
    const scripted = await streaming({
      stream: [{ status: 405 }, { events: [statusEvent('v1', 'pending', documentOk)], hold: true, ping: 40 }],
      status: [status('pending')],
    });
    const { of } = await start(scripted);
    await until(() => of('kyc-state-change').length === 2);
    const pollsSoFar = await polls(scripted);
    expect(pollsSoFar).to.be.greaterThan(0);
    await sleep(500);
    expect(await polls(scripted)).to.equal(pollsSoFar);
    expect(await scripted.streams()).to.have.length(2);
  });

  it('reconnects with Last-Event-ID after the stream closes without an end', async () => {
    const scripted = await streaming({
      stream: [{ events: [statusEvent('v1', 'pending')] }, { events: [statusEvent('v2', 'successful')] }],
      // While EventSource reconnects, the element polls: the host answers those too.
      status: Array.from({ length: 5 }, () => status('pending')),
    });
    const { element, of } = await start(scripted);
    await next(element, 'kyc-successful');
    expect((await scripted.streams()).map((stream) => stream.lastEventId)).to.deep.equal([null, 'v1']);
    expect(of('kyc-successful')).to.have.length(1);
    expect(await polls(scripted), 'polled while the stream was down').to.be.greaterThan(0);
  });

  it('only polls with no-stream', async () => {
    const scripted = await streaming({
      stream: [{ events: [statusEvent('v1', 'successful')] }],
      status: [status('pending'), status('successful')],
    });
    const { element } = await start(scripted, { 'no-stream': '' });
    await next(element, 'kyc-successful');
    expect(await scripted.streams()).to.have.length(0);
    expect(await polls(scripted)).to.equal(2);
  });

  it('reports a status event about another transaction as a protocol error and polls instead', async () => {
    const scripted = await streaming({
      stream: [{ events: [statusEvent('v1', 'successful', { uuid: OTHER_UUID })], hold: true }],
      status: [status('pending')],
    });
    const { of } = await start(scripted);
    await until(() => of('kyc-state-change').length === 1);
    expect(of('kyc-error').map((event) => event.detail)).to.deep.equal([
      { kind: 'protocol', message: of('kyc-error')[0]!.detail.message, retrying: true, uuid: UUID },
    ]);
    expect(of('kyc-successful')).to.have.length(0);
    await until(async () => (await scripted.streams())[0]!.closedAt !== null);
  });

  it('closes the stream when it leaves the page and opens it again when it comes back', async () => {
    const scripted = await streaming({ stream: [{ events: [statusEvent('v1', 'pending')], hold: true }] });
    const { element, of } = await start(scripted);
    await until(() => of('kyc-state-change').length === 1);
    const parent = element.parentElement!;
    element.remove();
    await until(async () => (await scripted.streams())[0]!.closedAt !== null);
    parent.append(element);
    await until(async () => (await scripted.streams()).length === 2);
    expect(await polls(scripted)).to.equal(0);
  });

  it('closes the stream of a transaction it no longer follows', async () => {
    const second = '0e1d2c3b-4a59-4687-a5b4-c3d2e1f0a9b8';
    const scripted = await streaming({
      stream: [
        { events: [statusEvent('v1', 'pending')], hold: true },
        { events: [statusEvent('w1', 'pending', { uuid: second })], hold: true },
      ],
      // The transaction given by attribute is polled first: its answer says that it streams.
      status: [status('pending', { uuid: second, stream: true })],
    });
    const { element, of } = await start(scripted);
    await until(() => of('kyc-state-change').length === 1);
    element.transaction = second;
    await until(() => of('kyc-state-change').some((event) => event.detail.uuid === second));
    await until(async () => (await scripted.streams())[0]!.closedAt !== null);
    const [first, current] = await scripted.streams();
    expect(first).to.include({ uuid: UUID });
    expect(current).to.include({ uuid: second, closedAt: null });
  });
});

describe('<kyc-verify> discovering the status stream', () => {
  const streamRequests = async (scripted: Scripted) => (await scripted.streams()).length;

  it('never asks a backend that does not say stream: true for a stream, over many polls', async () => {
    const scripted = await script({ status: [status('pending')], stream: [{ events: [statusEvent('v1', 'pending')], hold: true }] });
    await follow(scripted);
    await until(async () => (await polls(scripted)) >= 6);
    expect(await streamRequests(scripted)).to.equal(0);
  });

  it('never asks for a stream when the session answer does not say stream: true either', async () => {
    const scripted = await script({ session: [{ body: { uuid: UUID } }], status: [status('pending')] });
    await start(scripted);
    await until(async () => (await polls(scripted)) >= 6);
    expect(await streamRequests(scripted)).to.equal(0);
  });

  it('opens one stream once a poll says stream: true, and polls no more', async () => {
    const scripted = await script({
      status: [status('pending', { stream: true })],
      stream: [{ events: [statusEvent('v1', 'pending', documentOk)], hold: true, ping: 40 }],
    });
    const { of } = await follow(scripted);
    await until(() => of('kyc-state-change').length === 2);
    await sleep(500);
    expect(await streamRequests(scripted)).to.equal(1);
    expect(await polls(scripted)).to.equal(1);
  });

  it('opens the stream at once when the session answer says stream: true, with no poll', async () => {
    const scripted = await streaming({ stream: [{ events: [statusEvent('v1', 'pending')], hold: true, ping: 40 }] });
    const { of } = await start(scripted);
    await until(() => of('kyc-state-change').length === 1);
    await sleep(300);
    expect(await streamRequests(scripted)).to.equal(1);
    expect(await polls(scripted)).to.equal(0);
  });

  it('never asks for a stream with no-stream, though the backend says stream: true', async () => {
    const scripted = await streaming({ status: [status('pending', { stream: true })] });
    await start(scripted, { 'no-stream': '' });
    await until(async () => (await polls(scripted)) >= 6);
    expect(await streamRequests(scripted)).to.equal(0);
  });
});
