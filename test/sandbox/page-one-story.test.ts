// The phone tells the same story as the element on the desktop: a problem the person has left
// behind is gone from both, and tries and capture timers are worded alike, in every language.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { en } from '../../src/element/locales/en.js';
import { es } from '../../src/element/locales/es.js';
import { ptBR } from '../../src/element/locales/pt-BR.js';
import { STRINGS } from '../../src/sandbox/page/strings.js';
import { sandboxForTests } from './helpers.js';
import { visibleText } from './page-text.js';

const sandbox = await sandboxForTests();
const token = await sandbox.token();

const ELEMENT = { es, en, 'pt-BR': ptBR } as const;

async function choose(uuid: string, outcome: string): Promise<void> {
  const { status } = await sandbox.request('POST', `/transactions/${uuid}`, {
    body: new URLSearchParams({ outcome }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  assert.equal(status, 303);
}

for (const [lang, words] of Object.entries(ELEMENT)) {
  test(`the phone words tries and capture timers as the element does (${lang})`, () => {
    const phone = STRINGS[lang as keyof typeof ELEMENT];
    assert.equal(phone.triesLeft(2), words.triesLeft.replace('{tries}', '2'));
    assert.equal(`${phone.timeDocument}: 1:58`, words.timeDocument.replace('{time}', '1:58'));
    assert.equal(`${phone.timeSelfie}: 1:58`, words.timeSelfie.replace('{time}', '1:58'));
  });
}

test('a selfie that passes after a mismatch (014) clears the problem: on the liveness step the phone shows none, and the status says 002 again', async () => {
  const { uuid } = await sandbox.created(token, { metadata: { nin: '11.111.111-1', challenges_required: 1, show_timer: true } });
  await sandbox.outcomes(uuid, '002', '014');
  assert.match(visibleText((await sandbox.page(uuid, '?lang=es')).body), /Intento fallido: La selfie no coincide/);
  await choose(uuid, 'selfie_ok');
  const liveness = visibleText((await sandbox.page(uuid, '?lang=es')).body);
  assert.match(liveness, /Prueba de vida 1 de 1/);
  assert.doesNotMatch(liveness, /Intento fallido/);
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
