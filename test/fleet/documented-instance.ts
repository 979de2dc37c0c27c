/**
 * One instance built as the documentation builds it, run as its own process by shutdown.test.ts:
 * docs/fleet.md's `createFleetKit` and `stopOnSigterm`, on node:http behind docs/kit.md's
 * `serveWithKit`, each from the module the test wrote from its block (FLEET_KIT_MODULE,
 * STOP_MODULE, SERVE_MODULE). The owner is the `x-user` header; onResult is reported to the
 * test (REPORT_URL), or hangs with HANG_IN_ON_RESULT. Prints `listening <url>` once it serves.
 */
import type { RequestListener, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { KycClientOptions, KycKit, KycKitOptions } from '../../src/server/index.js';
import type { RedisStore } from '../../src/server/redis/index.js';

interface FleetKitModule {
  createFleetKit(clientOptions: KycClientOptions, kitOptions: Omit<KycKitOptions, 'client' | 'store'>): { kit: KycKit; store: RedisStore };
}
interface StopModule {
  stopOnSigterm(server: Server, kit: Pick<KycKit, 'close' | 'idle'>, closeConnections: () => Promise<unknown>): void;
}
interface ServeModule {
  serveWithKit(kit: KycKit, app: RequestListener): Server;
}

const env = process.env;
const { createFleetKit } = (await import(env.FLEET_KIT_MODULE!)) as FleetKitModule;
const { stopOnSigterm } = (await import(env.STOP_MODULE!)) as StopModule;
const { serveWithKit } = (await import(env.SERVE_MODULE!)) as ServeModule;

const report = (body: Record<string, unknown>) =>
  fetch(env.REPORT_URL!, { method: 'POST', body: JSON.stringify({ ...body, pid: process.pid }) }).then(() => {});

const kycUrl = env.KYC_URL!;
const { kit, store } = createFleetKit(
  { authUrl: kycUrl, baseUrl: kycUrl, credentialUrl: kycUrl, clientId: 'sandbox-client', clientSecret: 'sandbox-secret' },
  {
    owner: (request) => request.headers.get('x-user'),
    buildRequest: () => ({
      company_id: 'sandbox-company',
      authorization_method: 'kyc_register',
      webhook: env.WEBHOOK_URL!,
      metadata: { nin: '11.111.111-1' },
    }),
    onResult: async (status) => {
      await report({ event: env.HANG_IN_ON_RESULT ? 'entered' : 'result', uuid: status.uuid });
      // A result that never finishes here, with nothing keeping the process alive: an onResult stuck on a dead connection.
      if (env.HANG_IN_ON_RESULT) await new Promise(() => {});
    },
    onError: (error) => void report({ event: 'error', message: String(error) }).catch(() => {}),
    // The test opens its 1,000 streams on one transaction, as one caller; a store call on a busy machine may take
    // seconds, which is no failure here.
    tuning: {
      maxStreamsPerTransaction: 1000,
      maxStreamsPerCaller: 1000,
      storeTimeoutMs: 60_000,
      ...(env.CLOSE_TIMEOUT_MS && { closeTimeoutMs: Number(env.CLOSE_TIMEOUT_MS) }),
      ...(env.RESULT_LEASE_MS && { resultLeaseMs: Number(env.RESULT_LEASE_MS) }),
    },
  },
);
const server = serveWithKit(kit, (_req, res) => res.writeHead(404).end());
stopOnSigterm(server, kit, () => store.close());
server.listen(0, '127.0.0.1', () => console.log(`listening http://127.0.0.1:${(server.address() as AddressInfo).port}`));
