// The element's state machine, transition by transition, in Node: no browser, no timers, no HTTP.
// Each effect is run against a recorder that lists the calls the element would make.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SessionAnswer } from '../../src/element/controllers/read-session.js';
import { RequestError } from '../../src/element/controllers/request.js';
import {
  BUSY_RETRY_S,
  initialState,
  RECONNECTING_AFTER_MS,
  reduce,
  type Io,
  type MachineEvent,
  type MachineState,
  type Setup,
} from '../../src/element/machine/machine.js';
import { outcomeOf } from '../../src/element/machine/outcome.js';
import type { TransactionState, TransactionStatus } from '../../src/shared/transaction-state.js';

const UUID = '3f2c1e0a-8b7d-4c6e-9f10-2a3b4c5d6e7f';
const OTHER = '0e1d2c3b-4a59-4687-a5b4-c3d2e1f0a9b8';
const LINK = `https://verify.example.cl/transactions/${UUID}`;

const SETUP: Setup = {
  transaction: '',
  sessionUrl: '',
  statusUrl: '',
  verificationUrl: 'https://verify.example.cl',
  link: '',
  defer: false,
  noStream: false,
  continueDelay: 2500,
  base: 'https://shop.example/checkout',
};
const WITH_TRANSACTION: Setup = { ...SETUP, transaction: UUID, statusUrl: '/kyc/status/{uuid}' };
const WITH_SESSIONS: Setup = { ...SETUP, sessionUrl: '/kyc/session' };

function statusOf(state: TransactionState, fields: Partial<TransactionStatus> = {}): TransactionStatus {
  return { uuid: UUID, state, step: null, code: null, issue_description: null, expires_at: null, updated_at: null, ...fields };
}

const answer = (status: TransactionStatus | null, uuid = UUID): SessionAnswer => ({
  uuid,
  link: LINK,
  expiresAt: null,
  status,
  offersStream: false,
  statusUrl: null,
  typedCode: null,
});
/** A status poll's answer from a backend that says it streams. */
const offering = (state: TransactionState = 'pending'): MachineEvent => ({ type: 'status', status: statusOf(state, { stream: true }) });

/** The calls the effects make, in order: `[name, ...arguments]`, an event as its type and detail. */
function callsOf(effects: ((io: Io) => void)[]): unknown[][] {
  const calls: unknown[][] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) =>
      calls.push([name, ...args.map((arg) => (arg instanceof CustomEvent ? { [arg.type]: arg.detail } : arg))]);
  const io = new Proxy({} as Io, { get: (_, name) => record(String(name)) });
  for (const effect of effects) effect(io);
  return calls;
}

/** Reduces `events` from `state`: the last state, and the calls of the last event's effects. */
function after(state: MachineState, ...events: MachineEvent[]) {
  let change = { state, effects: [] as ((io: Io) => void)[] };
  for (const event of events) change = reduce(change.state, event);
  return { state: change.state, calls: callsOf(change.effects), outcome: outcomeOf(change.state) };
}

const names = (calls: unknown[][]) => calls.map(([name]) => name);
const dispatched = (calls: unknown[][]) =>
  calls.filter(([name]) => name === 'dispatch').map(([, event]) => Object.keys(event as object)[0]);

const idle = (setup = SETUP) => initialState(setup);
const configure = (setup: Setup): MachineEvent => ({ type: 'configure', setup });
const started = (setup: Setup, mode: 'resume' | 'new' = 'resume'): MachineEvent => ({
  type: 'start',
  setup,
  mode,
  updated: true,
  connected: true,
});
/** Following UUID by polling, as after connecting with `transaction`. */
const following = (setup = WITH_TRANSACTION) => after(idle(), configure(setup)).state;
/** Following UUID through its stream, once a poll said the backend offers one. */
const streaming = (setup = WITH_TRANSACTION) => after(following(setup), offering()).state;
/** Waiting for the answer to a session request. */
const starting = () => after(idle(), configure(WITH_SESSIONS)).state;
const httpError = (status: number, retryAfter?: number) =>
  new RequestError('http', `/kyc/session: ${status}`, status >= 500 || status === 429, status, retryAfter);

