// <kyc-verify> in an Express app: a login of its own (a FAKE one), the page with the element, the
// kit mounted behind express-session, the sandbox standing in for the KYC service, and onResult
// writing to the app's own "database". `npm install && npm start`, then open the URL it prints.
// Deployed as it is, from the environment: PUBLIC_URL (where browsers, phones and the service reach
// it), CLIENT_ADDRESS (how its proxy tells the client's address), and with REDIS_URL a fleet.
import { randomBytes } from 'node:crypto';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RedisStore as SessionStore } from 'connect-redis';
import express from 'express';
import session from 'express-session';
import { Redis } from 'ioredis';
import { clientAddressFrom, createKycClient, createKycKit, fetchRequestOf, toNodeHandler } from 'kyc-verify/server';
import { RedisStore } from 'kyc-verify/server/redis';
import { startSandbox } from 'kyc-verify/sandbox';
import { renderKycVerify } from 'kyc-verify/ssr';
import { renderPage } from './page.js';

const env = process.env;
// One Redis for a fleet: the kit's store, the logins and the records, which every instance shares.
const redis = env.REDIS_URL ? new Redis(env.REDIS_URL) : undefined;
// Secrets from the environment, the same on every instance; alone on this machine, one made at start will do.
const sessionSecret = env.SESSION_SECRET ?? (redis ? missing('SESSION_SECRET') : randomBytes(32).toString('hex'));

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
const verifications = redis ? redisTable(redis, 'example-express:verifications') : new Map();
const port = Number(env.PORT ?? 0);
let publicUrl = env.PUBLIC_URL?.replace(/\/+$/, ''); // where browsers, phones and the service reach this app

const kit = createKycKit({
  client,
  store: redis && new RedisStore({ client: redis, prefix: '{kyc-verify-example}:' }),
  // The logged-in user, from express-session: toNodeHandler gives the kit's hooks the Node request.
  owner: (request, { req }) => req.session.user?.id,
  // Everything from the server's session, nothing from the browser; transaction_id is generated.
  buildRequest: (request, { req }) => ({
    company_id: 'sandbox-company',
    authorization_method: 'kyc_register',
    user_id: req.session.user.id,
    webhook: `${publicUrl}/kyc/webhook`,
    metadata: { nin: req.session.user.nin },
  }),
  // Once per transaction's end (again only if the process dies inside it): keyed on its uuid, so a repeat changes nothing.
  onResult: async (result, { owner }) => {
    console.log(`onResult ${result.uuid} ${result.state} for ${owner}`);
    await verifications.set(result.uuid, { user: owner, state: result.state, at: new Date().toISOString() });
  },
  // Where browsers and phones reach the app: the short link in the QR code and the typed code are built on it (`kit.go` below).
  publicUrl: env.PUBLIC_URL,
  // How the proxy in front tells the client's address: the per-address budgets count by it.
  clientAddress: clientAddressFrom.setting(env.CLIENT_ADDRESS),
});

const app = express();
app.use(
  session({
    store: redis && new SessionStore({ client: redis, prefix: 'example-express:session:' }),
    secret: sessionSecret,
    resave: false,
    saveUninitialized: false,
    // Secure on an https public URL, behind the proxy that ends TLS (its X-Forwarded-Proto says https).
    cookie: { httpOnly: true, sameSite: 'lax', secure: Boolean(publicUrl?.startsWith('https:')) },
    proxy: true,
  }),
);
// The kit after the login it reads, before any body parser: POST /kyc/session, GET /kyc/session/{uuid} (the status),
// the short link and the typed code's page (GET /kyc/go/{code}, GET and POST /kyc/go), and the service's webhooks.
app.use('/kyc/session', toNodeHandler(kit.session));
app.use('/kyc/go', toNodeHandler(kit.go));
app.post('/kyc/webhook', toNodeHandler(kit.webhook));

// The element's bundle and the files it loads from beside it, from the installed package.
const bundleFolder = dirname(fileURLToPath(import.meta.resolve('kyc-verify/bundle')));
app.get('/assets/:file', (req, res, next) =>
  /^kyc-verify\.[\w.-]+\.js$/.test(req.params.file) ? res.sendFile(req.params.file, { root: bundleFolder }) : next(),
);

// FAKE LOGIN, for the example only: whoever types a name is that user, with no password.
app.post('/login', express.urlencoded({ extended: false }), (req, res) => {
  const name = String(req.body.name ?? '').trim();
  if (!name) return res.redirect('/');
  req.session.regenerate(() => {
    req.session.user = { id: name, nin: '12.345.678-5' }; // a test identity of the sandbox
    res.redirect('/');
  });
});
app.post('/logout', (req, res) => req.session.destroy(() => res.redirect('/')));

app.get('/', async (req, res) => {
  const user = req.session.user;
  const records = user ? [...(await verifications.entries())].filter(([, record]) => record.user === user.id) : [];
  // The user's verification prepared while the page renders, the element drawn into its HTML: the link paints with the
  // page, before the bundle and without it. Whatever prepare refuses (a prefetch, another site's request), the plain element.
  const element =
    user && renderKycVerify(await kit.prepare(fetchRequestOf(req), { sessionUrl: '/kyc/session', context: { req, res } }), { lang: 'en' });
  // A prepared page names the person's transaction: never kept by a shared cache.
  res.set('cache-control', 'private, no-store');
  res.type('html').send(renderPage({ user: user?.id, element, records, sandboxUrl: kycUrl }));
});

const server = app.listen(port, env.HOST ?? '127.0.0.1', () => {
  publicUrl ??= `http://127.0.0.1:${server.address().port}`;
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
