/**
 * The kit inside the host's framework: what the mount passes as a handler's context (`{ req, res }`
 * under `toNodeHandler`, a framework's own context under a Fetch mount) reaches `owner`,
 * `buildRequest`, `sessions.key` and `sendLink`, so that they read the login the host's middleware
 * established; what the browser sends is trusted no more than before.
 */
import assert from 'node:assert/strict';
import { serve, type ServerType } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, test } from 'node:test';
import { createKycKit, toNodeHandler, type NodeContext, type RequestContext } from '../../src/server/index.js';
import { createRequestWithoutId, sandboxClient, sessionHeader, useSandbox } from './harness.js';

const sandbox = useSandbox();
let closeServer: () => Promise<void> = async () => {};
let closeKit = () => {};
afterEach(async () => {
  closeKit();
  await closeServer();
});

interface User {
  id: string;
  email: string;
}
/** The host's users, and its login sessions: a cookie `sid` names a session the server keeps. */
const USERS: Record<string, User> = { alice: { id: 'alice', email: 'alice@mail.example' }, bob: { id: 'bob', email: 'bob@mail.example' } };
const SESSIONS = new Map([
  ['sid-alice', USERS.alice!],
  ['sid-bob', USERS.bob!],
]);
const SEND = { 'sec-fetch-site': 'same-origin', 'kyc-verify-session': 'send', 'content-type': 'application/json' };

type LoggedIn = IncomingMessage & { user?: User };

/** What a login middleware (passport's session strategy) leaves on the Node request: `req.user`, from the server's session. */
function login(req: LoggedIn) {
  const sid = /(?:^|; )sid=([\w-]+)/.exec(req.headers.cookie ?? '')?.[1];
  req.user = sid ? SESSIONS.get(sid) : undefined;
}

