import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import type { DemoStack } from '../../demo/stack.js';
import { demoInChromium, type DemoInChromium } from './harness.js';

describe('the demo page on a 390 px phone', () => {
  let opened: DemoInChromium | undefined;
  let demo: DemoStack;
  let page: Page;

  before(async () => {
    opened = await demoInChromium({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    ({ demo, page } = opened);
    await page.goto(demo.url);
    await page.locator('#nin option').first().waitFor({ state: 'attached' });
  });
  after(async () => {
    await opened?.close();
  });

  test('is no wider than the screen', async () => {
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390);
  });

  test('shows the checkbox beside its label, on the same line', async () => {
    const checkbox = (await page.locator('input[name=full_update]').boundingBox())!;
    const label = (await page.locator('input[name=full_update] + span').boundingBox())!;
    assert.ok(checkbox.x + checkbox.width <= label.x, 'the checkbox is left of its label');
    assert.ok(checkbox.y < label.y + label.height && label.y < checkbox.y + checkbox.height, 'they share a line');
  });

  test('shows the test identities with their RUTs as people write them', async () => {
    const options = await page.locator('#nin option').allTextContents();
    assert.ok(options.includes('María José González Rojas (11.111.111-1)'), options.join(', '));
    assert.ok(
      options.every((option) => /\(\d{1,2}\.\d{3}\.\d{3}-[\dK]\)$/.test(option)),
      options.join(', '),
    );
  });
});
