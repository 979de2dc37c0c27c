import assert from 'node:assert/strict';
import { get } from 'node:http';
import { test } from 'node:test';
import { sandboxForTests } from './helpers.js';
import { visibleText } from './page-text.js';

const sandbox = await sandboxForTests();
const token = await sandbox.token();

const langOfPage = (body: string) => /<html lang="([\w-]+)">/.exec(body)?.[1];
const pageLang = async (acceptLanguage: string, query = '') => {
  const { uuid } = await sandbox.created(token);
  return langOfPage((await sandbox.page(uuid, query, { 'accept-language': acceptLanguage })).body);
};

test('a phone that asks for es-CL gets the page in Spanish', async () => {
  assert.equal(await pageLang('es-CL,es;q=0.9,en;q=0.8'), 'es');
});

test('a phone that asks for en-US gets the page in English', async () => {
  assert.equal(await pageLang('en-US,en;q=0.9'), 'en');
});

test('the language the phone prefers most wins, by q-value and not by order', async () => {
  assert.equal(await pageLang('en;q=0.4, es-CL;q=0.8'), 'es');
  assert.equal(await pageLang('fr-FR, en;q=0.7, es;q=0.5'), 'en');
});

test('a phone without Accept-Language gets the page in Spanish', async () => {
  const { uuid } = await sandbox.created(token);
  const body = await new Promise<string>((resolve, reject) => {
    get(`${sandbox.url}/transactions/${uuid}`, (answer) => {
      let text = '';
      answer.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      answer.once('end', () => resolve(text));
    }).once('error', reject);
  });
  assert.equal(langOfPage(body), 'es');
});

test("the page's own language switch (?lang=) wins over Accept-Language", async () => {
  assert.equal(await pageLang('en-US', '?lang=es'), 'es');
});

test('the page says which header its language depends on (Vary: Accept-Language)', async () => {
  const { uuid } = await sandbox.created(token);
  assert.match((await sandbox.page(uuid)).headers.get('vary') ?? '', /accept-language/i);
});

test('the Spanish page speaks to the person as tú, says "venció" for expiry, and shows no service jargon', async () => {
  const texts: string[] = [];
  const collect = async (uuid: string) => texts.push((await sandbox.page(uuid, '?lang=es')).body);
  const walked = await sandbox.created(token, { metadata: { nin: '11.111.111-1', challenges_required: 1, fraud_check: true } });
  await collect(walked.uuid);
  await sandbox.outcomes(walked.uuid, '008');
  await collect(walked.uuid);
  await sandbox.outcomes(walked.uuid, '002');
  await collect(walked.uuid);
  await sandbox.request('POST', `/transactions/${walked.uuid}?lang=es`, {
    body: 'outcome=selfie_ok',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  await collect(walked.uuid);
  const idle = await sandbox.created(token);
  await collect(idle.uuid);
  await sandbox.advanceClock(121);
  await collect(idle.uuid);
  const page = texts.map(visibleText).join('\n');
  assert.match(page, /Un paso quedó mucho rato sin completar/);
  assert.match(page, /Intentos restantes: 2\./);
  for (const usted of [/\b(Elija|Muestre|Mire|Siga|Revise|Gire|Parpadee)\b/, /\busted\b/i, /\bsus?\b/, /expir/i, /campo mínimo/i]) {
    assert.doesNotMatch(page, usted);
  }
});

test('a phone that asks for pt-BR gets the page in Brazilian Portuguese', async () => {
  assert.equal(await pageLang('pt-BR,pt;q=0.9,en;q=0.8'), 'pt-BR');
});

test('Portuguese preferred by q-value over Spanish gets the Brazilian page, and so does any Portuguese', async () => {
  assert.equal(await pageLang('es-CL;q=0.5, pt-BR;q=0.9'), 'pt-BR');
  assert.equal(await pageLang('pt-PT'), 'pt-BR');
});

test('?lang=pt-BR serves the Brazilian page, with links to the Spanish and English ones', async () => {
  const { uuid } = await sandbox.created(token);
  const { body } = await sandbox.page(uuid, '?lang=pt-BR', { 'accept-language': 'es-CL' });
  assert.equal(langOfPage(body), 'pt-BR');
  assert.match(body, /Cédula de identidade/);
  assert.match(body, new RegExp(`href="/transactions/${uuid}\\?lang=es" hreflang="es" lang="es">Español<`));
  assert.match(body, new RegExp(`href="/transactions/${uuid}\\?lang=en" hreflang="en" lang="en">English<`));
});