async function listen(server: Server | ServerType): Promise<string> {
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', resolve)));
  closeServer = () => new Promise((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test("under toNodeHandler, owner, buildRequest, sessions.key and sendLink read the user the host's middleware put on req", async () => {
  const seen: { hook: string; user: string | undefined }[] = [];
  const sent: { to: string; link: string }[] = [];
  const see = (hook: string, { req }: NodeContext<LoggedIn>) => void seen.push({ hook, user: req.user?.id });
  const kit = createKycKit<NodeContext<LoggedIn>>({
    client: sandboxClient(sandbox.url),
    owner: (_request, context) => (see('owner', context), context.req.user?.id),
    buildRequest: (_request, context) => (see('buildRequest', context), createRequestWithoutId({ user_id: context.req.user!.id })),
    sessions: { key: (_request, context) => (see('key', context), 'signup') },
    sendLink: async ({ link, context }) => {
      see('sendLink', context);
      sent.push({ to: context.req.user!.email, link });
      return { to: 'a•••@mail.example' };
    },
    onResult: () => {},
    tuning: { sweepIntervalMs: 0 },
  });
  closeKit = kit.close;
  const session = toNodeHandler(kit.session);
  const url = await listen(
    createServer((req, res) => {
      login(req);
      if (req.url!.startsWith('/kyc/session')) session(req, res);
      else res.writeHead(404).end();
    }).listen(0, '127.0.0.1'),
  );
  const as = (sid: string) => ({ cookie: `sid=${sid}` });

  const created = await fetch(`${url}/kyc/session`, { method: 'POST', headers: { ...sessionHeader(), ...as('sid-alice') } });
  assert.equal(created.status, 201);
  const { uuid, link } = (await created.json()) as { uuid: string; link: string };
  assert.deepEqual(seen.splice(0), [
    { hook: 'owner', user: 'alice' },
    { hook: 'key', user: 'alice' },
    { hook: 'buildRequest', user: 'alice' },
  ]);
  assert.equal((await sandboxClient(sandbox.url).getTransaction(uuid)).user_id, 'alice');

  assert.equal((await fetch(`${url}/kyc/session/${uuid}`, { headers: as('sid-alice') })).status, 200);
  assert.equal((await fetch(`${url}/kyc/session/${uuid}`, { headers: as('sid-bob') })).status, 404, "another user's login");
  const send = await fetch(`${url}/kyc/session/${uuid}/send`, {
    method: 'POST',
    headers: { ...SEND, ...as('sid-alice') },
    body: JSON.stringify({ channel: 'email' }),
  });
  assert.equal(send.status, 200);
  assert.deepEqual(sent, [{ to: 'alice@mail.example', link }]);
  assert.deepEqual(seen.splice(0), [
    { hook: 'owner', user: 'alice' },
    { hook: 'owner', user: 'bob' },
    { hook: 'owner', user: 'alice' },
    { hook: 'sendLink', user: 'alice' },
  ]);
});

test('what the browser sends stands for no login: without the server-side session the session POST answers 401 and creates nothing', async () => {
  const client = sandboxClient(sandbox.url);
  let built = 0;
  const kit = createKycKit<NodeContext<LoggedIn>>({
    client,
    owner: (_request, { req }) => req.user?.id,
    buildRequest: () => (built++, createRequestWithoutId()),
    onResult: () => {},
    tuning: { sweepIntervalMs: 0 },
  });
  closeKit = kit.close;
  const session = toNodeHandler(kit.session);
  const url = await listen(
    createServer((req, res) => {
      login(req);
      session(req, res);
    }).listen(0, '127.0.0.1'),
  );
  const forgeries: Record<string, string>[] = [{ cookie: 'sid=alice' }, { cookie: 'user=alice' }, { 'x-user': 'alice' }];
  for (const forged of forgeries) {
    const response = await fetch(`${url}/kyc/session`, { method: 'POST', headers: { ...sessionHeader(), ...forged } });
    assert.equal(response.status, 401, JSON.stringify(forged));
  }
  assert.equal(built, 0);
});

test("a Fetch mount hands on a context of its own: Hono's c, with what its middleware set", async () => {
  type HonoContext = RequestContext & { c: Context<{ Variables: { user: User | undefined } }> };
  const owners: (string | undefined)[] = [];
  const kit = createKycKit<HonoContext>({
    client: sandboxClient(sandbox.url),
    owner: (_request, { c }) => {
      owners.push(c.get('user')?.id);
      return c.get('user')?.id;
    },
    buildRequest: (_request, { c }) => createRequestWithoutId({ user_id: c.get('user')!.id }),
    onResult: () => {},
    tuning: { sweepIntervalMs: 0 },
  });
  closeKit = kit.close;
  const app = new Hono<{ Variables: { user: User | undefined } }>();
  app.use(async (c, next) => {
    c.set('user', SESSIONS.get(/(?:^|; )sid=([\w-]+)/.exec(c.req.header('cookie') ?? '')?.[1] ?? ''));
    await next();
  });
  app.all('/kyc/session/*', (c) => kit.session(c.req.raw, { c }));
  app.post('/kyc/session', (c) => kit.session(c.req.raw, { c }));
  const url = await listen(serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }));

  const created = await fetch(`${url}/kyc/session`, { method: 'POST', headers: { ...sessionHeader(), cookie: 'sid=sid-bob' } });
  assert.equal(created.status, 201);
  const { uuid } = (await created.json()) as { uuid: string };
  assert.equal((await sandboxClient(sandbox.url).getTransaction(uuid)).user_id, 'bob');
  assert.equal((await fetch(`${url}/kyc/session/${uuid}`, { headers: { cookie: 'sid=sid-alice' } })).status, 404);
  assert.deepEqual(owners, ['bob', 'alice']);
});

test('a mount that passes nothing gives the hooks an empty context', async () => {
  const contexts: unknown[] = [];
  const kit = createKycKit({
    client: sandboxClient(sandbox.url),
    owner: (_request, context) => (contexts.push(context), 'alice'),
    buildRequest: (_request, context) => (contexts.push(context), createRequestWithoutId()),
    onResult: () => {},
    tuning: { sweepIntervalMs: 0 },
  });
  closeKit = kit.close;
  const app = new Hono();
  app.post('/kyc/session', (c) => kit.session(c.req.raw));
  const url = await listen(serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }));
  assert.equal((await fetch(`${url}/kyc/session`, { method: 'POST', headers: sessionHeader() })).status, 201);
  assert.deepEqual(contexts, [{}, {}]);
});
