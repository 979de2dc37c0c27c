/** The send limits on a fleet: three host instances as real processes on one Redis enforce one limit. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useRedisAndService, UNREACHABLE_WEBHOOK, useFleet as useFleetOn, type FleetOptions } from './harness.js';

const on = useRedisAndService();

/** A fleet of 3 with `env`, for one group of tests. */
const useFleet = (env: FleetOptions['env']) => useFleetOn(on.where, { count: 3, env });

/** POSTs a send of `uuid`'s link as `user` to `target` (an instance), as the element does. */
const send = (target: string, uuid: string, user: string) =>
  fetch(`${target}/kyc/status/${uuid}/send`, {
    method: 'POST',
    headers: { 'x-user': user, 'kyc-verify-session': 'send' },
    body: JSON.stringify({ channel: 'email' }),
  });
const errorOf = async (answer: Response) => ((await answer.json()) as { error: string }).error;

describe('send limits per transaction on a fleet', () => {
  const fleet = useFleet(() => ({ WEBHOOK_URL: UNREACHABLE_WEBHOOK, SEND_COOLDOWN_MS: '0' }));

  test('past 3 sends of a transaction, each from another instance, every instance answers 429 too_many_sends', async () => {
    const urls = fleet().instances.map((instance) => instance.url);
    const uuid = await fleet().startSession('carol');
    const statuses = [];
    for (const url of urls) statuses.push((await send(url, uuid, 'carol')).status);
    assert.deepEqual(statuses, [200, 200, 200]);
    for (const url of urls) {
      const refused = await send(url, uuid, 'carol');
      assert.equal(refused.status, 429);
      assert.equal(await errorOf(refused), 'too_many_sends');
      assert.ok(Number(refused.headers.get('retry-after')) > 60, 'for the rest of the transaction');
    }
    assert.equal(fleet().reports.filter((report) => report.event === 'sent' && report.uuid === uuid).length, 3);
  });
});

describe('the send cooldown and the per-owner limit on a fleet', () => {
  const fleet = useFleet(() => ({ WEBHOOK_URL: UNREACHABLE_WEBHOOK, SEND_PER_OWNER: '2' }));

  test('a resend within the cooldown answers 429 cooldown on every instance', async () => {
    const urls = fleet().instances.map((instance) => instance.url);
    const uuid = await fleet().startSession('dave');
    assert.equal((await send(urls[0]!, uuid, 'dave')).status, 200);
    for (const url of urls) {
      const refused = await send(url, uuid, 'dave');
      assert.equal(refused.status, 429);
      assert.equal(await errorOf(refused), 'cooldown');
      assert.ok(Number(refused.headers.get('retry-after')) >= 59);
    }
  });

  test("past the owner's limit, every instance answers 429 too_many_owner_sends; another owner still sends", async () => {
    const urls = fleet().instances.map((instance) => instance.url);
    const first = await fleet().startSession('erin');
    const second = await fleet()
      .postSession('erin', 'new', urls[1])
      .then(async (answer) => ((await answer.json()) as { uuid: string }).uuid);
    const third = await fleet()
      .postSession('erin', 'new', urls[2])
      .then(async (answer) => ((await answer.json()) as { uuid: string }).uuid);
    assert.equal((await send(urls[0]!, first, 'erin')).status, 200);
    assert.equal((await send(urls[1]!, second, 'erin')).status, 200);
    for (const url of urls) {
      const refused = await send(url, third, 'erin');
      assert.equal(refused.status, 429);
      assert.equal(await errorOf(refused), 'too_many_owner_sends');
    }
    assert.equal((await send(urls[2]!, await fleet().startSession('frank'), 'frank')).status, 200);
  });
});
