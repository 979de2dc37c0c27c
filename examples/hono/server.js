// <kyc-verify> in a Hono app on Node: a login of its own (a FAKE one), the page with the element,
// the kit mounted with Hono's context, the sandbox standing in for the KYC service, and onResult
// writing to the app's own "database". `npm install && npm start`, then open the URL it prints.
// Deployed as it is, from the environment: PUBLIC_URL (where browsers, phones and the service reach
// it), CLIENT_ADDRESS (how its proxy tells the client's address), and with REDIS_URL a fleet.
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';
import { Redis } from 'ioredis';
import { clientAddressFrom, createKycClient, createKycKit } from 'kyc-verify/server';
import { RedisStore } from 'kyc-verify/server/redis';
import { startSandbox } from 'kyc-verify/sandbox';
import { renderKycVerify } from 'kyc-verify/ssr';
import { page } from './page.js';

const env = process.env;
// One Redis for a fleet: the kit's store, the logins and the records, which every instance shares.
const redis = env.REDIS_URL ? new Redis(env.REDIS_URL) : undefined;
// Secrets from the environment, the same on every instance; alone on this machine, one made at start will do.
const cookieSecret = env.SESSION_SECRET ?? (redis ? missing('SESSION_SECRET') : randomBytes(32).toString('hex'));

// The KYC service: KYC_URL (a fleet's instances share one), else the local sandbox in this process.
// In production: the addresses and credentials given at onboarding.
const sandbox = env.KYC_URL ? undefined : await startSandbox();
const kycUrl = env.KYC_URL ?? sandbox.url;
const client = createKycClient({
  authUrl: kycUrl,
  baseUrl: kycUrl,
  credentialUrl: kycUrl,
  clientId: 'sandbox-client',
  clientSecret: 'sandbox-secret',
});

// The app's "database": each verification's end, keyed on the transaction's uuid (a real app: a table).
const verifications = redis ? redisTable(redis, 'example-hono:verifications') : new Map();
let publicUrl = env.PUBLIC_URL?.replace(/\/+$/, ''); // where browsers, phones and the service reach this app

const kit = createKycKit({
  client,
  // The logged-in user, as the login middleware below set it on Hono's context, which each mount passes as { c }.
  owner: (request, { c }) => c.get('user')?.id,
  // Everything from the server's session, nothing from the browser; transaction_id is generated.
  buildRequest: (request, { c }) => ({
    company_id: 'sandbox-company',
    authorization_method: 'kyc_register',
    user_id: c.get('user').id,
    webhook: `${publicUrl}/kyc/webhook`,
    metadata: { nin: c.get('user').nin },
  }),
  // Once per transaction's end (again only if the process dies inside it): keyed on its uuid, so a repeat changes nothing.
  onResult: async (result, { owner }) => {
    console.log(`onResult ${result.uuid} ${result.state} for ${owner}`);
    await verifications.set(result.uuid, { user: owner, state: result.state, at: new Date().toISOString() });
  },
  store: redis && new RedisStore({ client: redis, prefix: '{kyc-verify-example}:' }),
  // Where browsers and phones reach the app: the short link in the QR code and the typed code are built on it (`kit.go` below).
  publicUrl: env.PUBLIC_URL,
  // How the proxy in front tells the client's address: the per-address budgets count by it.
  clientAddress: clientAddressFrom.setting(env.CLIENT_ADDRESS),
});

// FAKE LOGIN, for the example only: a signed cookie names a session this server keeps (in Redis on a fleet), whose user typed any name.
const sessions = redis ? redisSessions(redis, 'example-hono:session:') : new Map();
const app = new Hono();
app.use(async (c, next) => {
  const sid = await getSignedCookie(c, cookieSecret, 'sid');
  c.set('user', sid ? await sessions.get(sid) : undefined);
  await next();
});

// POST /kyc/session, GET /kyc/session/{uuid} (the status), the short link and the typed code's page
// (GET /kyc/go/{code}, GET and POST /kyc/go), and the service's webhooks.
app.post('/kyc/session', (c) => kit.session(c.req.raw, { c }));
app.get('/kyc/session/:uuid', (c) => kit.session(c.req.raw, { c }));
app.on(['GET', 'POST'], ['/kyc/go', '/kyc/go/:token'], (c) => kit.go(c.req.raw, { c }));
app.post('/kyc/webhook', (c) => kit.webhook(c.req.raw, { c }));

// The element's bundle and the files it loads from beside it, from the installed package.
const bundleFolder = new URL('.', import.meta.resolve('kyc-verify/bundle'));
app.get('/assets/:file{kyc-verify\\.[\\w.-]+\\.js}', async (c) => {
  const file = await readFile(new URL(c.req.param('file'), bundleFolder)).catch(() => null);
  return file ? c.body(file, 200, { 'content-type': 'text/javascript' }) : c.notFound();
});

app.post('/login', async (c) => {
  const name = String((await c.req.parseBody()).name ?? '').trim();
  if (name) {
    const sid = randomUUID();
    await sessions.set(sid, { id: name, nin: '12.345.678-5' }); // a test identity of the sandbox
    await setSignedCookie(c, 'sid', sid, cookieSecret, {
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      secure: publicUrl?.startsWith('https:'),
    });
  }
  return c.redirect('/', 303);
});
app.post('/logout', async (c) => {
  await sessions.delete(await getSignedCookie(c, cookieSecret, 'sid'));
  deleteCookie(c, 'sid', { path: '/' });
  return c.redirect('/', 303);
});

app.get('/', async (c) => {
  const user = c.get('user');
  const records = user ? [...(await verifications.entries())].filter(([, record]) => record.user === user.id) : [];
  // The user's verification prepared while the page renders, the element drawn into its HTML: the link paints with the
  // page, before the bundle and without it. Whatever prepare refuses (a prefetch, another site's request), the plain element.
  const element = user && renderKycVerify(await kit.prepare(c.req.raw, { sessionUrl: '/kyc/session', context: { c } }), { lang: 'en' });
  // A prepared page names the person's transaction: never kept by a shared cache.
  c.header('cache-control', 'private, no-store');
  return c.html(page({ user: user?.id, element, records, sandboxUrl: kycUrl }));
});

serve({ fetch: app.fetch, hostname: env.HOST ?? '127.0.0.1', port: Number(env.PORT ?? 0) }, ({ port }) => {
  publicUrl ??= `http://127.0.0.1:${port}`;
  console.log(`${publicUrl}  (the KYC service: ${kycUrl})`);
});

function missing(name) {
  throw new Error(`${name} is needed with REDIS_URL: every instance of a fleet must share it`);
}

/** A Map-like table in a Redis hash (values as JSON), for what every instance of a fleet must see. */
function redisTable(redis, key) {
  return {
    set: (field, value) => redis.hset(key, field, JSON.stringify(value)),
    entries: async () => Object.entries(await redis.hgetall(key)).map(([field, value]) => [field, JSON.parse(value)]),
  };
}

/** The login's sessions in Redis, each for a day: get, set and delete, as the Map the app uses alone. */
function redisSessions(redis, prefix) {
  return {
    get: async (sid) => JSON.parse((await redis.get(prefix + sid)) ?? 'null') ?? undefined,
    set: (sid, user) => redis.set(prefix + sid, JSON.stringify(user), 'EX', 86_400),
    delete: (sid) => redis.del(prefix + sid),
  };
}
