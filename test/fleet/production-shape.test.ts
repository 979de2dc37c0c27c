/**
 * The production shape, end to end (CONTRIBUTING.md, test:fleet): https://shop.test behind
 * nginx (docs/fleet.md's upstream and location) with a certificate the test made, three shop instances on one Redis built from
 * docs/fleet.md's blocks ("Behind nginx", "What else a fleet shares": "Your app's login",
 * "Visitor ids", "The clock"; "Stopping an instance"), the handoff on as it is for any host that is
 * not loopback, real `<kyc-verify>` elements on a desktop and on phones. Then a rolling restart
 * while 20 verifications stream: no result lost or doubled, no 5xx reaching a page, every element
 * at its end without a reload.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { scanQr } from '../e2e/harness.js';
import { blocksUnder, moduleOf } from '../support/docs-modules.js';
import { ENDS, startWorld, type World } from './production/world.js';

const FLEET = 'docs/fleet.md';
// Generous: at load 20 the first walk took 15 s and the rolling restart 144 s. A verification that hangs still fails; a busy machine does not.
const TEST = { timeout: 240_000 };
const VERIFICATIONS = 20;

/** The module of the first `ts` block under `heading` of docs/fleet.md. */
const moduleUnder = async (heading: string, name: string) => moduleOf(name, (await blocksUnder(FLEET, heading))[0]!);

let world: World;
before(async () => {
  world = await startWorld({
    modules: {
      SESSIONS_MODULE: await moduleUnder("### Your app's login", 'fleet-sessions'),
      VISITORS_MODULE: await moduleUnder('### Visitor ids', 'fleet-visitor-ids'),
      CLOCK_MODULE: await moduleUnder('### The clock', 'clock-skew'),
      STOP_MODULE: await moduleUnder('## Stopping an instance', 'stop-on-sigterm'),
    },
    ...nginxFromDocs(await blocksUnder(FLEET, '## Behind nginx', 'nginx')),
  });
});
after(() => world?.close());

/** docs/fleet.md's nginx blocks: the `upstream` naming the instances, and the `location` passing requests to it. */
function nginxFromDocs(blocks: string[]) {
  const upstream = blocks.find((block) => block.startsWith('upstream '));
  const location = blocks.find((block) => block.startsWith('location '));
  assert.ok(upstream && location, `docs/fleet.md's "Behind nginx" shows an upstream and a location: ${blocks.join('\n')}`);
  return { nginxUpstream: upstream, nginxLocation: location };
}

/** Resolves once `page`'s element has dispatched an end; its type. */
async function ended(page: Page, timeout = 60_000): Promise<string> {
  await page
    .waitForFunction(
      (ends) => (window as unknown as { dispatched: { type: string }[] }).dispatched.some((event) => ends.includes(event.type)),
      ENDS,
      { timeout },
    )
    .catch(async (error: Error) => Promise.reject(await withEvents(page, error)));
  return (await world.dispatched(page)).find((event) => ENDS.includes(event.type))!.type;
}

/** The uuid of the transaction `page`'s element follows, once it has one. */
async function uuidOn(page: Page): Promise<string> {
  await page
    .waitForFunction(() =>
      (window as unknown as { dispatched: { detail: { uuid?: string } | null }[] }).dispatched.some((event) => event.detail?.uuid),
    )
    .catch(async (error: Error) => Promise.reject(await withEvents(page, error)));
  return (await world.dispatched(page)).find((event) => event.detail?.uuid)!.detail!.uuid!;
}

/** `error`, saying what the page's element dispatched until then. */
const withEvents = async (page: Page, error: Error) =>
  new Error(`${error.message.split('\n')[0]}; the element dispatched ${JSON.stringify(await world.dispatched(page))}`);

/** Ends each of `uuids` successful, as the person's phone would; a call that did not reach the service says why. */
const succeed = (uuids: string[]) =>
  Promise.all(
    uuids.map((uuid) =>
      world.service.succeed(uuid).catch((error: Error) => {
        throw new Error(
          `ending ${uuid} at the service: ${error.message} (${String((error.cause as Error | undefined)?.message ?? error.cause)})`,
        );
      }),
    ),
  );

const resultsOf = (uuid: string) => world.reports.filter((report) => report.event === 'result' && report.uuid === uuid);