describe('element machine: configuring', () => {
  it('idle → idle: nothing asked for, nothing done', () => {
    const { state, calls } = after(idle(), configure(SETUP));
    assert.equal(state.phase, 'idle');
    assert.deepEqual(calls, []);
  });

  it('idle → following (transaction): polls, opening no stream before the backend says it offers one', () => {
    const { state, calls } = after(idle(), configure(WITH_TRANSACTION));
    assert.equal(state.phase, 'following');
    assert.equal(state.followed?.statusUrl, `https://shop.example/kyc/status/${UUID}`);
    assert.deepEqual(calls.at(-1), ['watch', null, state.followed]);
  });

  it('idle → following (transaction, no-stream): polls', () => {
    const { state, calls } = after(idle(), configure({ ...WITH_TRANSACTION, noStream: true }));
    assert.deepEqual(calls.at(-1), ['watch', null, state.followed]);
  });

  it('idle → broken (a transaction that is no uuid): a final config error, nothing requested', () => {
    const { state, calls, outcome } = after(idle(), configure({ ...WITH_TRANSACTION, transaction: 'nope' }));
    assert.equal(state.phase, 'broken');
    assert.deepEqual(calls.at(-1), [
      'dispatch',
      { 'kyc-error': { kind: 'config', message: 'nope: not a uuid or nanoid', retrying: false, uuid: 'nope' } },
    ]);
    assert.equal(names(calls).includes('session'), true, 'the session asked for is forgotten');
    assert.equal(outcome.problem, 'errorSetup');
  });

  it('idle → starting (session-url): asks to resume', () => {
    const { state, calls, outcome } = after(idle(), configure(WITH_SESSIONS));
    assert.equal(state.phase, 'starting');
    assert.deepEqual(calls.at(-1), ['session', 'resume']);
    assert.equal(outcome.ended, false);
  });

  it('idle → idle (session-url with defer): waits for start()', () => {
    const { state, calls } = after(idle(), configure({ ...WITH_SESSIONS, defer: true }));
    assert.equal(state.phase, 'idle');
    assert.equal(names(calls).filter((name) => name === 'session').length, 1, 'only the forgetting of any session');
    assert.deepEqual(calls[0], ['session', null]);
  });

  it('following → following (a location changed): follows the transaction where it now is', () => {
    const { state, calls } = after(following(), configure({ ...WITH_TRANSACTION, statusUrl: '/other/{uuid}' }));
    assert.equal(state.followed?.statusUrl, `https://shop.example/other/${UUID}`);
    assert.deepEqual(calls.at(-1), ['watch', null, state.followed]);
  });

  it('following → following (a location changed after stream: true): streams from where it now is', () => {
    const { state, calls } = after(streaming(), configure({ ...WITH_TRANSACTION, statusUrl: '/other/{uuid}' }));
    assert.deepEqual(calls.at(-1), ['watch', state.followed, null]);
  });

  it('following → following (no-stream removed after stream: true): opens the stream', () => {
    const polling = streaming({ ...WITH_TRANSACTION, noStream: true });
    const { state, calls } = after(polling, configure(WITH_TRANSACTION));
    assert.deepEqual(calls.at(-1), ['watch', state.followed, null]);
  });

  it('following → following (no-stream removed before any stream: true): polls on', () => {
    const polling = following({ ...WITH_TRANSACTION, noStream: true });
    const { state, calls } = after(polling, configure(WITH_TRANSACTION));
    assert.deepEqual(calls.at(-1), ['watch', null, state.followed]);
  });

  it('following → following (another transaction): forgets the old one and its status', () => {
    const seen = after(following(), { type: 'status', status: statusOf('pending') }).state;
    const { state, calls } = after(seen, configure({ ...WITH_TRANSACTION, transaction: OTHER }));
    assert.equal(state.followed?.id, OTHER);
    assert.equal(state.status, null);
    assert.deepEqual(calls[0], ['session', null]);
  });
});

