/**
 * The kit's guarantees on a fleet: host instances as real processes on one real Redis, behind a
 * round-robin balancer, with the sandbox as the service.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { openStream } from '../server/sse-client.js';
import {
  delay,
  eventually,
  mostReadsInWindow,
  useRedisAndService,
  UNREACHABLE_WEBHOOK as UNREACHABLE,
  useFleet as useFleetOn,
  type FleetOptions,
} from './harness.js';

const on = useRedisAndService();

const outcome = (uuid: string, code: '002') => on.service.outcome(uuid, code);
const succeed = (uuid: string) => on.service.succeed(uuid);
const stateOf = async (answer: Response) => ((await answer.json()) as { state: string }).state;

/** A fleet on this file's Redis and service, for one group of tests. */
const useFleet = (options: Omit<FleetOptions, 'redisUrl' | 'kycUrl'>) => useFleetOn(on.where, options);

describe('three instances on Redis behind a round-robin balancer', () => {
  const fleet = useFleet({ count: 3 });
  const uuids: string[] = [];
  const answers: number[] = [];
  /** One user per session: a user's second session would resume its first. */
  const userOf = (index: number) => `user-${index}`;

  before(async () => {
    for (let session = 0; session < 10; session++) uuids.push(await fleet().startSession(userOf(session)));
    // 300 polls over about three seconds, so that every uuid is read from the service several times.
    for (let round = 0; round < 30; round++) {
      const batch = await Promise.all(uuids.map((uuid, index) => fleet().poll(uuid, userOf(index))));
      answers.push(...batch.map((answer) => answer.status));
      await delay(100);
    }
  });

  test('every poll of 10 sessions is answered on whichever instance it lands: 300 polls, none 404', () => {
    assert.equal(answers.length, 300);
    assert.deepEqual(new Set(answers), new Set([200]));
  });

  test('another caller gets 404 on every instance, as on one', async () => {
    const strangers = await Promise.all([0, 1, 2].map(() => fleet().poll(uuids[0]!, 'mallory')));
    assert.deepEqual(
      strangers.map((answer) => answer.status),
      [404, 404, 404],
    );
  });

  test('no uuid is read from the service more than once in any second, fleet-wide', () => {
    const reads = on.service.reads.filter((read) => uuids.includes(read.uuid));
    assert.ok(reads.length >= 20, `the polls made the fleet read (${reads.length} reads)`);
    assert.equal(mostReadsInWindow(reads), 1);
  });

  test('the fleet asks for one access token, not one per instance', () => {
    assert.equal(on.service.tokenRequests, 1);
  });
});

describe('results on a fleet', () => {
  const fleet = useFleet({ count: 3 });

  test('60 transactions ended, every webhook delivered four times at once (the sandbox’s duplicate fault) over every instance: onResult exactly once each', async () => {
    const uuids = await Promise.all(Array.from({ length: 60 }, (_, index) => fleet().startSession(`user-${index}`)));
    const fault = await on.service.testing.faults.duplicate(4, { every: true });
    try {
      await Promise.all(uuids.map(succeed));
      await on.service.sandbox.webhooksSettled();
    } finally {
      await on.service.testing.faults.clear();
    }
    const deliveries = uuids.flatMap((uuid) => on.service.sandbox.webhookDeliveries(uuid));
    assert.ok(deliveries.length >= 4 * 60 && deliveries.every((delivery) => delivery.fault?.id === fault.id));
    // Spread by the balancer over the instances, each answered.
    assert.deepEqual(new Set(deliveries.map((delivery) => delivery.attempts.at(-1)?.status)), new Set([204]));
    await eventually(() => fleet().results().length >= 60, 30_000, 'a result for each transaction');
    // Time for any second call to show up.
    await delay(1500);
    const results = fleet().results();
    assert.equal(results.length, 60);
    assert.deepEqual(new Set(results.map((result) => result.uuid)), new Set(uuids));
    assert.ok(new Set(results.map((result) => result.pid)).size > 1, 'results ran on more than one instance');
  });
});

