// The app under test: a login of its own (a FAKE one: POST /login?user=alice sets a cookie) and the
// kit mounted for its users, as in production but against the sandbox. A real app is yours: what the
// test needs of it is its URL, a way to log in, and the results its onResult recorded.
import { createServer } from 'node:http';
import { createKycClient, createKycKit, toNodeHandler } from 'kyc-verify/server';

export async function startApp(sandboxUrl) {
  let url = '';
  const results = [];
  const userOf = (request) => /(?:^|;\s*)user=(\w+)/.exec(request.headers.get('cookie') ?? '')?.[1] ?? null;
  const kit = createKycKit({
    client: createKycClient({
      authUrl: sandboxUrl,
      baseUrl: sandboxUrl,
      credentialUrl: sandboxUrl,
      clientId: 'sandbox-client',
      clientSecret: 'sandbox-secret',
    }),
    owner: userOf,
    buildRequest: () => ({
      company_id: 'sandbox-company',
      authorization_method: 'kyc_register',
      webhook: `${url}/kyc/webhook`,
      metadata: { nin: '12.345.678-5' },
    }),
    onResult: (result, { owner }) => void results.push({ owner, uuid: result.uuid, state: result.state }),
  });
  const session = toNodeHandler(kit.session);
  const webhook = toNodeHandler(kit.webhook);
  const server = createServer((req, res) => {
    if (req.url.startsWith('/kyc/session')) return session(req, res);
    if (req.url === '/kyc/webhook') return webhook(req, res);
    const user = new URL(req.url, url).searchParams.get('user')?.replace(/\W/g, '');
    if (req.method === 'POST' && req.url.startsWith('/login') && user)
      return res.writeHead(303, { location: '/', 'set-cookie': `user=${user}; Path=/; HttpOnly; SameSite=Lax` }).end();
    res.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    results,
    /** Resolves once the work the kit started after its answers (onResult among it) has settled. */
    idle: () => kit.idle(),
    close: () => {
      kit.close();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
