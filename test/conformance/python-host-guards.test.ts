// The Python reference host's protections (examples/python-host/README.md), each over real HTTP:
// python3 runs the host, the sandbox plays the service (behind a proxy that counts and holds reads).
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { useSandbox } from '../server/harness.js';
import { startPythonHost, type PythonHost } from './python-host.js';
import { startServiceProxy } from './service-proxy.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for `condition`, generously: a busy machine is slow, never wrong. */
async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}`);
    await sleep(50);
  }
}

/** A raw HTTP/1.1 request (fetch refuses the bad headers these tests send): the answer's status code. */
function rawStatus(url: string, head: string, body = ''): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(`${head}\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n${body}`));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0)));
  });
}

const sessionPost = (host: PythonHost, cookie: string, kind: 'resume' | 'new' = 'new') =>
  fetch(`${host.url}/kyc/session`, { method: 'POST', headers: { cookie, 'kyc-verify-session': kind } });

const statusGet = (host: PythonHost, cookie: string, uuid: string) => fetch(`${host.url}/kyc/status/${uuid}`, { headers: { cookie } });

const webhook = (host: PythonHost, uuid: string) =>
  fetch(`${host.url}/kyc/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uuid }) });

async function created(host: PythonHost, cookie: string): Promise<string> {
  const answer = await sessionPost(host, cookie);
  assert.equal(answer.status, 201, await answer.clone().text());
  return ((await answer.json()) as { uuid: string }).uuid;
}

