// <kyc-verify> in an Express app: a login of its own (a FAKE one), the page with the element, the
// kit mounted behind express-session, the sandbox standing in for the KYC service, and onResult
// writing to the app's own "database". `npm install && npm start`, then open the URL it prints.
import { randomUUID } from 'node:crypto';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import session from 'express-session';
import { createKycClient, createKycKit, toNodeHandler } from 'kyc-verify/server';
import { startSandbox } from 'kyc-verify/sandbox';
import { renderPage } from './page.js';

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
  onResult: (result, { owner }) => {
    console.log(`onResult ${result.uuid} ${result.state} for ${owner}`);
    verifications.set(result.uuid, { user: owner, state: result.state, at: new Date().toISOString() });
  },
});

const app = express();
app.use(session({ secret: randomUUID(), resave: false, saveUninitialized: false, cookie: { httpOnly: true, sameSite: 'lax' } }));
// The kit after the login it reads, before any body parser: POST /kyc/session, GET /kyc/session/{uuid} (the status).
app.use('/kyc/session', toNodeHandler(kit.session));
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

app.get('/', (req, res) => {
  const user = req.session.user;
  const records = user ? [...verifications].filter(([, record]) => record.user === user.id) : [];
  res.type('html').send(renderPage({ user: user?.id, records, sandboxUrl: sandbox.url }));
});

const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  publicUrl = `http://127.0.0.1:${server.address().port}`;
  console.log(`${publicUrl}  (the sandbox: ${sandbox.url})`);
});
