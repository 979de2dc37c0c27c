// A reload, a second tab or another instance of a fleet shows the visitor's transaction under way,
// or its end, instead of creating another at the service (docs/sessions.md). The script-tag page
// starts its verification on load, so a reload is the person's own reload.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page, Response } from 'playwright-core';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';
import {
  capture,
  desktop,
  logged,
  marks,
  phone,
  scanQr,
  screenshot,
  startVerification,
  startWorld,
  uuidOf,
  waitForLogged,
  type World,
  said,
} from './harness.js';

const TEST = { timeout: 120_000 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens the script-tag page in `page`, which asks the host for the visitor's session on load. */
async function openWidget(page: Page, world: World): Promise<void> {
  await page.goto(`${world.demo.url}script-tag.html`);
  await page.locator('kyc-verify [part="status"]:not(:empty)').waitFor();
}

/** The verification link the desktop shows, read from its QR code as a phone would (shown again if the progress covers it). */
async function linkShown(page: Page): Promise<string> {
  const showCode = page.locator('kyc-verify [part="show-code"]');
  if (await showCode.isVisible()) await showCode.click();
  return scanQr(page);
}

/** What the element's status line says, with its reason. */
const statusLine = (page: Page) => said(page);

/** Counts what `act` created at the sandbox. */
async function createdDuring(world: World, act: () => Promise<void>): Promise<number> {
  const before = world.demo.sandbox.transactionsCreated();
  await act();
  return world.demo.sandbox.transactionsCreated() - before;
}

interface Reloading {
  /** Reloads the desktop page (perhaps more than once). */
  reload(page: Page): Promise<void>;
  /** Sees the desktop page before it first opens the widget. */
  watch?(page: Page): void;
}

/**
 * The phone captures the document; the desktop reloads and shows the same transaction at the
 * phone's step; the phone finishes and the desktop hears the end once. Resolves with how many
 * transactions the sandbox created for all of it.
 */
function reloadMidFlow(world: World, name: string, { reload, watch }: Reloading): Promise<number> {
  return createdDuring(world, async () => {
    const page = await desktop(world);
    watch?.(page);
    await openWidget(page, world);
    const link = await scanQr(page);
    const mobile = await phone(world);
    await mobile.goto(link);
    await capture(mobile, ['002']);

    await reload(page);
    await page.locator('kyc-verify [part="progress"]').waitFor();
    assert.deepEqual(await marks(page), ['done', 'current', 'todo'], "the phone's step, right after the reload");
    await screenshot(page, `resume-${name}-reloaded-mid-flow`);
    assert.equal(await linkShown(page), link, 'the same transaction');

    await capture(mobile, ['selfie_ok']);
    const successful = await waitForLogged(page, 'kyc-successful');
    assert.equal(successful.uuid, uuidOf(link));
    await page.locator('kyc-verify [part="continue-button"]:not([disabled])').waitFor();
    // Room for a second event, were there one.
    await sleep(2_000);
    assert.equal((await logged(page, 'kyc-successful')).length, 1);
    await screenshot(page, `resume-${name}-ended`);
  });
}

describe('end to end: resume, one host', () => {
  let world: World;

  before(async () => {
    world = await startWorld();
  });
  after(() => world.close());

  it('a reload mid-flow shows the same transaction at the phone’s step, and its end once, for one create', TEST, async () => {
    const created = await reloadMidFlow(world, 'one-host', { reload: (page) => page.reload().then(() => undefined) });
    assert.equal(created, 1);
  });

  it('a reload after a success shows the success and Continue, not a new QR code', TEST, async () => {
    const page = await desktop(world);
    const created = await createdDuring(world, async () => {
      await openWidget(page, world);
      const mobile = await phone(world);
      await mobile.goto(await scanQr(page));
      await capture(mobile, ['002', 'selfie_ok']);
      await waitForLogged(page, 'kyc-successful');
      await page.reload();
      await page.locator('kyc-verify [part="continue-button"]:not([disabled])').waitFor();
    });
    assert.equal(created, 1);
    assert.equal(await page.locator('kyc-verify [part="qr"]').isVisible(), false);
    assert.equal(await page.locator('kyc-verify [part="retry-button"]').count(), 0);
    await screenshot(page, 'resume-reloaded-after-success');
  });

  it(
    'a reload after a failure shows the reason and Try again; Try again creates one new transaction and shows its QR code',
    TEST,
    async () => {
      const page = await desktop(world);
      let failedLink = '';
      const created = await createdDuring(world, async () => {
        await openWidget(page, world);
        failedLink = await scanQr(page);
        const mobile = await phone(world);
        await mobile.goto(failedLink);
        await capture(mobile, ['003', '003', '003']);
        await waitForLogged(page, 'kyc-failed');
        const failedLine = await statusLine(page);
        assert.match(failedLine, /^[^.]+\. \S/, 'the end and its reason');
        await page.reload();
        await page.locator('kyc-verify [part="retry-button"]').waitFor();
        assert.equal(await statusLine(page), failedLine, 'the same end and reason as before the reload');
      });
      assert.equal(created, 1);
      assert.equal(await page.locator('kyc-verify [part="qr"]').isVisible(), false);
      assert.ok(await page.locator('kyc-verify [part="reason"]').isVisible());
      await screenshot(page, 'resume-reloaded-after-failure');

      const createdByTryAgain = await createdDuring(world, async () => {
        await page.locator('kyc-verify [part="retry-button"]').click();
        await page.locator('kyc-verify [part="qr"]').waitFor();
      });
      assert.equal(createdByTryAgain, 1);
      assert.notEqual(uuidOf(await scanQr(page)), uuidOf(failedLink));
      await screenshot(page, 'resume-try-again');
    },
  );

  it('the demo page shows the verification under way again after a reload, with the options chosen', TEST, async () => {
    const page = await desktop(world);
    const created = await createdDuring(world, async () => {
      await startVerification(page, world.demo.url, { challenges: '2', lang: 'en' });
      const link = await scanQr(page);
      await page.reload();
      await page.locator('kyc-verify [part="qr"] path').waitFor();
      assert.equal(await scanQr(page), link);
    });
    assert.equal(created, 1);
    assert.deepEqual(
      [await page.inputValue('select[name=challenges]'), await page.inputValue('select[name=lang]')],
      ['2', 'en'],
      'the form shows the options of the verification under way',
    );
  });

  it('a second tab of the same visitor shows the same transaction', TEST, async () => {
    const first = await desktop(world);
    const created = await createdDuring(world, async () => {
      await openWidget(first, world);
      const second = await first.context().newPage();
      await openWidget(second, world);
      assert.equal(await scanQr(second), await scanQr(first));
    });
    assert.equal(created, 1);
  });
});

describe('end to end: resume, three hosts on Redis behind a round-robin balancer', () => {
  let redis: RedisServer;
  let world: World;

  before(async () => {
    redis = await startRedisServer();
    world = await startWorld({ redisUrl: redis.url, instances: 3 });
  });
  after(async () => {
    await world?.close();
    await redis?.stop();
  });

  it('a reload answered by another instance shows the same transaction, and its end once, for one create', TEST, async (t) => {
    const answeredBy: string[] = [];
    const isSessionAnswer = (response: Response) => new URL(response.url()).pathname === '/kyc/session';
    const created = await reloadMidFlow(world, 'fleet', {
      watch: (page) =>
        page.on('response', (response) => {
          if (isSessionAnswer(response)) answeredBy.push(response.headers()['x-kyc-instance'] ?? '');
        }),
      // Round-robin shares the instances among the session POSTs and the status requests: reload until another one answers.
      async reload(page) {
        do await Promise.all([page.waitForResponse(isSessionAnswer), page.reload()]);
        while (answeredBy.length < 6 && answeredBy.every((instance) => instance === answeredBy[0]));
      },
    });
    t.diagnostic(`session answers by: ${answeredBy.join(', ')}`);
    assert.equal(created, 1);
    assert.ok(new Set(answeredBy).size > 1, `the session answers came from ${answeredBy.join(', ')}`);
  });
});