describe('element machine: a session the server prepared', () => {
  const prepared = (status = statusOf('pending'), setup = WITH_SESSIONS): MachineEvent => ({
    type: 'prepared',
    answer: { ...answer(status), offersStream: true },
    setup,
  });

  it('idle → following (prepared, session-url): follows the prepared transaction, asking for no session', () => {
    const { state, calls } = after(idle(), prepared());
    assert.equal(state.phase, 'following');
    assert.deepEqual(after(state, configure(WITH_SESSIONS)).calls, [], 'the first update, with the same attributes, asks nothing');
    assert.equal(state.followed?.link, LINK);
    assert.equal(state.status?.state, 'pending');
    assert.deepEqual(calls[0], ['session', null], 'only the forgetting of any session');
    assert.equal(names(calls).filter((name) => name === 'session').length, 1);
    assert.deepEqual(
      calls.filter(([name]) => name === 'watch').at(-1),
      ['watch', state.followed, null],
      'through the stream the prepared answer offered',
    );
  });

  it('idle → ended (prepared, already successful): shows the end, follows nothing', () => {
    const { state, calls } = after(idle(), prepared(statusOf('successful')));
    assert.equal(state.phase, 'ended');
    assert.deepEqual(dispatched(calls), ['kyc-state-change', 'kyc-successful']);
  });

  it('followed once: Try again after its end asks the backend for a new one', () => {
    const ended = after(idle(), prepared(statusOf('failed'))).state;
    const { state, calls } = after(ended, { type: 'retry', setup: WITH_SESSIONS });
    assert.equal(state.phase, 'starting');
    assert.deepEqual(calls.at(-2), ['session', 'new']);
    assert.equal(state.prepared, null);
  });

  it('a transaction attribute wins over a prepared session', () => {
    const { state } = after(idle(), prepared(undefined, { ...WITH_SESSIONS, transaction: OTHER, statusUrl: '/kyc/status/{uuid}' }));
    assert.equal(state.followed?.id, OTHER);
  });
});

describe('element machine: start()', () => {
  it('idle → starting (start with defer): asks to resume, and keeps focus', () => {
    const deferred = after(idle(), configure({ ...WITH_SESSIONS, defer: true })).state;
    const { state, calls } = after(deferred, started({ ...WITH_SESSIONS, defer: true }));
    assert.equal(state.phase, 'starting');
    assert.deepEqual(calls.slice(-2), [['session', 'resume'], ['keepFocus']]);
  });

  it('starting → starting (start({ new: true })): asks for a new transaction', () => {
    const { calls } = after(starting(), started(WITH_SESSIONS, 'new'));
    assert.deepEqual(calls.at(-2), ['session', 'new']);
  });

  it('idle → idle → starting (start({ new: true }) before the first update): the first update asks for a new one', () => {
    const early = after(idle(), { type: 'start', setup: SETUP, mode: 'new', updated: false, connected: false });
    assert.deepEqual(early.calls, []);
    const { state, calls } = after(early.state, configure({ ...WITH_SESSIONS, defer: true }));
    assert.equal(state.phase, 'starting');
    assert.deepEqual(calls.at(-1), ['session', 'new']);
    assert.equal(state.mode, 'resume', 'later requests resume again');
  });

  it('following → idle → starting (start while disconnected): abandons now, asks once connected', () => {
    const away = after(after(idle(), configure(WITH_SESSIONS), { type: 'session', answer: answer(null) }).state, {
      type: 'start',
      setup: WITH_SESSIONS,
      mode: 'resume',
      updated: true,
      connected: false,
    });
    assert.equal(away.state.phase, 'idle');
    assert.equal(names(away.calls).includes('keepFocus'), false);
    const { state, calls } = after(away.state, { type: 'connected', setup: WITH_SESSIONS });
    assert.equal(state.phase, 'starting');
    assert.deepEqual(calls.at(-2), ['session', 'resume']);
  });

  it('idle → idle (connected with no start waiting): nothing', () => {
    assert.deepEqual(after(idle(), { type: 'connected', setup: SETUP }).calls, []);
  });

  it('ended → following (start without session-url): follows the transaction afresh, fires no second end', () => {
    const ended = after(following(), { type: 'status', status: statusOf('successful') }).state;
    const again = after(ended, started(WITH_TRANSACTION), { type: 'status', status: statusOf('successful') });
    assert.equal(again.state.phase, 'ended');
    assert.deepEqual(dispatched(again.calls), ['kyc-state-change']);
    assert.deepEqual(
      again.calls.find(([name]) => name === 'wait'),
      ['wait', 2500],
      'Continue waits again',
    );
  });
});

