// The sandbox, the kit and the app's "database", once per process: Next may load this module once
// per kind of route (pages, route handlers), so they live on globalThis.
import { randomUUID } from 'node:crypto';
import { cookies } from 'next/headers';
import { createKycClient, createKycKit } from 'kyc-verify/server';
import { startSandbox } from 'kyc-verify/sandbox';

async function start() {
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
  const kit = createKycKit({
    client,
    // The logged-in user, from the login cookie through next/headers: the hooks run inside the route handler's request.
    owner: async () => (await currentUser())?.id,
    // Everything from the server's session, nothing from the browser; transaction_id is generated.
    buildRequest: async () => {
      const user = await currentUser();
      return {
        company_id: 'sandbox-company',
        authorization_method: 'kyc_register',
        user_id: user.id,
        webhook: `${process.env.PUBLIC_URL}/kyc/webhook`,
        metadata: { nin: user.nin },
      };
    },
    // Once per transaction's end (again only if the process dies inside it): keyed on its uuid, so a repeat changes nothing.
    onResult: (result, { owner }) => {
      console.log(`onResult ${result.uuid} ${result.state} for ${owner}`);
      verifications.set(result.uuid, { user: owner, state: result.state, at: new Date().toISOString() });
    },
  });
  return { sandbox, kit, verifications, sessions: new Map() };
}

/** The sandbox, the kit, `verifications` (uuid → record) and the FAKE login's `sessions` (session id → user). */
export const app = () => (globalThis.kycExample ??= start());

/** The user of the FAKE login: a cookie names a session this server keeps, whose user typed any name. */
export async function currentUser() {
  const sid = (await cookies()).get('sid')?.value;
  return sid ? (await app()).sessions.get(sid) : undefined;
}

export async function logIn(name) {
  const sid = randomUUID();
  (await app()).sessions.set(sid, { id: name, nin: '12.345.678-5' }); // a test identity of the sandbox
  (await cookies()).set('sid', sid, { httpOnly: true, sameSite: 'lax', path: '/' });
}
