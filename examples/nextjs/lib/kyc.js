// The sandbox, the kit and the app's "database", once per process: Next may load this module once
// per kind of route (pages, route handlers), so they live on globalThis. Deployed as it is, from the
// environment: PUBLIC_URL, CLIENT_ADDRESS, and with REDIS_URL a fleet (server.js).
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { cookies } from 'next/headers';
import { clientAddressFrom, createKycClient, createKycKit } from 'kyc-verify/server';
import { RedisStore } from 'kyc-verify/server/redis';
import { startSandbox } from 'kyc-verify/sandbox';

async function start() {
  const env = process.env;
  // One Redis for a fleet: the kit's store, the logins and the records, which every instance shares.
  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL) : undefined;
  // The KYC service: KYC_URL (a fleet's instances share one), else the local sandbox in this process.
  // In production: the addresses and credentials given at onboarding.
  const kycUrl = env.KYC_URL ?? (await startSandbox()).url;
  const client = createKycClient({
    authUrl: kycUrl,
    baseUrl: kycUrl,
    credentialUrl: kycUrl,
    clientId: 'sandbox-client',
    clientSecret: 'sandbox-secret',
  });
  // The app's "database": each verification's end, keyed on the transaction's uuid (a real app: a table).
  const verifications = redis ? redisTable(redis, 'example-nextjs:verifications') : new Map();
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
    onResult: async (result, { owner }) => {
      console.log(`onResult ${result.uuid} ${result.state} for ${owner}`);
      await verifications.set(result.uuid, { user: owner, state: result.state, at: new Date().toISOString() });
    },
    store: redis && new RedisStore({ client: redis, prefix: '{kyc-verify-example}:' }),
    // Where browsers and phones reach the app: the short link in the QR code and the typed code are built on it (app/kyc/go).
    publicUrl: env.PUBLIC_URL,
    // How the proxy in front tells the client's address: the per-address budgets count by it.
    clientAddress: clientAddressFrom.setting(env.CLIENT_ADDRESS),
  });
  const sessions = redis ? redisSessions(redis, 'example-nextjs:session:') : new Map();
  return { kycUrl, kit, verifications, sessions };
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

/** The KYC service's URL, the kit, `verifications` (uuid → record) and the FAKE login's `sessions` (session id → user). */
export const app = () => (globalThis.kycExample ??= start());

/** The user of the FAKE login: a cookie names a session this server keeps, whose user typed any name. */
export async function currentUser() {
  const sid = (await cookies()).get('sid')?.value;
  return sid ? await (await app()).sessions.get(sid) : undefined;
}

export async function logIn(name) {
  const sid = randomUUID();
  await (await app()).sessions.set(sid, { id: name, nin: '12.345.678-5' }); // a test identity of the sandbox
  (await cookies()).set('sid', sid, { httpOnly: true, sameSite: 'lax', path: '/', secure: process.env.PUBLIC_URL.startsWith('https:') });
}