describe('a slow store on one instance', () => {
  // Instance 0's status write of each trial leaves only once the test lets it go: after another instance has written the
  // end, however loaded the machine. A store timeout longer than any hold. No webhooks: the polls below are the only reads,
  // and the trials' polls may bunch into one second: a read budget above the default 20 a second lets each read. The
  // 25 sessions start at once: on a busy machine a store call of either instance may take seconds, which is no failure here.
  const fleet = useFleet({
    count: 2,
    env: (index) => ({
      WEBHOOK_URL: UNREACHABLE,
      BUDGETS: JSON.stringify({ readsPerSecond: 1000 }),
      STORE_TIMEOUT_MS: '120000',
      ...(index === 0 && { HOLD_STATUS_WRITES: '1' }),
    }),
  });

  test('a late pending never overwrites an end (25 trials)', async () => {
    const control = (verb: 'hold' | 'release', uuid: string) =>
      fetch(`${fleet().instances[0]!.url}/test/${verb}/${uuid}`, { method: 'POST' }).then((answer) => assert.equal(answer.status, 204));
    const trials = await Promise.all(
      Array.from({ length: 25 }, async (_, trial) => {
        const [slow, fast] = fleet().instances.map((instance) => instance.url);
        const user = `user-${trial}`;
        const uuid = await fleet().startSession(user);
        // Past the read budget of the status the session stored.
        await delay(1200);
        await control('hold', uuid);
        const readsBefore = on.service.reads.filter((read) => read.uuid === uuid).length;
        const slowPoll = fetch(`${slow}/kyc/status/${uuid}`, { headers: { 'x-user': user } }).then(stateOf);
        await eventually(
          () => on.service.reads.filter((read) => read.uuid === uuid).length > readsBefore,
          30_000,
          'the slow instance read pending',
        );
        await succeed(uuid);
        // Past the slow instance's read lease: the fast one reads the end and writes it, then the pending read is written.
        await delay(1300);
        const fastState = await stateOf(await fetch(`${fast}/kyc/status/${uuid}`, { headers: { 'x-user': user } }));
        await control('release', uuid);
        const slowState = await slowPoll;
        const finalState = await stateOf(await fleet().poll(uuid, user));
        return { fastState, slowState, finalState };
      }),
    );
    assert.deepEqual(new Set(trials.map((trial) => trial.fastState)), new Set(['successful']), 'the end was written first');
    // The late write kept the end: the slow instance answers it, as does the next poll anywhere.
    assert.deepEqual(new Set(trials.map((trial) => trial.slowState)), new Set(['successful']));
    assert.deepEqual(new Set(trials.map((trial) => trial.finalState)), new Set(['successful']));
  });
});

describe('an instance killed inside onResult', () => {
  // Instance 0 hangs inside onResult; the webhooks go nowhere, so a poll on instance 0 finds the end.
  const fleet = useFleet({
    count: 3,
    env: (index) => ({ RESULT_LEASE_MS: '2000', WEBHOOK_URL: UNREACHABLE, ...(index === 0 && { HANG_IN_ON_RESULT: '1' }) }),
  });

  test('another instance runs onResult within the lease and a few seconds, and the widget still gets its status', async () => {
    const uuid = await fleet().startSession();
    await succeed(uuid);
    await delay(1200);
    const [doomed] = fleet().instances;
    assert.equal(await stateOf(await fetch(`${doomed!.url}/kyc/status/${uuid}`, { headers: { 'x-user': 'alice' } })), 'successful');
    await eventually(
      () => fleet().reports.some((report) => report.event === 'entered' && report.uuid === uuid),
      5000,
      'onResult began on instance 0',
    );
    await fleet().kill(doomed!);
    await eventually(
      () =>
        fleet()
          .results()
          .some((result) => result.uuid === uuid),
      2000 + 5000,
      'another instance ran onResult',
    );
    assert.notEqual(fleet().results()[0]!.pid, doomed!.process.pid);
    const answer = await fleet().poll(uuid);
    assert.equal(answer.status, 200);
    assert.equal(await stateOf(answer), 'successful');
  });
});