describe('element machine: session answers', () => {
  it('starting → following (a pending answer): counts down to its expiry and follows it', () => {
    const expiresAt = '2030-01-01T00:00:00.000Z';
    const { state, calls } = after(starting(), { type: 'session', answer: { ...answer(null), expiresAt } });
    assert.equal(state.phase, 'following');
    assert.equal(state.followed?.link, LINK);
    assert.deepEqual(calls, [
      ['countdown', { expires_at: expiresAt }],
      ['watch', null, state.followed],
    ]);
  });

  it('starting → following (no status_url in the answer): follows <session-url>/{uuid}', () => {
    const { state } = after(starting(), { type: 'session', answer: answer(null) });
    assert.equal(state.followed?.statusUrl, `https://shop.example/kyc/session/${UUID}`);
  });

  it('starting → following (an answer with status_url, no status-url set): follows where the answer said', () => {
    const statusUrl = `https://shop.example/api/kyc/status/${UUID}`;
    const { state, calls } = after(starting(), { type: 'session', answer: { ...answer(null), statusUrl } });
    assert.equal(state.followed?.statusUrl, statusUrl);
    assert.deepEqual(calls.at(-1), ['watch', null, state.followed]);
  });

  it('starting → following (status_url in the answer, status-url set): status-url wins', () => {
    const { state } = after(idle(), configure({ ...WITH_SESSIONS, statusUrl: '/kyc/status/{uuid}' }), {
      type: 'session',
      answer: { ...answer(null), statusUrl: `https://shop.example/api/kyc/status/${UUID}` },
    });
    assert.equal(state.followed?.statusUrl, `https://shop.example/kyc/status/${UUID}`);
  });

  it('following → following (an attribute moves the transaction): the answer’s status_url is kept', () => {
    const statusUrl = `https://shop.example/api/kyc/status/${UUID}`;
    const followed = after(starting(), { type: 'session', answer: { ...answer(null), statusUrl } }).state;
    const { state } = after(followed, configure({ ...WITH_SESSIONS, noStream: true }));
    assert.equal(state.followed?.statusUrl, statusUrl);
  });

  it('starting → following (an answer saying stream: true): opens the stream at once, polls nothing', () => {
    const { state, calls } = after(starting(), { type: 'session', answer: { ...answer(null), offersStream: true } });
    assert.deepEqual(calls, [['watch', state.followed, null]]);
  });

  it('starting → following (stream: true, no-stream): polls', () => {
    const { state, calls } = after(idle(), configure({ ...WITH_SESSIONS, noStream: true }), {
      type: 'session',
      answer: { ...answer(null), offersStream: true },
    });
    assert.deepEqual(calls, [['watch', null, state.followed]]);
  });

  it('starting → following (an answer with a status): fires kyc-state-change with it', () => {
    const { state, calls } = after(starting(), { type: 'session', answer: answer(statusOf('pending', { step: 'Capture_credential_Ok' })) });
    assert.equal(state.status?.step, 'Capture_credential_Ok');
    assert.deepEqual(dispatched(calls), ['kyc-state-change']);
  });

  it('starting → ended (a resumed transaction that failed): shows the end, follows nothing', () => {
    const { state, calls, outcome } = after(starting(), { type: 'session', answer: answer(statusOf('failed', { code: '014' })) });
    assert.equal(state.phase, 'ended');
    assert.equal(names(calls).includes('watch') && calls.some(([name, stream, poll]) => name === 'watch' && (stream || poll)), false);
    assert.deepEqual(dispatched(calls), ['kyc-state-change', 'kyc-failed']);
    assert.deepEqual(outcome, { ended: true, tone: 'failed', problem: null, reason: 'reasonFace', canRetry: true });
  });

  it('starting → ended (a resumed transaction that succeeded): waits to offer Continue', () => {
    const { calls, outcome } = after(starting(), { type: 'session', answer: answer(statusOf('successful')) });
    assert.deepEqual(dispatched(calls), ['kyc-state-change', 'kyc-successful']);
    assert.deepEqual(
      calls.find(([name]) => name === 'wait'),
      ['wait', 2500],
    );
    assert.equal(outcome.canRetry, false);
  });

  it('starting → broken (an unsafe link in the answer): a config error, nothing followed', () => {
    const { state, calls } = after(starting(), { type: 'session', answer: { ...answer(null), link: 'javascript:alert(1)' } });
    assert.equal(state.phase, 'broken');
    assert.equal(state.problem?.kind, 'config');
    assert.equal(
      calls.some(([name, stream, poll]) => name === 'watch' && (stream || poll)),
      false,
    );
  });

  it('starting → broken (the session request failed): a final error, Try again resumes', () => {
    const failed = after(starting(), { type: 'session-failed', error: httpError(502) });
    assert.equal(failed.state.phase, 'broken');
    assert.deepEqual(dispatched(failed.calls), ['kyc-error']);
    assert.deepEqual(failed.outcome, { ended: true, tone: 'problem', problem: 'errorStart', reason: 'reasonStart', canRetry: true });
    assert.deepEqual(after(failed.state, { type: 'retry', setup: WITH_SESSIONS }).calls.at(-2), ['session', 'resume']);
  });

  /** The seconds from now to the countdown's deadline in `calls`. */
  const countdownIn = (calls: unknown[][]) => {
    const [, deadlines] = calls.find(([name, deadlines]) => name === 'countdown' && deadlines) as [string, { expires_at: string }];
    return Math.round((Date.parse(deadlines.expires_at) - Date.now()) / 1000);
  };

  it('starting → broken (429 with Retry-After): calm, counts down to when it asks again, and Try now at once', () => {
    const busy = after(starting(), { type: 'session-failed', error: httpError(429, 20) });
    assert.equal(countdownIn(busy.calls), 20);
    assert.deepEqual(busy.outcome, { ended: true, tone: 'busy', problem: 'busy', reason: 'retryIn', canRetry: true });
    assert.deepEqual(after(busy.state, { type: 'retry', setup: WITH_SESSIONS }).calls.at(-2), ['session', 'resume']);
  });

  it('broken (busy) → starting once the wait has passed: it asks again by itself, to resume', () => {
    const busy = after(starting(), { type: 'session-failed', error: httpError(429, 20) });
    const { state, calls } = after(busy.state, { type: 'deadline' });
    assert.equal(state.phase, 'starting');
    assert.deepEqual(calls.filter(([name]) => name === 'session').at(-1), ['session', 'resume']);
  });

  it(`starting → broken (429 without Retry-After): asks again by itself after ${BUSY_RETRY_S} s`, () => {
    const busy = after(starting(), { type: 'session-failed', error: httpError(429) });
    assert.equal(countdownIn(busy.calls), BUSY_RETRY_S);
    assert.equal(busy.outcome.canRetry, true);
  });

  it('broken (any other final problem): the countdown reaching zero asks for nothing', () => {
    const failed = after(starting(), { type: 'session-failed', error: httpError(502) });
    assert.equal(after(failed.state, { type: 'deadline' }).state.phase, 'broken');
  });

  it('following → following (a late session answer): ignored', () => {
    const { state, calls } = after(following(), { type: 'session', answer: answer(null, OTHER) });
    assert.equal(state.followed?.id, UUID);
    assert.deepEqual(calls, []);
  });
});