describe('the production shape: https://shop.test behind nginx, three instances on Redis, the handoff on', () => {
  it('a logged-in desktop shows the QR code; a phone opens it; both reach the end, once', TEST, async () => {
    const desktop = await world.desktop('/login?user=alice');
    assert.equal(desktop.url(), `${world.url}/`, 'the login led to the shop');
    // The login is known to every instance: nginx sends each of these to the next one.
    const whoami = await desktop.evaluate(() => Promise.all([1, 2, 3, 4, 5, 6].map(async () => (await fetch('/me')).json())));
    assert.deepEqual(new Set(whoami.map((answer: { user: string }) => answer.user)), new Set(['alice']));
    assert.equal(new Set(whoami.map((answer: { instance: string }) => answer.instance)).size, 3, 'answered by all three instances');
    for (const report of world.reports.filter((report) => report.event === 'clock')) assert.ok(Number.isFinite(report.skewMs));

    await desktop.locator('kyc-verify [part="qr"] path').waitFor();
    const link = await scanQr(desktop);
    assert.match(link, new RegExp(`^${world.url}/kyc/go/[\\w-]+$`), 'the QR code carries the short link on the public URL');
    const uuid = await uuidOn(desktop);

    const phone = await world.phone();
    await phone.goto(link);
    assert.ok(phone.url().startsWith(`${world.serviceUrl}/transactions/`), phone.url());
    await desktop.locator('kyc-verify [part="status"]').getByText('Phone connected.', { exact: false }).waitFor();
    for (const step of ['Document OK', 'Selfie OK']) await phone.getByRole('button', { name: step, exact: true }).click();
    assert.equal(await ended(desktop), 'kyc-successful');
    await waitFor(() => resultsOf(uuid).length > 0, 'onResult');
    assert.deepEqual(
      resultsOf(uuid).map(({ state, owner }) => ({ state, owner })),
      [{ state: 'successful', owner: 'user:alice' }],
    );
  });

  it("a phone's own page: the button opens the verification, and the phone's element reaches the end", TEST, async () => {
    const page = await world.phone();
    const uuid = await uuidOn(page);
    const [verification] = await Promise.all([page.waitForEvent('popup'), page.locator('kyc-verify [part="button"]').click()]);
    await verification.waitForURL(`${world.serviceUrl}/transactions/**`);
    for (const step of ['Document OK', 'Selfie OK']) await verification.getByRole('button', { name: step, exact: true }).click();
    assert.equal(await ended(page), 'kyc-successful');
    await waitFor(() => resultsOf(uuid).length > 0, 'onResult');
    assert.equal(resultsOf(uuid).length, 1);
    assert.doesNotMatch(String(resultsOf(uuid)[0]!.owner), /^user:/, 'an anonymous visitor, by its signed id');
  });

  it(
    `a rolling restart while ${VERIFICATIONS} verifications stream: no result lost or doubled, no 5xx reaching a page, every element at its end without a reload`,
    { timeout: 480_000 },
    async (t) => {
      // Desktops and phones, each its own visitor, arriving a few at a time: four more once the last four have their
      // transactions (twenty pages loading at once would make a session's answer wait past the element's timeout on 2 cores).
      const pages: Page[] = [];
      const uuids: string[] = [];
      let reloads = 0;
      for (let index = 0; index < VERIFICATIONS; index += 4) {
        const arrived = await Promise.all([0, 1, 2, 3].map((offset) => ((index + offset) % 2 ? world.phone() : world.desktop())));
        for (const page of arrived) page.on('framenavigated', (frame) => void (frame === page.mainFrame() && reloads++));
        uuids.push(...(await Promise.all(arrived.map(uuidOn))));
        pages.push(...arrived);
      }
      await waitFor(async () => (await world.openStreams()).reduce((sum, open) => sum + open, 0) === VERIFICATIONS, 'every stream open');
      t.diagnostic(`streams per instance before: ${(await world.openStreams()).join(', ')}`);
      // Half of them under way: the document read.
      await Promise.all(uuids.slice(0, VERIFICATIONS / 2).map((uuid) => world.service.outcome(uuid, '002')));

      // Each instance in turn: a third of the verifications end as it stops (their webhooks, results and streams meet it going down).
      const exits: number[] = [];
      const third = Math.floor(VERIFICATIONS / 3);
      for (let index = 0; index < world.instances.length; index++) {
        const [exit] = await Promise.all([world.restart(index), succeed(uuids.slice(index * third, (index + 1) * third))]);
        exits.push(exit);
      }
      await succeed(uuids.slice(3 * third));

      const ends = await Promise.all(pages.map((page) => ended(page, 90_000).catch(() => 'none')));
      await waitFor(() => uuids.every((uuid) => resultsOf(uuid).length > 0), 'every result', 60_000).catch(() => {});
      // Room for a result delivered twice to show: a sweep's period, and more.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const counts = {
        lost: uuids.filter((uuid) => resultsOf(uuid).length === 0).length,
        doubled: uuids.filter((uuid) => resultsOf(uuid).length > 1).length,
        fiveHundreds: world.fiveHundreds.length,
        finished: ends.filter((end) => end === 'kyc-successful').length,
        reloads,
        // Each instance refuses connections while it restarts: nginx must pass those requests on, never take the instance
        // for dead (with every instance set aside at once, nginx answers everything 502: docs/fleet.md, "Behind nginx").
        setAside: (await world.nginx.setAside()).length,
      };
      const passedOn = (await world.nginx.accessLog()).filter((line) => line.split(' ').slice(3).join(' ').includes(',')).length;
      const summary =
        `rolling restart, ${VERIFICATIONS} verifications: lost ${counts.lost}, doubled ${counts.doubled}, 5xx seen ${counts.fiveHundreds}, ` +
        `elements finished ${counts.finished}/${VERIFICATIONS}, reloads ${counts.reloads}; instances exited ${exits.join(', ')} ms after SIGTERM; ` +
        `nginx passed ${passedOn} requests on to the next instance and set an instance aside ${counts.setAside} times; ` +
        `streams per instance after: ${(await world.openStreams()).join(', ')}`;
      t.diagnostic(summary);
      console.log(summary);
      // What went wrong, if anything: the instances' onError, nginx's lines of the 5xx it answered and of each instance it set aside.
      for (const report of world.reports.filter((report) => report.event === 'error'))
        t.diagnostic(`onError of ${report.instance} (${report.handler}): ${report.message}`);
      for (const line of (await world.nginx.accessLog()).filter((line) => line.startsWith('5'))) t.diagnostic(`nginx: ${line}`);
      for (const line of await world.nginx.setAside()) t.diagnostic(`nginx: ${line}`);
      assert.deepEqual(world.fiveHundreds, []);
      assert.deepEqual(counts, { lost: 0, doubled: 0, fiveHundreds: 0, finished: VERIFICATIONS, reloads: 0, setAside: 0 });
    },
  );
});

/** Polls `condition` until it holds, or fails after `limitMs`. */
async function waitFor(condition: () => boolean | Promise<boolean>, what: string, limitMs = 30_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${limitMs / 1000} s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
