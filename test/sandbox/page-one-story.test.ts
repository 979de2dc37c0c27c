// The phone tells the same story as the element on the desktop, at every step and for every code, in
// every language: the same "step N of 3" and step name, the same reason for a failed try (with the
// tries left), the same words for the capture step's timer when the status gives it, the same
// heading and reason at the end. The element's side is computed from the status the kit serves for
// the same transaction (statusOf), as the desktop would show it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { en } from '../../src/element/locales/en.js';
import { es } from '../../src/element/locales/es.js';
import type { LocaleStrings } from '../../src/element/locales/localize.js';
import { ptBR } from '../../src/element/locales/pt-BR.js';
import { endReason } from '../../src/element/machine/outcome.js';
import { phoneProgress } from '../../src/element/machine/progress.js';
import { progressText } from '../../src/element/view/progress-view.js';
import { timerWords } from '../../src/element/view/timer.js';
import { statusOf } from '../../src/server/client/transaction-status.js';
import type { Transaction } from '../../src/server/client/types.js';
import { DOCUMENT_PROBLEM_CODES } from '../../src/shared/issue-codes.js';
import { stepCount, stepsOf } from '../../src/shared/story/story.js';
import type { TerminalState } from '../../src/shared/transaction-state.js';
import { sandboxForTests } from './helpers.js';
import { visibleText } from './page-text.js';

const sandbox = await sandboxForTests();
const token = await sandbox.token();

const ELEMENT: Record<string, LocaleStrings> = { es, en, 'pt-BR': ptBR };

async function choose(uuid: string, outcome: string): Promise<void> {
  const { status } = await sandbox.request('POST', `/transactions/${uuid}`, {
    body: new URLSearchParams({ outcome }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  assert.equal(status, 303);
}

/** The phone's page and the desktop's status of one transaction, now. */
async function bothScreens(uuid: string, lang: string) {
  const phone = visibleText((await sandbox.page(uuid, `?lang=${lang}`)).body);
  const status = statusOf((await sandbox.get(token, uuid)).body.data as Transaction);
  return { phone, status };
}

/** Where each outcome leads: the outcomes, with the liveness challenges the transaction asks for. */
const STEPS: [string, string[], number][] = [
  ['the document step', [], 0],
  ...DOCUMENT_PROBLEM_CODES.map((code): [string, string[], number] => [`a document problem (${code})`, [code], 0]),
  ['the selfie step', ['002'], 0],
  ['the selfie step, with liveness', ['002'], 1],
  ['a selfie that does not match (014)', ['002', '014'], 1],
  ['a selfie below the minimum score (015)', ['002', '015'], 0],
];

for (const [lang, words] of Object.entries(ELEMENT)) {
  describe(`one story on the phone and the desktop (${lang})`, () => {
    for (const [step, outcomes, challenges] of STEPS) {
      test(`${step}: the same step, reason, tries left and timer words`, async () => {
        const { uuid } = await sandbox.created(token, { tries: 3, metadata: { nin: '11.111.111-1', challenges_required: challenges } });
        if (outcomes.length) await sandbox.outcomes(uuid, ...outcomes);
        const { phone, status } = await bothScreens(uuid, lang);
        const at = phoneProgress(status)?.at ?? 0;
        const named = `${stepCount(words, at)} ${words[stepsOf(status.liveness)[at]!]}`;
        assert.ok(phone.includes(named), `"${phone}" lacks "${named}"`);
        const line = progressText(status, words, false);
        if (phoneProgress(status)?.problem) {
          assert.ok(phone.includes(`${line} ${words.triesLeft.replace('{tries}', '2')}`), `"${phone}" lacks "${line}" and the tries left`);
        }
        const timer = timerWords(status);
        // The desktop names the link's time where the status gives no step timer (liveness: each challenge restarts it unseen).
        if (timer !== 'timeLeft') assert.match(phone, new RegExp(`${words[timer].replace('{time}', '\\d:\\d\\d')}`));
        else assert.ok(status.liveness || at === 0, `a step timer the status should give: ${JSON.stringify(status)}`);
      });
    }

    for (const [end, outcomes] of [
      ['failed, the document (006)', ['006']],
      ['failed, the RUT on the card (005)', ['005']],
      ['failed, the selfie (014)', ['002', '014']],
      ['successful', ['002', '013']],
    ] as const) {
      test(`${end}: the same heading and reason at the end`, async () => {
        const { uuid } = await sandbox.created(token, { tries: 1, metadata: { nin: '11.111.111-1' } });
        await sandbox.outcomes(uuid, ...outcomes);
        const { phone, status } = await bothScreens(uuid, lang);
        const reason = endReason(status);
        assert.ok(phone.includes(words[status.state as TerminalState]), `"${phone}" lacks the heading`);
        if (reason) assert.ok(phone.includes(words[reason]), `"${phone}" lacks "${words[reason]}"`);
      });
    }
  });
}

test('a selfie that passes after a mismatch (014) clears the problem: on the liveness step the phone shows none, and the status says 002 again', async () => {
  const { uuid } = await sandbox.created(token, { metadata: { nin: '11.111.111-1', challenges_required: 1, show_timer: true } });
  await sandbox.outcomes(uuid, '002', '014');
  assert.match(visibleText((await sandbox.page(uuid, '?lang=es')).body), /Tu selfie no coincide con la foto de tu cédula/);
  await choose(uuid, 'selfie_ok');
  const liveness = visibleText((await sandbox.page(uuid, '?lang=es')).body);
  assert.match(liveness, /Paso 2 de 3 Selfie y prueba de vida Prueba de vida 1 de 1/);
  assert.doesNotMatch(liveness, /Tu selfie no coincide/);
  assert.match(liveness, /Tiempo para la prueba de vida: \d:\d\d/);
  const { step, code } = (await sandbox.get(token, uuid)).body.data;
  assert.deepEqual([step, code], ['Capture_credential_Ok', '002']);
});

test('a selfie that passes at once records nothing more: the status changes only when there was a problem to clear', async () => {
  const { uuid } = await sandbox.created(token, { metadata: { nin: '11.111.111-1', challenges_required: 1 } });
  await sandbox.outcomes(uuid, '002');
  const before = (await sandbox.get(token, uuid)).body.data.updated_at;
  await sandbox.advanceClock(5);
  await choose(uuid, 'selfie_ok');
  assert.equal((await sandbox.get(token, uuid)).body.data.updated_at, before);
});