describe('element machine: statuses', () => {
  it('following → following (pending): counts down, keeps focus in the element and fires kyc-state-change, last', () => {
    const status = statusOf('pending');
    const { calls, outcome } = after(following(), { type: 'status', status });
    assert.deepEqual(names(calls), ['countdown', 'keepFocus', 'dispatch']);
    assert.equal(outcome.tone, 'pending');
  });

  it('following → following (the same state, step and code again): fires nothing', () => {
    const seen = after(following(), { type: 'status', status: statusOf('pending') }).state;
    assert.deepEqual(dispatched(after(seen, { type: 'status', status: statusOf('pending') }).calls), []);
  });

  it('following → following (a new step): keeps focus in the element, as the step may take the focused control away', () => {
    const seen = after(following(), {
      type: 'status',
      status: statusOf('pending', { step: 'Capture_credential_fail', code: '007' }),
    }).state;
    const { calls } = after(seen, { type: 'status', status: statusOf('pending', { step: 'Capture_credential_Ok', code: '002' }) });
    assert.deepEqual(names(calls), ['countdown', 'keepFocus', 'dispatch']);
  });

  it('following → following (the same step again): leaves focus alone', () => {
    const seen = after(following(), { type: 'status', status: statusOf('pending') }).state;
    assert.equal(names(after(seen, { type: 'status', status: statusOf('pending') }).calls).includes('keepFocus'), false);
  });

  it('following → ended (failed): stops following first, fires kyc-state-change and kyc-failed last', () => {
    const { state, calls } = after(following(), { type: 'status', status: statusOf('failed') });
    assert.equal(state.phase, 'ended');
    assert.deepEqual(names(calls), ['watch', 'countdown', 'dispatch', 'keepFocus', 'dispatch']);
    assert.deepEqual(calls[0], ['watch', null, null]);
    assert.deepEqual(dispatched(calls), ['kyc-state-change', 'kyc-failed']);
  });

  it('ended → ended (a status read after the end): ignored', () => {
    const ended = after(following(), { type: 'status', status: statusOf('expired') }).state;
    assert.deepEqual(after(ended, { type: 'status', status: statusOf('expired') }).calls, []);
  });

  it('following → following (a retrying error): reported at once, shown only once the run of failures has lasted', () => {
    const { state, calls, outcome } = after(following(), { type: 'status-failed', error: httpError(503), retrying: true });
    assert.equal(state.phase, 'following');
    assert.deepEqual(calls, [
      ['wait', RECONNECTING_AFTER_MS],
      ['dispatch', { 'kyc-error': state.problem }],
    ]);
    assert.deepEqual(outcome, { ended: false, tone: '', problem: null, reason: null, canRetry: false });
    const lasted = after(state, { type: 'waited' });
    assert.deepEqual(lasted.outcome, { ended: false, tone: 'retrying', problem: 'reconnecting', reason: null, canRetry: false });
  });

  it('following → following (failures in a row): one wait for the whole run, not one per failure', () => {
    const failed: MachineEvent = { type: 'status-failed', error: httpError(503), retrying: true };
    const { calls } = after(following(), failed, failed);
    assert.deepEqual(names(calls), ['dispatch']);
    const shown = after(following(), failed, { type: 'waited' }, failed);
    assert.equal(shown.outcome.problem, 'reconnecting', 'a further failure keeps it shown');
  });

  it('following → following (a good read within the run): no wait any more, nothing was shown; the next failure starts a run afresh', () => {
    const failed: MachineEvent = { type: 'status-failed', error: httpError(503), retrying: true };
    const good: MachineEvent = { type: 'status', status: statusOf('pending') };
    const { calls } = after(following(), failed, good);
    assert.deepEqual(calls[0], ['wait', null]);
    const recovered = after(following(), failed, { type: 'waited' }, good);
    assert.deepEqual([recovered.outcome.problem, recovered.state.waited], [null, false]);
    const again = after(recovered.state, failed);
    assert.deepEqual([again.calls[0], again.outcome.problem], [['wait', RECONNECTING_AFTER_MS], null]);
  });

  it('following → broken (a final status error once the phone started): stops following, the verification may go on on the phone', () => {
    const onThePhone = after(following(), { type: 'status', status: statusOf('pending', { step: 'Capture_credential_Ok', code: '002' }) });
    const { state, calls, outcome } = after(onThePhone.state, { type: 'status-failed', error: httpError(410), retrying: false });
    assert.equal(state.phase, 'broken');
    assert.deepEqual(calls[0], ['watch', null, null]);
    assert.equal(outcome.problem, 'errorLost');
    assert.equal(outcome.canRetry, false, 'no session URL: the host decides');
  });

  it('following → following (a status after a retrying error): the problem is over', () => {
    const troubled = after(following(), { type: 'status-failed', error: httpError(503), retrying: true }).state;
    assert.equal(after(troubled, { type: 'status', status: statusOf('pending') }).state.problem, null);
  });
});

