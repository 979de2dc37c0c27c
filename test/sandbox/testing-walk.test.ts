/** `walkVerificationPage` (docs/testing.md) with a Playwright page in Chromium: the sandbox's page walked to each end. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { startTestSandbox, walkVerificationPage, type PageWalkEnd } from '../../src/testing/index.js';

const sandbox = await startTestSandbox();
let browser: Browser;
before(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
});
after(async () => {
  await browser.close();
  await sandbox.close();
});

/** Walks a new transaction's page to `end`: the choices made, and the result's class. */
async function ended(end: PageWalkEnd, metadata?: Record<string, unknown>) {
  const { validator_url } = await sandbox.createTransaction({ tries: 2, metadata: { challenges_required: 2, ...metadata } });
  const page = await browser.newPage();
  try {
    const choices = await walkVerificationPage(page, validator_url, end);
    return { choices, status: await page.getByRole('status').getAttribute('class') };
  } finally {
    await page.close();
  }
}

test('successful: the document, the selfie and each challenge, to the result', async () => {
  const { choices, status } = await ended('successful');
  assert.deepEqual(choices, ['002', 'selfie_ok', 'challenge_ok', 'challenge_ok']);
  assert.match(status!, /result/);
});

test('failed at the document: the code until no try is left', async () => {
  assert.deepEqual((await ended({ failed: '003' })).choices, ['003', '003']);
});

test('failed at the selfie: the document passes, then the code until no try is left', async () => {
  assert.deepEqual((await ended({ failed: '014' })).choices, ['002', '014', '014']);
});

test('016 where the page never offers it (no fraud_check) is an error, not a success', async () => {
  await assert.rejects(ended({ failed: '016' }), /never offered 016/);
  assert.deepEqual((await ended({ failed: '016' }, { fraud_check: true })).choices, ['002', '016']);
});
