import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { sandboxForTests } from './helpers.js';

const sandbox = await sandboxForTests();
const token = await sandbox.token();

/** The timer's text and data attributes, as the server wrote them. */
async function timerOf(uuid: string, query = '?lang=en') {
  const { body } = await sandbox.page(uuid, query);
  const match = /<span class="timer" role="timer"([^>]*)>([^<]*)<\/span>/.exec(body);
  if (!match) return null;
  const data = Object.fromEntries([...match[1]!.matchAll(/data-([a-z-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value]));
  return {
    text: match[2],
    data,
    label: /(Time for your ID card|Time for your selfie|Time for the liveness check|Session time):\s*<span class="timer"/.exec(body)?.[1],
  };
}

test("the capture timer shows the time left of the current step as m:ss, named as the step's as the element does", async () => {
  const { uuid } = await sandbox.created(token, { metadata: { nin: '11.111.111-1', capture_document_expiration: 112 } });
  assert.deepEqual(await timerOf(uuid).then((timer) => [timer?.label, timer?.text]), ['Time for your ID card', '1:52']);
  await sandbox.advanceClock(60);
  assert.equal((await timerOf(uuid))?.text, '0:52');
});

test("the timer carries the server's time and the step's deadline, so the phone's clock does not decide", async () => {
  const offset = (await sandbox.request('GET', '/sandbox/clock')).body.offset_seconds * 1000;
  const { uuid } = await sandbox.created(token, { metadata: { nin: '11.111.111-1', capture_document_expiration: 90 } });
  const before = Date.now() + offset;
  const { data } = (await timerOf(uuid))!;
  const after = Date.now() + offset;
  const serverNow = Number(data['server-now']);
  assert.ok(serverNow >= before && serverNow <= after, `server-now ${serverNow} is the sandbox's time, ${before} to ${after}`);
  // The step starts as the page is read, and the page reads the clock again just after: the same or a later millisecond.
  const left = Number(data.deadline) - serverNow;
  assert.ok(left <= 90_000 && left > 89_000, `${left} ms left of a 90 s step`);
});

test('with timer on, the page shows the time spent as a stopwatch', async () => {
  const { uuid } = await sandbox.created(token, { metadata: { nin: '11.111.111-1', timer: true } });
  await sandbox.page(uuid);
  await sandbox.advanceClock(12);
  const timer = await timerOf(uuid);
  assert.deepEqual([timer?.label, timer?.text], ['Session time', '0:12']);
  assert.ok(timer?.data.started);
});

test('show_timer off hides the timer', async () => {
  const { uuid } = await sandbox.created(token, { metadata: { nin: '11.111.111-1', show_timer: false } });
  assert.equal(await timerOf(uuid), null);
});

test('opening the page starts the document capture timer', async () => {
  const local = await sandboxForTests();
  const created = await local.created(await local.token(), { metadata: { nin: '11.111.111-1', capture_document_expiration: 60 } });
  await local.page(created.uuid);
  await local.advanceClock(60);
  assert.equal((await local.get(await local.token(), created.uuid)).body.data.step, 'time_out');
  assert.match((await local.page(created.uuid, '?lang=en')).body, /A step was left unfinished for too long/);
});

test('a HEAD of the link (a previewer, a scanner) does not start the capture timer', async () => {
  const { uuid } = await sandbox.created(token, { metadata: { nin: '11.111.111-1', capture_document_expiration: 30 } });
  assert.equal((await sandbox.request('HEAD', `/transactions/${uuid}`)).status, 200);
  await sandbox.advanceClock(31);
  assert.equal((await sandbox.get(token, uuid)).body.data.active, true);
});

describe("in a phone's browser whose clock is decades off", () => {
  let browser: Browser;
  before(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  });
  after(() => browser.close());

  /** A phone page on the link of a new transaction, its clock set to 2001 and only moved by the test. */
  async function phoneOn(metadata: Record<string, unknown>): Promise<{ page: Page; uuid: string; violations: string[] }> {
    const { uuid, validator_url } = await sandbox.created(token, { metadata: { nin: '11.111.111-1', ...metadata } });
    const page = await browser.newPage({ locale: 'es-CL', viewport: { width: 390, height: 844 } });
    const violations: string[] = [];
    page.on('console', (message) => message.text().includes('Content Security Policy') && violations.push(message.text()));
    await page.clock.install({ time: new Date('2001-01-01T00:00:00Z') });
    await page.goto(validator_url);
    return { page, uuid, violations };
  }

  test('the timer counts down live, second by second, from what the server said', async () => {
    const { page } = await phoneOn({ capture_document_expiration: 90 });
    assert.equal(await page.getByRole('timer').textContent(), '1:30');
    await page.clock.runFor(5_000);
    assert.equal(await page.getByRole('timer').textContent(), '1:25');
  });

  test('the stopwatch (timer on) counts up live', async () => {
    const { page } = await phoneOn({ timer: true });
    assert.equal(await page.getByRole('timer').textContent(), '0:00');
    await page.clock.runFor(67_000);
    assert.equal(await page.getByRole('timer').textContent(), '1:07');
  });

  test('at zero the page reloads and shows that the step ran out of time', async () => {
    const { page, uuid } = await phoneOn({ capture_document_expiration: 60 });
    await sandbox.advanceClock(60);
    assert.equal((await sandbox.get(token, uuid)).body.data.step, 'time_out');
    await page.clock.runFor(60_000);
    await page.getByRole('status').filter({ hasText: 'Un paso quedó mucho rato sin completar' }).waitFor();
  });

  test("the page's script and styles run under its Content-Security-Policy", async () => {
    const { page, violations } = await phoneOn({});
    const notice = await page.locator('.notice').evaluate((element) => getComputedStyle(element).backgroundColor);
    assert.equal(notice, 'rgb(255, 247, 214)');
    assert.deepEqual(violations, []);
  });
});