describe('element machine: stream and countdown', () => {
  it('following → following (a poll says stream: true): opens the stream, before the events it fires, and stops polling', () => {
    const { state, calls } = after(following(), offering());
    assert.equal(state.streaming, true);
    assert.deepEqual(names(calls), ['watch', 'countdown', 'keepFocus', 'dispatch']);
    assert.deepEqual(calls[0], ['watch', state.followed, null]);
  });

  it('following → following (polls that do not say stream: true): polls on, opens no stream', () => {
    const { state, calls } = after(following(), { type: 'status', status: statusOf('pending', { step: 'Capture_credential_Ok' }) });
    assert.equal(state.streaming, false);
    assert.equal(names(calls).includes('watch'), false);
  });

  it('following → following (stream: true again): opens nothing more', () => {
    const { calls } = after(streaming(), offering());
    assert.equal(names(calls).includes('watch'), false);
  });

  it('following → following (a poll says stream: true, no-stream): polls on, opens no stream', () => {
    const { state, calls } = after(following({ ...WITH_TRANSACTION, noStream: true }), offering());
    assert.equal(state.streaming, false);
    assert.deepEqual(
      calls.filter(([name, stream]) => name === 'watch' && stream !== null),
      [],
    );
  });

  it('following → ended (a poll says stream: true with an end): opens no stream', () => {
    const { calls } = after(following(), offering('failed'));
    assert.deepEqual(
      calls.filter(([name]) => name === 'watch'),
      [['watch', null, null]],
    );
  });

  it('following → following (the stream is not offered): polls', () => {
    const { state, calls } = after(streaming(), { type: 'delivering', delivering: false });
    assert.equal(state.streaming, false);
    assert.deepEqual(calls, [['watch', state.followed, state.followed]]);
  });

  it('following → following (the stream delivers again): stops polling', () => {
    const polling = after(streaming(), { type: 'delivering', delivering: false }).state;
    const { calls } = after(polling, { type: 'delivering', delivering: true });
    assert.deepEqual(calls, [['watch', polling.followed, null]]);
  });

  it('following → following (the stream delivers, as it already did): nothing', () => {
    assert.deepEqual(after(streaming(), { type: 'delivering', delivering: true }).calls, []);
  });

  it('following → following (the countdown reached zero while polling): polls at once', () => {
    assert.deepEqual(after(following({ ...WITH_TRANSACTION, noStream: true }), { type: 'deadline' }).calls, [['pollNow']]);
  });

  it('following → following (the countdown reached zero while streaming): leaves it to the stream', () => {
    assert.deepEqual(after(streaming(), { type: 'deadline' }).calls, []);
  });
});