describe('the Python reference host, protected', () => {
  const sandbox = useSandbox();
  const hosts: PythonHost[] = [];
  const start = async (options: string[] = [], kycUrl = sandbox.url) => {
    const host = await startPythonHost(kycUrl, options, sandbox.url);
    hosts.push(host);
    return host;
  };
  const proxies: { close(): Promise<void> }[] = [];
  /** A host whose service is the sandbox behind a proxy of the test's. */
  const startBehindProxy = async () => {
    const proxy = await startServiceProxy(sandbox.url);
    proxies.push(proxy);
    return { proxy, host: await start([], proxy.url) };
  };
  after(async () => {
    await Promise.all(hosts.map((host) => host.close()));
    await Promise.all(proxies.map((proxy) => proxy.close()));
  });

  /** Moves the sandbox's transaction to successful (document, then selfie). */
  const succeed = async (uuid: string) => {
    for (const code of ['002', '012']) {
      const moved = await fetch(`${sandbox.url}/sandbox/transactions/${uuid}/outcome`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      });
      assert.equal(moved.status, 200);
    }
  };

  it('says the address it listens on, and its --public-url apart', async () => {
    const host = await start(['--public-url', 'http://kyc-host.example']);
    assert.match(host.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    await until(() => host.lines().includes('public URL http://kyc-host.example'), 'the public URL line');
  });

  describe('the body', () => {
    let host: PythonHost;
    before(async () => (host = await start()));

    it('refuses a Content-Length that is negative, not a number, or given twice (400), one over 64 KiB (413), and a chunked body (411)', async () => {
      const post = (headers: string, body = '') =>
        rawStatus(host.url, `POST /kyc/webhook HTTP/1.1\r\nContent-Type: application/json\r\n${headers}`, body);
      // A webhook payload it would take with a right Content-Length.
      const payload = JSON.stringify({ uuid: crypto.randomUUID() });
      assert.equal(await post('Content-Length: -1', payload), 400);
      assert.equal(await post(`Content-Length: ${payload.length}x`, payload), 400);
      assert.equal(await post(`Content-Length: ${payload.length}\r\nContent-Length: ${payload.length + 1}`, payload), 400);
      assert.equal(await post('Content-Length: 65537'), 413);
      assert.equal(await post('Transfer-Encoding: chunked', `${payload.length.toString(16)}\r\n${payload}\r\n0\r\n\r\n`), 411);
      assert.equal(await post(`Content-Length: ${payload.length}`, payload), 204);
    });
  });

  it('takes the owner from the login cookie it signed: a forged or unsigned one is nobody (401), another user is a stranger (404)', async () => {
    const host = await start();
    const alice = await host.logIn('alice');
    const uuid = await created(host, alice);
    for (const forged of ['demo_login=alice', `${alice.slice(0, -4)}AAAA`, 'demo_login=mallory.x']) {
      assert.equal((await sessionPost(host, forged)).status, 401, forged);
      assert.equal((await statusGet(host, forged, uuid)).status, 404, forged);
    }
    assert.equal((await statusGet(host, await host.logIn('bob'), uuid)).status, 404);
    assert.equal((await statusGet(host, alice, uuid)).status, 200);
  });

  it('limits each user: pending at once (429 too_many_pending), and created per window (429 too_many_created), with Retry-After', async () => {
    const pendingLimited = await start(['--max-pending', '2']);
    const ana = await pendingLimited.logIn('ana');
    await created(pendingLimited, ana);
    await created(pendingLimited, ana);
    const third = await sessionPost(pendingLimited, ana);
    assert.equal(third.status, 429);
    assert.equal(((await third.json()) as { error: string }).error, 'too_many_pending');
    assert.ok(Number(third.headers.get('retry-after')) >= 1);
    assert.equal((await sessionPost(pendingLimited, await pendingLimited.logIn('eve'))).status, 201, 'another user is not limited');

    const createdLimited = await start(['--max-pending', '10', '--max-created', '3']);
    const leo = await createdLimited.logIn('leo');
    for (let count = 0; count < 3; count++) await created(createdLimited, leo);
    const fourth = await sessionPost(createdLimited, leo);
    assert.equal(fourth.status, 429);
    assert.equal(((await fourth.json()) as { error: string }).error, 'too_many_created');
    assert.ok(Number(fourth.headers.get('retry-after')) > 3000, 'until the hour of the first creation has passed');
  });

  it('reads the service at most once a second per uuid, whatever polls and webhooks come; none for a uuid it does not know', async () => {
    const { proxy, host } = await startBehindProxy();
    const cookie = await host.logIn('rita');
    const uuid = await created(host, cookie);
    const strangers = Array.from({ length: 10 }, () => crypto.randomUUID());
    await until(async () => {
      const answers = await Promise.all([
        ...Array.from({ length: 10 }, () => statusGet(host, cookie, uuid)),
        ...Array.from({ length: 10 }, () => webhook(host, uuid)),
        ...strangers.map((stranger) => webhook(host, stranger)),
      ]);
      assert.deepEqual(new Set(answers.map((answer) => answer.status)), new Set([200, 204]));
      return proxy.readsOf(uuid).length >= 4;
    }, 'four reads of the uuid');
    const reads = proxy.readsOf(uuid);
    const gaps = reads.slice(1).map((at, index) => at - reads[index]!);
    assert.ok(
      gaps.every((gap) => gap >= 999),
      `reads ${gaps.map((gap) => Math.round(gap)).join(', ')} ms apart`,
    );
    assert.deepEqual(
      strangers.flatMap((stranger) => proxy.readsOf(stranger)),
      [],
    );
  });

  it('holds no lock across a call to the service: while one read hangs, other users create and read, and webhooks are answered', async () => {
    const { proxy, host } = await startBehindProxy();
    const slowUser = await host.logIn('slow');
    const slow = await created(host, slowUser);
    const held = proxy.hold(slow);
    let settled = false;
    const slowRead = statusGet(host, slowUser, slow).finally(() => (settled = true));
    await until(() => held.arrived() === 1, 'the held read');
    const other = await host.logIn('quick');
    const uuid = await created(host, other);
    assert.equal((await statusGet(host, other, uuid)).status, 200);
    assert.equal((await webhook(host, slow)).status, 204);
    assert.equal(settled, false, 'the slow read is still held');
    held.release();
    assert.equal((await slowRead).status, 200);
  });

  it('keeps at most --max-records transactions: when all are live, 503 store_full with Retry-After; an ended one makes room', async () => {
    const host = await start(['--max-records', '2']);
    const [first, second, third] = await Promise.all(['m1', 'm2', 'm3'].map((user) => host.logIn(user)));
    const ended = await created(host, first!);
    await created(host, second!);
    const full = await sessionPost(host, third!);
    assert.equal(full.status, 503);
    assert.equal(((await full.json()) as { error: string }).error, 'store_full');
    assert.ok(Number(full.headers.get('retry-after')) >= 1);
    await succeed(ended);
    await until(async () => ((await (await statusGet(host, first!, ended)).json()) as { state: string }).state === 'successful', 'the end');
    await created(host, third!);
    assert.equal((await statusGet(host, first!, ended)).status, 404, 'the ended record made room');
  });

  it('serves at most --max-connections at once: while every slot is answering, the next connection is answered 503 at once, not queued', async () => {
    const proxy = await startServiceProxy(sandbox.url);
    proxies.push(proxy);
    const host = await start(['--max-connections', '2'], proxy.url);
    const user = await host.logIn('busy');
    const uuid = await created(host, user);
    const held = proxy.hold(uuid);
    // Two polls of a read the service holds: one waits on the service, the other on that read; both slots answering.
    const polls = [statusGet(host, user, uuid), statusGet(host, user, uuid)];
    await until(() => host.accessLog().filter((line) => line.includes(`/kyc/status/`)).length === 2, 'both polls in the host');
    assert.equal(await rawStatus(host.url, 'GET /login HTTP/1.1'), 503);
    held.release();
    assert.deepEqual(await Promise.all(polls.map(async (poll) => (await poll).status)), [200, 200]);
    await until(async () => (await rawStatus(host.url, 'GET /login HTTP/1.1')) === 200, 'a slot again');
  });

  it('holds off a slowloris: 64 connections sending a byte a second hold no visitor out, and each is cut off at --request-seconds', async () => {
    const host = await start(['--request-seconds', '3']);
    const { hostname, port } = new URL(host.url);
    // Each sends a request line, then one byte of a header a second: every byte within a read's timeout, the request never whole.
    const slow = await Promise.all(
      Array.from(
        { length: 64 },
        () =>
          new Promise<{ socket: Socket; closed: Promise<string> }>((resolve) => {
            const socket = connect(Number(port), hostname, () => resolve({ socket, closed }));
            let answer = '';
            socket.on('data', (chunk) => (answer += chunk));
            socket.on('error', () => {});
            const closed = new Promise<string>((done) => socket.once('close', () => done(answer)));
            socket.write('GET /login HTTP/1.1\r\nHost: slow\r\nX-Slow: ');
          }),
      ),
    );
    const trickle = setInterval(() => slow.forEach(({ socket }) => socket.writable && socket.write('a')), 1000);
    try {
      // Visitors while the slow connections hold every slot (64 by default): each is served, none answered 503.
      const visits: number[] = [];
      for (let visit = 0; visit < 8; visit++) {
        visits.push(await rawStatus(host.url, 'GET /login HTTP/1.1'));
        await sleep(250);
      }
      assert.deepEqual(visits, Array(8).fill(200));
      // The others are cut off by the host once their whole request has taken 3 s, though each byte came within a second.
      const answers: string[] = [];
      for (const { closed } of slow) void closed.then((answer) => answers.push(answer));
      await until(() => answers.length === 64, 'every slow connection cut off');
      assert.deepEqual(answers, Array(64).fill(''), 'no slow request was answered');
    } finally {
      clearInterval(trickle);
      for (const { socket } of slow) socket.destroy();
    }
  });
});
