// <kyc-verify> in a Hono app on Node: a login of its own (a FAKE one), the page with the element,
// the kit mounted with Hono's context, the sandbox standing in for the KYC service, and onResult
// writing to the app's own "database". `npm install && npm start`, then open the URL it prints.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';
import { createKycClient, createKycKit } from 'kyc-verify/server';
import { startSandbox } from 'kyc-verify/sandbox';
import { page } from './page.js';

// The KYC service: the local sandbox, in this process. In production: the addresses and credentials given at onboarding.
const sandbox = await startSandbox();
const client = createKycClient({
  authUrl: sandbox.url,
  baseUrl: sandbox.url,
  credentialUrl: sandbox.url,
  clientId: 'sandbox-client',
  clientSecret: 'sandbox-secret',
});

// The app's "database": each verification's end, keyed on the transaction's uuid (a real app: a table).
const verifications = new Map();
let publicUrl = ''; // where the service reaches this server's webhook: known once it listens

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
  onResult: (result, { owner }) => {
    console.log(`onResult ${result.uuid} ${result.state} for ${owner}`);
    verifications.set(result.uuid, { user: owner, state: result.state, at: new Date().toISOString() });
  },
});

// FAKE LOGIN, for the example only: a signed cookie names a session this server keeps, whose user typed any name.
const cookieSecret = randomUUID();
const sessions = new Map();
const app = new Hono();
app.use(async (c, next) => {
  c.set('user', sessions.get(await getSignedCookie(c, cookieSecret, 'sid')));
  await next();
});

// POST /kyc/session, GET /kyc/session/{uuid} (the status), and the service's webhooks.
app.post('/kyc/session', (c) => kit.session(c.req.raw, { c }));
app.get('/kyc/session/:uuid', (c) => kit.session(c.req.raw, { c }));
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
    sessions.set(sid, { id: name, nin: '12.345.678-5' }); // a test identity of the sandbox
    await setSignedCookie(c, 'sid', sid, cookieSecret, { httpOnly: true, sameSite: 'Lax', path: '/' });
  }
  return c.redirect('/', 303);
});
app.post('/logout', async (c) => {
  sessions.delete(await getSignedCookie(c, cookieSecret, 'sid'));
  deleteCookie(c, 'sid', { path: '/' });
  return c.redirect('/', 303);
});

app.get('/', (c) => {
  const user = c.get('user');
  const records = user ? [...verifications].filter(([, record]) => record.user === user.id) : [];
  return c.html(page({ user: user?.id, records, sandboxUrl: sandbox.url }));
});

serve({ fetch: app.fetch, hostname: '127.0.0.1', port: Number(process.env.PORT ?? 0) }, ({ port }) => {
  publicUrl = `http://127.0.0.1:${port}`;
  console.log(`${publicUrl}  (the sandbox: ${sandbox.url})`);
});