describe('element machine: the end', () => {
  const succeeded = () => after(following(), { type: 'status', status: statusOf('successful') }).state;

  it('ended (success) → ended (Continue pressed before the wait): nothing', () => {
    assert.deepEqual(after(succeeded(), { type: 'continue' }).calls, []);
  });

  it('ended (success) → ended (the wait passed, Continue pressed): fires kyc-continue', () => {
    const { calls } = after(succeeded(), { type: 'waited' }, { type: 'continue' });
    assert.deepEqual(dispatched(calls), ['kyc-continue']);
  });

  it('ended (failed) → starting (Try again with session-url): asks for a new transaction', () => {
    const failed = after(after(starting(), { type: 'session', answer: answer(null) }).state, {
      type: 'status',
      status: statusOf('failed'),
    }).state;
    const { state, calls } = after(failed, { type: 'retry', setup: WITH_SESSIONS });
    assert.equal(state.phase, 'starting');
    assert.deepEqual(calls.at(-2), ['session', 'new']);
    assert.equal(state.status, null);
  });

  it('ended (expired) → starting (Try again with session-url): asks for a new transaction', () => {
    const expired = after(after(starting(), { type: 'session', answer: answer(null) }).state, {
      type: 'status',
      status: statusOf('expired'),
    }).state;
    const { calls } = after(expired, { type: 'retry', setup: WITH_SESSIONS });
    assert.deepEqual(calls.at(-2), ['session', 'new']);
  });

  it('fires the terminal event of a transaction once, however often it ends', () => {
    const { state } = after(following(), { type: 'status', status: statusOf('failed') });
    const again = after(state, configure({ ...WITH_TRANSACTION, transaction: '' }), configure(WITH_TRANSACTION), {
      type: 'status',
      status: statusOf('failed'),
    });
    assert.deepEqual(dispatched(again.calls), ['kyc-state-change']);
  });
});

