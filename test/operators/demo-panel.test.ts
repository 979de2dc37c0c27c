/**
 * The demo's operator panel (`npm start`, docs/operations.md): the funnel and the ends by reason, drawn in Chromium
 * from the kit's metrics, change as a verification started on the page ends.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import type { DemoStack } from '../../demo/stack.js';
import { demoInChromium, pressStart, screenshot, waitForLogged, type DemoInChromium } from '../e2e/harness.js';

describe('the demo’s operator panel', () => {
  let opened: DemoInChromium | undefined;
  let demo: DemoStack;
  let page: Page;

  before(async () => {
    opened = await demoInChromium({ viewport: { width: 1280, height: 1400 } });
    ({ demo, page } = opened);
  });
  after(async () => {
    await opened?.close();
  });

  /** The bar of a row of the panel: its drawn width. */
  const barWidth = async (row: string) => Number(await page.locator(`${row} rect`).getAttribute('width'));

  test('draws the verification started, then its end by reason once the service ends it', async () => {
    await pressStart(page, demo.url, { mode: 'button' });
    const { uuid } = (await waitForLogged(page, 'kyc-state-change')) as { uuid: string };
    await page.locator('#funnel [data-stage="created"][data-count="1"]').waitFor();
    assert.ok((await barWidth('#funnel [data-stage="created"]')) > 0);
    assert.equal(await barWidth('#funnel [data-stage="successful"]'), 0);
    assert.equal(await page.locator('#ends [data-end]').count(), 0);
    const drawnBefore = await page.locator('#operator').screenshot();

    // The fraud list ends it failed at once (docs/sandbox.md); the widget's next read tells the kit.
    const outcome = await fetch(`${demo.sandbox.url}/sandbox/transactions/${uuid}/outcome`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: '016' }),
    });
    assert.equal(outcome.status, 200);
    await page.locator('#ends [data-end="failed/016"][data-count="1"]').waitFor();
    assert.ok((await barWidth('#ends [data-end="failed/016"]')) > 0);
    assert.notDeepEqual(await page.locator('#operator').screenshot(), drawnBefore);
    await screenshot(page, 'operator-panel');
  });
});
