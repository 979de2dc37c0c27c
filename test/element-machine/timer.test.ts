// The timer's words, in Node: whose time is left (the link's, or the capture step's when sooner) and how it reads.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { es } from '../../src/element/locales/es.js';
import { timerText, timerWords } from '../../src/element/view/timer.js';
import type { TransactionStatus } from '../../src/shared/transaction-state.js';

const LINK_EXPIRES = '2030-01-01T12:10:00Z';
const SOONER = '2030-01-01T12:02:00Z';
const LATER = '2030-01-01T12:20:00Z';

const pending = (fields: Partial<TransactionStatus> = {}): TransactionStatus => ({
  uuid: '3f2c1e0a-8b7d-4c6e-9f10-2a3b4c5d6e7f',
  state: 'pending',
  step: 'Session_start',
  code: '001',
  issue_description: null,
  expires_at: LINK_EXPIRES,
  updated_at: null,
  ...fields,
});

describe('the timer says whose time is left', () => {
  it("counts the link's time while no step timer runs", () => {
    assert.equal(timerWords(pending()), 'timeLeft');
    assert.equal(timerWords(null), 'timeLeft');
  });

  it("says it is the selfie's time once the document is captured and the selfie's timer ends first", () => {
    assert.equal(timerWords(pending({ step: 'Capture_credential_Ok', code: '002', step_expires_at: SOONER })), 'timeSelfie');
  });

  it("says it is the selfie's time after a rejected selfie", () => {
    assert.equal(timerWords(pending({ step: 'Session_complete_fail', code: '015', step_expires_at: SOONER })), 'timeSelfie');
  });

  it("says it is the document's time after a document problem", () => {
    assert.equal(timerWords(pending({ step: 'Capture_credential_fail', code: '004', step_expires_at: SOONER })), 'timeDocument');
  });

  it("keeps the link's words when the link ends before the step's timer", () => {
    assert.equal(timerWords(pending({ step: 'Capture_credential_Ok', code: '002', step_expires_at: LATER })), 'timeLeft');
  });

  it('reads m:ss in the words of whose time it is', () => {
    const selfie = pending({ step: 'Capture_credential_Ok', code: '002', step_expires_at: SOONER });
    assert.equal(timerText(es, selfie, 112), 'Tiempo para la selfie: 1:52');
    assert.equal(timerText(es, pending(), 590), 'El enlace vence en 9:50');
  });

  it("names the link's time once a step's deadline goes unknown (null while the selfie is checked): the time may rise, saying why", () => {
    const selfie = pending({ step: 'Capture_credential_Ok', code: '002', step_expires_at: SOONER });
    const checked = pending({ step: 'Capture_credential_Ok', code: '002', step_expires_at: null });
    assert.equal(timerText(es, selfie, 114), 'Tiempo para la selfie: 1:54');
    assert.equal(timerText(es, checked, 592), 'El enlace vence en 9:52');
  });

  it('shows nothing without a deadline', () => {
    assert.equal(timerText(es, pending(), null), '');
  });
});
