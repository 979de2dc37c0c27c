/**
 * The handoff on a fleet: a link opened on one instance reaches the desktop's stream on another,
 * through one Redis; devices at the same instant are each counted; guessing is bounded fleet-wide.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { TransactionStatus } from '../../src/server/index.js';
import { newCode } from '../../src/server/handoff/codes.js';
import { openStream } from '../server/sse-client.js';
import { browserFetch } from '../support/browser-fetch.js';
import { eventually, useRedisAndService, UNREACHABLE_WEBHOOK, useFleet } from './harness.js';

/** What phones reach, as a balancer's name would be: each test sends the link to the instance it chooses. */
const PUBLIC_GO_URL = 'https://shop.example/kyc/go';

const on = useRedisAndService();

/** A phone whose browser kept the kit's device cookie: counted on the request that brings it. */
const phoneCookie = () => `kyc_device=${crypto.randomUUID()}`;

describe('the handoff on a fleet', () => {
  const fleet = useFleet(on.where, {
    count: 3,
    env: () => ({ WEBHOOK_URL: UNREACHABLE_WEBHOOK, HANDOFF_URL: PUBLIC_GO_URL, MAX_PENDING: 'Infinity' }),
  });

  const sessionOf = async (owner: string, instance = 0) =>
    (await (await fleet().postSession(owner, 'resume', fleet().instances[instance]!.url)).json()) as {
      uuid: string;
      link: string;
      typed_code: { url: string; code: string };
    };
  const at = (instance: { url: string }, link: string) => link.replace('https://shop.example', instance.url);

  test('opened on instance 2, the desktop streaming from instance 3 hears it; a second device, opened on every instance, is counted and told once', async () => {
    const [one, two, three] = fleet().instances;
    const session = await sessionOf('alice');
    assert.ok(session.link.startsWith(`${PUBLIC_GO_URL}/`));
    const stream = await openStream(`${three!.url}/kyc/status/${session.uuid}`, { 'x-user': 'alice' });
    try {
      assert.equal((JSON.parse((await stream.next('status')).data) as TransactionStatus).handoff, undefined);
      // The first visit sets the device's cookie (instance 2), the browser comes back with it (instance 1).
      const first = await browserFetch(at(two!, session.link));
      const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
      assert.equal((await browserFetch(at(one!, first.headers.get('location')!), { headers: { cookie } })).status, 303);
      assert.equal((JSON.parse((await stream.next('status')).data) as TransactionStatus).handoff?.devices, 1);
      // The first device again, on another instance: known by its cookie, fleet-wide.
      assert.equal((await browserFetch(at(three!, session.link), { headers: { cookie } })).status, 303);
      const second = phoneCookie();
      for (const instance of [one!, two!, three!])
        assert.equal((await browserFetch(at(instance, session.link), { headers: { cookie: second } })).status, 303);
      assert.equal((JSON.parse((await stream.next('status')).data) as TransactionStatus).handoff?.devices, 2);
      const told = () => fleet().reports.filter((report) => report.event === 'handoff' && report.uuid === session.uuid);
      await eventually(() => told().length >= 2, 5_000, 'onHandoff told twice');
      assert.deepEqual(
        told().map(({ kind }) => kind),
        ['opened', 'other_device'],
      );
    } finally {
      stream.close();
    }
  });

  test('opened on instance 1, the next poll on instance 2 answers it, although instance 2 had just read the status (near cache)', async () => {
    const [one, two] = fleet().instances;
    const session = await sessionOf('bob');
    const poll = async () =>
      (await (await fetch(`${two!.url}/kyc/status/${session.uuid}`, { headers: { 'x-user': 'bob' } })).json()) as TransactionStatus;
    // Read twice: the second answer comes from instance 2's near cache, the status being under a second old.
    assert.equal((await poll()).handoff, undefined);
    assert.equal((await poll()).handoff, undefined);
    assert.equal((await browserFetch(at(one!, session.link), { headers: { cookie: phoneCookie() } })).status, 303);
    // The write's message reached instance 2 before this poll could: no waiting out the cache.
    assert.equal((await poll()).handoff?.devices, 1);
  });

  test('4 devices opening at once, one on each instance and one more, are counted as 4', async () => {
    const { instances } = fleet();
    const session = await sessionOf('carol');
    const answers = await Promise.all(
      [0, 1, 2, 0].map((instance) => browserFetch(at(instances[instance]!, session.link), { headers: { cookie: phoneCookie() } })),
    );
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [303, 303, 303, 303],
    );
    const status = (await (
      await fetch(`${instances[1]!.url}/kyc/status/${session.uuid}`, { headers: { 'x-user': 'carol' } })
    ).json()) as TransactionStatus;
    assert.equal(status.handoff?.devices, 4);
  });

  test('typed-code misses are bounded fleet-wide, whichever instance each guess reaches: 10 a minute at the defaults', async () => {
    const { instances } = fleet();
    const live = (await sessionOf('dave')).typed_code.code;
    const guesses = Array.from({ length: 60 }, newCode).filter((code) => code !== live);
    const statuses: number[] = [];
    for (const [index, code] of guesses.entries()) {
      const answer = await browserFetch(`${instances[index % 3]!.url}/kyc/go`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
        body: new URLSearchParams({ code }).toString(),
      });
      statuses.push(answer.status);
    }
    assert.equal(statuses.filter((status) => status === 400).length, 10);
    assert.equal(statuses.filter((status) => status === 429).length, guesses.length - 10);
  });
});
