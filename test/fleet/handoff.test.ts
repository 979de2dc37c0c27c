/** The handoff on a fleet: a short link opened on one instance reaches the desktop's stream on another, through one Redis. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { TransactionStatus } from '../../src/server/index.js';
import { openStream } from '../server/sse-client.js';
import { eventually, useRedisAndService, UNREACHABLE_WEBHOOK, useFleet } from './harness.js';

/** What phones reach, as a balancer's name would be: each test sends the short link to the instance it chooses. */
const PUBLIC_GO_URL = 'https://shop.example/kyc/go';

const on = useRedisAndService();

describe('the handoff on a fleet', () => {
  const fleet = useFleet(on.where, {
    count: 3,
    env: () => ({ WEBHOOK_URL: UNREACHABLE_WEBHOOK, HANDOFF_URL: PUBLIC_GO_URL }),
  });

  test('opened on instance 2, the desktop streaming from instance 3 hears it; a second device, opened on every instance, is counted and told once', async () => {
    const [one, two, three] = fleet().instances;
    const session = (await (await fleet().postSession('alice', 'resume', one!.url)).json()) as { uuid: string; link: string };
    assert.ok(session.link.startsWith(`${PUBLIC_GO_URL}/`));
    const on = (instance: { url: string }) => session.link.replace('https://shop.example', instance.url);
    const stream = await openStream(`${three!.url}/kyc/status/${session.uuid}`, { 'x-user': 'alice' });
    try {
      assert.equal((JSON.parse((await stream.next('status')).data) as TransactionStatus).handoff, undefined);
      const first = await fetch(on(two!), { redirect: 'manual' });
      assert.equal(first.status, 303);
      assert.equal((JSON.parse((await stream.next('status')).data) as TransactionStatus).handoff?.devices, 1);
      // The first device again, on another instance: known by its cookie, fleet-wide.
      assert.equal(
        (await fetch(on(one!), { redirect: 'manual', headers: { cookie: first.headers.get('set-cookie')!.split(';')[0]! } })).status,
        303,
      );
      const second = await fetch(on(one!), { redirect: 'manual' });
      const cookie = second.headers.get('set-cookie')!.split(';')[0]!;
      for (const instance of [two!, three!])
        assert.equal((await fetch(on(instance), { redirect: 'manual', headers: { cookie } })).status, 303);
      assert.equal((JSON.parse((await stream.next('status')).data) as TransactionStatus).handoff?.devices, 2);
      const told = () => fleet().reports.filter((report) => report.event === 'handoff' && report.uuid === session.uuid);
      await eventually(() => told().length >= 2, 5_000, 'onHandoff told twice');
      assert.deepEqual(
        told().map(({ kind, devices }) => `${kind}:${devices}`),
        ['opened:1', 'other_device:2'],
      );
    } finally {
      stream.close();
    }
  });

  test('opened on instance 1, the next poll on instance 2 answers it, although instance 2 had just read the status (near cache)', async () => {
    const [one, two] = fleet().instances;
    const session = (await (await fleet().postSession('bob', 'resume', one!.url)).json()) as { uuid: string; link: string };
    const poll = async () =>
      (await (await fetch(`${two!.url}/kyc/status/${session.uuid}`, { headers: { 'x-user': 'bob' } })).json()) as TransactionStatus;
    // Read twice: the second answer comes from instance 2's near cache, the status being under a second old.
    assert.equal((await poll()).handoff, undefined);
    assert.equal((await poll()).handoff, undefined);
    assert.equal((await fetch(session.link.replace('https://shop.example', one!.url), { redirect: 'manual' })).status, 303);
    // The write's message reached instance 2 before this poll could: no waiting out the cache.
    assert.equal((await poll()).handoff?.devices, 1);
  });
});