describe('element machine: words by cause', () => {
  const warnings = (calls: unknown[][]) => calls.filter(([name]) => name === 'warn').map(([, message]) => message);
  const statusError = (status: number) => new RequestError('http', `https://shop.example/kyc/status/${UUID}: ${status}`, false, status);
  const sessionFailed = (error: RequestError): MachineEvent => ({ type: 'session-failed', error });
  const statusFailed = (status: number): MachineEvent => ({ type: 'status-failed', error: statusError(status), retrying: false });

  for (const status of [400, 404, 405]) {
    it(`starting → broken (the session URL answers ${status}): neutral words, and a warning naming session-url, the URL and the status`, () => {
      const { calls, outcome } = after(starting(), sessionFailed(httpError(status)));
      assert.equal(outcome.problem, 'errorSetup');
      assert.deepEqual(warnings(calls), [`<kyc-verify> session-url: /kyc/session: ${status}`]);
    });
  }

  it('starting → broken (a session answer the element cannot read): neutral words, and a warning naming session-url', () => {
    const { calls, outcome } = after(starting(), sessionFailed(new RequestError('protocol', '/kyc/session: not JSON', true)));
    assert.equal(outcome.problem, 'errorSetup');
    assert.deepEqual(warnings(calls), ['<kyc-verify> session-url: /kyc/session: not JSON']);
  });

  it('following → broken (the status URL answers 404 before the phone started): neutral words, and a warning naming status-url and the URL', () => {
    const { calls, outcome } = after(following(), statusFailed(404));
    assert.equal(outcome.problem, 'errorSetup');
    assert.deepEqual(warnings(calls), [`<kyc-verify> status-url: https://shop.example/kyc/status/${UUID}: 404`]);
  });

  it('idle → broken (attributes that cannot work): neutral words, and a warning saying what is wrong', () => {
    const { calls, outcome } = after(idle(), configure({ ...WITH_TRANSACTION, statusUrl: '/kyc/status' }));
    assert.equal(outcome.problem, 'errorSetup');
    assert.deepEqual(warnings(calls), ['<kyc-verify> configuration: status-url needs {uuid} or :uuid (or set session-url)']);
  });

  for (const status of [401, 403]) {
    it(`starting → broken (the session URL answers ${status}): asks to log in again, calmly, no warning, and Try again (once logged in, it works)`, () => {
      const { calls, outcome } = after(starting(), sessionFailed(httpError(status)));
      assert.deepEqual(outcome, { ended: true, tone: 'busy', problem: 'errorLogin', reason: 'reasonLogin', canRetry: true });
      assert.deepEqual(warnings(calls), []);
    });
  }

  it('following → broken (the status URL answers 401 or 410 once the phone started): finish on the phone, or start again', () => {
    const onThePhone = after(starting(), {
      type: 'session',
      answer: answer(statusOf('pending', { step: 'Capture_credential_Ok', code: '002' })),
    });
    for (const status of [401, 410]) {
      const { outcome, state } = after(onThePhone.state, statusFailed(status));
      assert.deepEqual([outcome.problem, outcome.reason, outcome.canRetry], ['errorLost', 'errorLost', true], String(status));
      assert.deepEqual(after(state, { type: 'retry', setup: WITH_SESSIONS }).calls.at(-2), ['session', 'new'], 'a new verification');
    }
  });

  it('following → broken (the status URL answers 404 after it answered: the backend lost the transaction): no setup words, start again with a new one', () => {
    const read = after(
      starting(),
      { type: 'session', answer: answer(statusOf('pending')) },
      { type: 'status', status: statusOf('pending') },
    );
    const { outcome, state } = after(read.state, statusFailed(404));
    assert.deepEqual(outcome, { ended: true, tone: 'problem', problem: 'errorStopped', reason: null, canRetry: true });
    assert.deepEqual(after(state, { type: 'retry', setup: WITH_SESSIONS }).calls.at(-2), ['session', 'new']);
  });

  it("following → broken (the status URL answers 404 before it ever answered, though the session answered with a status): the page's set-up, no Try again", () => {
    const answered = after(starting(), { type: 'session', answer: answer(statusOf('pending')) });
    const { outcome } = after(answered.state, statusFailed(404));
    assert.deepEqual(outcome, { ended: true, tone: 'problem', problem: 'errorSetup', reason: 'reasonSetup', canRetry: false });
  });

  it('starting → broken (a configuration error): no Try again, and the next step the page gives (reasonSetup)', () => {
    const { outcome } = after(starting(), sessionFailed(httpError(404)));
    assert.deepEqual(outcome, { ended: true, tone: 'problem', problem: 'errorSetup', reason: 'reasonSetup', canRetry: false });
  });

  it('following → following (a try failed on the phone): advice, not work under way (no spinner)', () => {
    const document = statusOf('pending', { step: 'Capture_credential_fail', code: '004' });
    assert.equal(after(following(), { type: 'status', status: document }).outcome.tone, 'advice');
    const cleared = statusOf('pending', { step: 'Capture_credential_Ok', code: '002' });
    assert.equal(after(following(), { type: 'status', status: document }, { type: 'status', status: cleared }).outcome.tone, 'pending');
  });

  it('starting → broken (the backend fails, 502): could not start, no warning', () => {
    const { calls, outcome } = after(starting(), sessionFailed(httpError(502)));
    assert.equal(outcome.problem, 'errorStart');
    assert.deepEqual(warnings(calls), []);
  });

  it('following → following (network trouble): says it is reconnecting, no warning', () => {
    const network = new RequestError('network', `https://shop.example/kyc/status/${UUID}: Failed to fetch`, true);
    const { calls, outcome } = after(following(), { type: 'status-failed', error: network, retrying: true }, { type: 'waited' });
    assert.equal(outcome.problem, 'reconnecting');
    assert.deepEqual(warnings(calls), []);
  });

  it('following → broken (a status lost before the phone started): no advice about a phone', () => {
    const opened = after(following(), { type: 'status', status: statusOf('pending', { step: 'Session_start', code: '001' }) });
    assert.equal(after(opened.state, statusFailed(410)).outcome.problem, 'errorStopped');
  });
});
