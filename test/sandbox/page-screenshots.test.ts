// The phone pages as a person sees them in Chromium (390×844), in every language, light and dark,
// at each step and each end: what they read carries no service code, and each is kept as a
// screenshot under test-results/sandbox-pages/ to be looked at.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { sandboxForTests } from './helpers.js';
import { ISSUE_CODE } from './page-text.js';

const SCREENSHOTS = resolve('test-results/sandbox-pages');
const LANGS = ['es', 'en', 'pt-BR'] as const;
const SCHEMES = ['light', 'dark'] as const;

const sandbox = await sandboxForTests();
const token = await sandbox.token();
/** The expiries move the clock, which would expire every other transaction too. */
const expiring = await sandboxForTests();
const expiringToken = await expiring.token();
const metadata = { nin: '11.111.111-1', capture_document_expiration: 60, fraud_check: true };

/** Links of transactions at each step and each end, by name. */
async function transactionsAtEveryStep(): Promise<Record<string, string>> {
  const at = async (codes: string[], overrides: Record<string, unknown> = {}, on = sandbox) => {
    const { uuid } = await on.created(on === sandbox ? token : expiringToken, { metadata, ...overrides });
    if (codes.length) await on.outcomes(uuid, ...codes);
    return uuid;
  };
  const pages: Record<string, string> = {
    document: `${sandbox.url}/transactions/${await at([])}`,
    'document-problem': `${sandbox.url}/transactions/${await at(['004'])}`,
    selfie: `${sandbox.url}/transactions/${await at(['002'])}`,
    successful: `${sandbox.url}/transactions/${await at(['002', '013'])}`,
    failed: `${sandbox.url}/transactions/${await at(['002', '014'], { tries: 1 })}`,
  };
  // The two expiries, on a clock of their own: a step left idle at 60 s, the link at 600 s.
  const linkExpired = await at([], { expiration: 600 }, expiring);
  const stepExpired = await at([], {}, expiring);
  await expiring.page(stepExpired);
  await expiring.advanceClock(600);
  return {
    ...pages,
    'step-expired': `${expiring.url}/transactions/${stepExpired}`,
    'link-expired': `${expiring.url}/transactions/${linkExpired}`,
  };
}

describe('the phone pages in Chromium', () => {
  let browser: Browser;
  let pages: Record<string, string>;
  before(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    pages = await transactionsAtEveryStep();
  });
  after(() => browser.close());

  for (const colorScheme of SCHEMES) {
    test(`no page shows a service code to the person, in any language (${colorScheme}); each is kept as a screenshot`, async () => {
      const context = await browser.newContext({ colorScheme, viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
      const page = await context.newPage();
      for (const lang of LANGS) {
        for (const [name, link] of Object.entries(pages)) {
          await page.goto(`${link}?lang=${lang}`);
          assert.equal(await page.locator('html').getAttribute('lang'), lang);
          const text = await page.locator('body').innerText();
          assert.doesNotMatch(text, ISSUE_CODE, `${lang} ${name}: ${text}`);
          await page.screenshot({ path: `${SCREENSHOTS}/${lang}-${colorScheme}-${name}.png`, fullPage: true });
        }
      }
      await context.close();
    });
  }

  test("the developer details, once opened, show the transaction's code", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${pages.failed}?lang=en`);
    await page.getByText('For developers').click();
    assert.match(await page.locator('details').innerText(), /code\s+014/);
    await page.screenshot({ path: `${SCREENSHOTS}/en-light-failed-developer-details.png`, fullPage: true });
    await page.close();
  });
});
