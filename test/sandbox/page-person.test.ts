// What the person on the phone reads: the cause of the end in the heading, no service codes, no
// "step n of n" on a result; the codes stay in the developer details.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sandboxForTests } from './helpers.js';
import { ISSUE_CODE, visibleText } from './page-text.js';

const sandbox = await sandboxForTests();
const token = await sandbox.token();

const pageOf = async (uuid: string, lang = 'es') => (await sandbox.page(uuid, `?lang=${lang}`)).body as string;
const headingOf = (body: string) => /<h2>([^<]*)<\/h2>/.exec(body)?.[1];

test('a page after a document problem shows the problem in words and no code', async () => {
  const { uuid } = await sandbox.created(token);
  await sandbox.outcomes(uuid, '004');
  const text = visibleText(await pageOf(uuid));
  assert.match(
    text,
    /No pudimos validar tu cédula\. Inténtalo de nuevo con la cédula original, con buena luz y completa a la vista\. Intentos restantes: 2\./,
  );
  assert.doesNotMatch(text, ISSUE_CODE);
});

test("the document step's buttons read as words, and the developer details list the outcome each posts", async () => {
  const { uuid } = await sandbox.created(token);
  const body = await pageOf(uuid, 'en');
  assert.doesNotMatch(visibleText(body), ISSUE_CODE);
  assert.match(body, /<details class="developer">[\s\S]*The document number could not be read: <code>004<\/code>/);
});

test('automatic capture says under it what it does differently, tied to the button for screen readers', async () => {
  const { uuid } = await sandbox.created(token);
  const body = await pageOf(uuid, 'en');
  const id = /<button type="submit" name="outcome" value="002" aria-describedby="([^"]+)">Automatic capture<\/button>/.exec(body)?.[1];
  assert.ok(id, 'the button names its hint');
  assert.match(body, new RegExp(`<p class="hint" id="${id}">The camera takes the photo by itself`));
});

test('a failed verification is headed as such and gives its reason in words, with the code only for developers', async () => {
  const { uuid } = await sandbox.created(token, { tries: 1 });
  await sandbox.outcomes(uuid, '004');
  const body = await pageOf(uuid);
  assert.equal(headingOf(body), 'No pudimos verificar tu identidad.');
  const text = visibleText(body);
  assert.match(text, /No pudimos validar tu cédula\. Inténtalo de nuevo/);
  assert.doesNotMatch(text, ISSUE_CODE);
  assert.match(body, /<dt>code<\/dt>\s*<dd><code>004<\/code><\/dd>/);
});

test('a link that expired before the end is headed as the verification expired, and says the link ran out', async () => {
  const local = await sandboxForTests();
  const { uuid } = await local.created(await local.token(), { expiration: 600 });
  await local.advanceClock(600);
  const body = (await local.page(uuid, '?lang=es')).body as string;
  assert.equal(headingOf(body), 'La verificación venció.');
  assert.match(visibleText(body), /El enlace venció antes de que terminaras\. Comienza de nuevo con un enlace nuevo\./);
  assert.doesNotMatch(visibleText(body), ISSUE_CODE);
});

test('a capture step left idle past its timer says so, not that the link ran out', async () => {
  const { uuid } = await sandbox.created(token, { metadata: { nin: '11.111.111-1', capture_document_expiration: 60 } });
  await sandbox.page(uuid);
  await sandbox.advanceClock(60);
  const body = await pageOf(uuid);
  assert.equal(headingOf(body), 'La verificación venció.');
  assert.match(visibleText(body), /Un paso quedó mucho rato sin completar\./);
  assert.doesNotMatch(visibleText(body), /enlace venció|time_out/);
});

test('a successful verification is headed as such', async () => {
  const { uuid } = await sandbox.created(token);
  await sandbox.outcomes(uuid, '002', '013');
  assert.equal(headingOf(await pageOf(uuid, 'pt-BR')), 'Sua identidade foi verificada.');
});

test('results show no "step n of n"; capture steps do', async () => {
  const ended = await sandbox.created(token, { tries: 1 });
  await sandbox.outcomes(ended.uuid, '007');
  const running = await sandbox.created(token);
  assert.doesNotMatch(visibleText(await pageOf(ended.uuid)), /Paso \d/);
  assert.match(visibleText(await pageOf(running.uuid)), /Paso 1 de 3 Cédula de identidad/);
});