describe('Redis unreachable for 5 s', () => {
  const fleet = useFleet({ count: 2 });

  test('polls and sessions answer 503 with Retry-After, nothing is created meanwhile, nothing crashes, and after it nothing is lost', async () => {
    const uuid = await fleet().startSession();
    process.kill(on.redis.pid, 'SIGSTOP');
    let resumed = false;
    const resume = delay(5000).then(() => {
      process.kill(on.redis.pid, 'SIGCONT');
      resumed = true;
    });
    try {
      // The transaction ends while the store is away: its webhook cannot be recorded.
      await succeed(uuid);
      const poll = await fleet().poll(uuid);
      assert.equal(poll.status, 503);
      assert.equal(poll.headers.get('retry-after'), '1');
      const createdBefore = on.service.creates;
      for (const mode of ['resume', 'new'] as const) {
        const session = await fleet().postSession('alice', mode);
        assert.equal(session.status, 503);
        assert.equal(session.headers.get('retry-after'), '1');
      }
      // The session looks in the store before it creates: no transaction the store could not remember.
      assert.equal(on.service.creates, createdBefore);
    } finally {
      await resume;
    }
    assert.ok(resumed);
    assert.ok(
      fleet().instances.every((instance) => instance.process.exitCode === null),
      'every instance is still running',
    );
    let state = '';
    for (let attempt = 0; attempt < 20 && state !== 'successful'; attempt++) {
      const answer = await fleet().poll(uuid);
      if (answer.status === 200) state = await stateOf(answer);
      else await delay(250);
    }
    assert.equal(state, 'successful');
    await eventually(
      () =>
        fleet()
          .results()
          .some((result) => result.uuid === uuid),
      5000,
      'the result of the end missed during the outage',
    );
  });
});

