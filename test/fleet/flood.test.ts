/**
 * A flood of rotating forged owners on three instances (real processes on one Redis, behind the
 * round-robin balancer): the fleet holds one budget for each paid or costly thing, counted where it
 * costs (the sandbox's creations and reads, the sendLink recorder), and a legitimate user's
 * verification completes during and after it.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { delay, eventually, useRedisAndService, useFleet } from './harness.js';

const on = useRedisAndService();

/** Small budgets, so that a flood of a few seconds spends each. */
const BUDGETS = { createdPerMinute: 10, sendsPerMinute: 4, sendsPerDestinationPerHour: 2, readsPerSecond: 4, streamsPerProcess: 2 };
const FLOOD_OWNERS = 30;

describe('a flood of rotating forged owners on a fleet of three', () => {
  const fleet = useFleet(on.where, {
    count: 3,
    env: () => ({ BUDGETS: JSON.stringify(BUDGETS), SEND_COOLDOWN_MS: '0' }),
  });

  test('creations, sends, reads and streams stay within the budgets; the legitimate user completes; onError is told each budget once', async () => {
    const createsBefore = on.service.creates;
    const alice = await fleet().startSession('alice');

    // Each forged owner a new one; the first six share a destination (SMS pumping to one number), the others each their own.
    const owners = Array.from({ length: FLOOD_OWNERS }, (_, index) => `forged-${index}@${index < 6 ? 'victim' : `number-${index}`}`);
    const sessions = await Promise.all(owners.map((owner) => fleet().postSession(owner, 'new')));
    const created = await Promise.all(
      sessions.map(async (answer, index) =>
        answer.status === 201 ? { owner: owners[index]!, uuid: ((await answer.json()) as { uuid: string }).uuid } : null,
      ),
    );
    const forged = created.filter((session) => session !== null);
    assert.equal(forged.length, BUDGETS.createdPerMinute - 1, 'alice took one of the budget');
    assert.equal(on.service.creates - createsBefore, BUDGETS.createdPerMinute, 'billed at the sandbox: the budget, no more');
    assert.ok(sessions.filter((answer) => answer.status === 429).every((answer) => answer.headers.has('retry-after')));

    const sends = await Promise.all(
      forged.map(({ owner, uuid }) =>
        fetch(`${fleet().url}/kyc/status/${uuid}/send`, {
          method: 'POST',
          headers: { 'x-user': owner, 'kyc-verify-session': 'send' },
          body: JSON.stringify({ channel: 'email' }),
        }),
      ),
    );
    const sent = () => fleet().reports.filter((report) => report.event === 'sent');
    assert.ok(sends.filter((answer) => answer.status === 200).length <= BUDGETS.sendsPerMinute);
    assert.ok(sent().length <= BUDGETS.sendsPerMinute, `${sent().length} links sent`);
    assert.ok(sent().filter((report) => report.owner!.endsWith('@victim')).length <= BUDGETS.sendsPerDestinationPerHour);

    // Streams on each instance in turn (the balancer buffers whole answers), and polls, of every forged transaction for a few seconds, while alice's verification ends.
    const instanceUrls = fleet().instances.map((instance) => instance.url);
    const streams = await Promise.all(
      forged.map(({ owner, uuid }, index) =>
        fetch(`${instanceUrls[index % instanceUrls.length]}/kyc/status/${uuid}`, {
          headers: { accept: 'text/event-stream', 'x-user': owner },
        }),
      ),
    );
    assert.ok(streams.filter((answer) => answer.status === 200).length <= instanceUrls.length * BUDGETS.streamsPerProcess);
    assert.ok(streams.some((answer) => answer.status === 429));
    const readsBefore = on.service.reads.length;
    const floodStart = performance.now();
    await on.service.succeed(alice);
    while (performance.now() - floodStart < 4000) {
      await Promise.all(
        forged.map(({ owner, uuid }) =>
          fleet()
            .poll(uuid, owner)
            .then((answer) => answer.body?.cancel()),
        ),
      );
      await delay(200);
    }
    const floodSeconds = (performance.now() - floodStart) / 1000;
    const reads = on.service.reads.length - readsBefore;
    assert.ok(reads <= BUDGETS.readsPerSecond * (floodSeconds + 1), `${reads} provider reads in ${floodSeconds.toFixed(1)} s`);
    for (const answer of streams) await answer.body?.cancel();

    await eventually(
      () =>
        fleet()
          .results()
          .some((result) => result.uuid === alice),
      30_000,
      "alice's result, during the flood",
    );
    assert.equal(((await (await fleet().poll(alice)).json()) as { state: string }).state, 'successful', 'and after it');

    const told = fleet()
      .errors()
      .flatMap((report) => (report.budget ? [report.budget] : []));
    assert.deepEqual(told.sort(), [
      'createdPerMinute',
      'readsPerSecond',
      'sendsPerDestinationPerHour',
      'sendsPerMinute',
      'streamsPerProcess',
    ]);
  });
});
