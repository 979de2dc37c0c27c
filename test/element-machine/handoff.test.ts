// The handoff in the element's state machine, in Node: a phone that opens the backend's short link
// is a change the desktop shows ("connected", before any step), and another device opening it too.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readSession } from '../../src/element/controllers/read-session.js';
import { locate } from '../../src/element/configuration.js';
import { en } from '../../src/element/locales/en.js';
import { es } from '../../src/element/locales/es.js';
import { ptBR } from '../../src/element/locales/pt-BR.js';
import { initialState, reduce, type Io, type MachineEvent, type MachineState, type Setup } from '../../src/element/machine/machine.js';
import { otherDeviceOf } from '../../src/element/machine/handoff.js';
import { phoneProgress } from '../../src/element/machine/progress.js';
import { progressText } from '../../src/element/view/progress-view.js';
import type { TransactionStatus } from '../../src/shared/transaction-state.js';

const UUID = '3f2c1e0a-8b7d-4c6e-9f10-2a3b4c5d6e7f';
const SETUP: Setup = {
  transaction: UUID,
  sessionUrl: '',
  statusUrl: '/kyc/status/{uuid}',
  verificationUrl: 'https://verify.example.cl',
  link: '',
  defer: false,
  noStream: false,
  continueDelay: 2500,
  base: 'https://shop.example/checkout',
};
const OPENED_AT = '2026-11-22T18:01:12.000Z';

const pending = (fields: Partial<TransactionStatus> = {}): TransactionStatus => ({
  uuid: UUID,
  state: 'pending',
  step: 'Session_start',
  code: '001',
  issue_description: null,
  expires_at: null,
  updated_at: null,
  ...fields,
});
const opened = (devices: number, fields: Partial<TransactionStatus> = {}) =>
  pending({ handoff: { opened_at: OPENED_AT, devices }, ...fields });

/** The events the effects of the last of `events` dispatch, as `{ type: detail }`. */
function run(state: MachineState, ...events: MachineEvent[]) {
  let change = { state, effects: [] as ((io: Io) => void)[] };
  for (const event of events) change = reduce(change.state, event);
  const dispatched: Record<string, unknown>[] = [];
  const io = new Proxy({} as Io, {
    get: (_, name) => (event: unknown) =>
      name === 'dispatch' && dispatched.push({ [(event as CustomEvent).type]: (event as CustomEvent).detail }),
  });
  for (const effect of change.effects) effect(io);
  return { state: change.state, dispatched, otherDevice: otherDeviceOf(change.state) };
}

const following = () =>
  run(initialState({ ...SETUP, transaction: '' }), { type: 'configure', setup: SETUP }, { type: 'status', status: pending() }).state;
const status = (value: TransactionStatus): MachineEvent => ({ type: 'status', status: value });

describe('element machine: the handoff', () => {
  it('following → following (the phone opened the short link): fires kyc-state-change saying so; the phone has started, connected', () => {
    const { dispatched, state } = run(following(), status(opened(1)));
    assert.deepEqual(dispatched, [
      {
        'kyc-state-change': {
          uuid: UUID,
          state: 'pending',
          step: 'Session_start',
          code: '001',
          issueDescription: null,
          handoff: { openedAt: OPENED_AT, devices: 1 },
        },
      },
    ]);
    assert.deepEqual(phoneProgress(state.status!), { at: 0, problem: false }, 'the document step is current');
    assert.equal(progressText(state.status!, es, false), 'Celular conectado.');
    assert.equal(progressText(state.status!, en, false), 'Phone connected.');
    assert.equal(progressText(state.status!, ptBR, false), 'Celular conectado.');
    assert.equal(
      progressText(state.status!, es, true),
      'Sigue en la pestaña de la verificación y vuelve aquí al terminar.',
      'on the phone itself, no word of a phone connected',
    );
  });

  it('following → following (the same handoff again): fires nothing', () => {
    const seen = run(following(), status(opened(1))).state;
    assert.deepEqual(run(seen, status(opened(1))).dispatched, []);
  });

  it('following → following (another device opened it too): fires kyc-state-change with two devices; the desktop says so', () => {
    const seen = run(following(), status(opened(1)));
    assert.equal(seen.otherDevice, false);
    const { dispatched, otherDevice } = run(seen.state, status(opened(2)));
    assert.deepEqual((dispatched[0]!['kyc-state-change'] as { handoff: unknown }).handoff, { openedAt: OPENED_AT, devices: 2 });
    assert.equal(otherDevice, true);
  });

  it('following → following (a step after the handoff): the phone’s progress is the step’s', () => {
    const seen = run(following(), status(opened(1))).state;
    const { state } = run(seen, status(opened(1, { step: 'Capture_credential_Ok', code: '002' })));
    assert.deepEqual(phoneProgress(state.status!), { at: 1, problem: false });
  });

  it('following → ended (an end after another device): the end, no word about devices', () => {
    const seen = run(following(), status(opened(2))).state;
    const { otherDevice } = run(seen, status(opened(2, { state: 'successful', step: 'Session_complete_Ok', code: '013' })));
    assert.equal(otherDevice, false);
  });

  it('a session answer with typed_code: the code and where to type it reach the followed transaction', () => {
    const answer = readSession(
      { uuid: UUID, link: 'https://shop.example/kyc/go/4F7K3H', typed_code: { url: 'https://shop.example/kyc/go', code: '4F7K3H' } },
      new URL('https://shop.example/kyc/session'),
    );
    assert.deepEqual(answer.typedCode, { url: 'https://shop.example/kyc/go', code: '4F7K3H' });
    const followed = locate(UUID, answer, SETUP);
    assert.ok(typeof followed !== 'string');
    assert.equal(followed.link, 'https://shop.example/kyc/go/4F7K3H');
    assert.deepEqual(followed.told?.typedCode, answer.typedCode);
  });
});