describe('a store 300 ms slow on one instance', () => {
  // Instance 0's every store call reaches Redis 300 ms late and its answer comes back 300 ms late: it
  // learns that it holds a read lease 300 ms after Redis granted it, and its reads leave that late.
  const fleet = useFleet({ count: 2, env: (index) => (index === 0 ? { STORE_LATENCY_MS: '300' } : {}) });

  test('never gives two reads of a transaction under a second apart, as the service sees them (6 transactions, 10 s of streams, polls and step webhooks)', async () => {
    const users = Array.from({ length: 6 }, (_, index) => `slow-store-${index}`);
    const uuids = await Promise.all(users.map((user) => fleet().startSession(user)));
    const streams = await Promise.all(
      uuids.flatMap((uuid, index) =>
        fleet().instances.map((instance) => openStream(`${instance.url}/kyc/status/${uuid}`, { 'x-user': users[index]! })),
      ),
    );
    // A step each: its webhook, which each instance then takes again and again, asks for a read at once every time.
    await Promise.all(uuids.map((uuid) => outcome(uuid, '002')));
    const delivered = (uuid: string) => on.service.sandbox.webhookDeliveries(uuid).some((delivery) => delivery.state === 'delivered');
    await eventually(() => uuids.every(delivered), 10_000, "each step's webhook delivered");
    const steps = uuids.map((uuid) => JSON.stringify(on.service.sandbox.webhookDeliveries(uuid).at(-1)!.payload));
    // Rounds for 10 s, each 200 ms after the one before has been answered (the slow instance's take seconds). This
    // process times the reads as the service sees them: it stays mostly idle meanwhile, so that its own work does not
    // bunch their arrivals.
    try {
      for (let round = 0, until = Date.now() + 10_000; Date.now() < until; round++) {
        const instance = fleet().instances[round % 2]!;
        await Promise.all([
          ...uuids.map((uuid, index) => fleet().poll(uuid, users[index])),
          ...steps.map((body) =>
            fetch(`${instance.url}/kyc/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
          ),
        ]);
        await delay(200);
      }
    } finally {
      for (const stream of streams) stream.close();
    }
    const reads = on.service.reads.filter((read) => uuids.includes(read.uuid));
    assert.ok(reads.length >= 6 * 2, `the fleet read the transactions again and again (${reads.length} reads)`);
    assert.equal(mostReadsInWindow(reads), 1);
  });
});

describe('status streams on a fleet', () => {
  // The instances read a streamed transaction once a minute: a step can reach a stream only through a webhook.
  const fleet = useFleet({ count: 2, env: () => ({ STREAM_FOLLOW_MS: '60000' }) });

  test('a step announced by a webhook on one instance reaches a stream held by another, through Redis', async () => {
    const [streaming, receiving] = fleet().instances;
    const session = await fetch(`${receiving!.url}/kyc/session`, {
      method: 'POST',
      headers: { 'x-user': 'alice', 'kyc-verify-session': 'resume', 'x-webhook-url': `${receiving!.url}/kyc/webhook` },
    });
    const { uuid } = (await session.json()) as { uuid: string };
    const events = await openStream(`${streaming!.url}/kyc/status/${uuid}`, { 'x-user': 'alice' });
    assert.equal(JSON.parse((await events.next('status')).data).step, 'Session_start');
    await outcome(uuid, '002');
    assert.equal(JSON.parse((await events.next('status')).data).step, 'Capture_credential_Ok');
    events.close();
  });
});

describe('sessions on a fleet', () => {
  // Two pending transactions per owner at most; no webhooks, so nothing ends unless a test says.
  const fleet = useFleet({ count: 3, env: () => ({ WEBHOOK_URL: UNREACHABLE, MAX_PENDING: '2' }) });
  const session = async (answer: Response) => ({ status: answer.status, ...((await answer.json()) as { uuid?: string; error?: string }) });

  test('a resume answered by another instance gives the same uuid, and the service saw one create', async () => {
    const [first, second, third] = fleet().instances.map((instance) => instance.url);
    const createdBefore = on.service.creates;
    const created = await session(await fleet().postSession('resumer', 'resume', first));
    const resumed = await Promise.all([second, third].map(async (url) => session(await fleet().postSession('resumer', 'resume', url))));
    assert.equal(created.status, 201);
    assert.deepEqual(resumed, [
      { ...resumed[0], status: 200, uuid: created.uuid },
      { ...resumed[1], status: 200, uuid: created.uuid },
    ]);
    assert.equal(on.service.creates, createdBefore + 1);
  });

  test('twelve resumes of one owner at once, spread over the instances, create one transaction', async () => {
    const createdBefore = on.service.creates;
    const answers = await Promise.all(Array.from({ length: 12 }, async () => session(await fleet().postSession('eager'))));
    assert.equal(on.service.creates, createdBefore + 1);
    assert.deepEqual(
      answers.map((answer) => answer.status).filter((status) => status === 201),
      [201],
    );
    assert.equal(new Set(answers.map((answer) => answer.uuid)).size, 1);
  });

  test("the third pending transaction of one owner answers 429 on every instance; another owner's is created", async () => {
    const urls = fleet().instances.map((instance) => instance.url);
    for (const url of urls.slice(0, 2)) assert.equal((await fleet().postSession('busy', 'new', url)).status, 201);
    const refused = await Promise.all(urls.map((url) => fleet().postSession('busy', 'new', url)));
    for (const answer of refused) {
      assert.equal(answer.status, 429);
      assert.ok(Number(answer.headers.get('retry-after')) >= 1);
      assert.equal(((await answer.json()) as { error: string }).error, 'too_many_pending');
    }
    assert.equal((await fleet().postSession('other', 'new', urls[2])).status, 201);
  });
});

describe('creations per window on a fleet', () => {
  const fleet = useFleet({ count: 3, env: () => ({ WEBHOOK_URL: UNREACHABLE, MAX_PENDING: 'Infinity', MAX_CREATED: '4' }) });

  test('creations beyond the limit per window answer 429 with Retry-After on every instance', async () => {
    const createdBefore = on.service.creates;
    const urls = fleet().instances.map((instance) => instance.url);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) statuses.push((await fleet().postSession('hasty', 'new', urls[attempt % 3])).status);
    assert.deepEqual(statuses, [201, 201, 201, 201]);
    for (const url of urls) {
      const answer = await fleet().postSession('hasty', 'new', url);
      assert.equal(answer.status, 429);
      assert.equal(((await answer.json()) as { error: string }).error, 'too_many_created');
      const retryAfter = Number(answer.headers.get('retry-after'));
      assert.ok(retryAfter > 3500 && retryAfter <= 3600, `Retry-After ${retryAfter} s: the hour's window`);
    }
    assert.equal(on.service.creates, createdBefore + 4);
  });
});
