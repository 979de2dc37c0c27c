/** A host backend built with the kit, as an integrator would: session and status handlers on node:http. */
import { createKycKit, toNodeHandler, type BudgetOptions, type KycKitOptions, type Store } from '../../src/server/index.js';
import { countingClient, type CountingClient, type ProxyRoutes } from './provider.js';

/**
 * The budgets of an operator sized for the benches' load (thousands of transactions created in a
 * minute, hundreds read each second, 100,000 streams): each is still checked on its path (a finite
 * budget is counted in the store on every creation and provider read), none refuses.
 */
export const LOAD_BUDGETS: BudgetOptions = { createdPerMinute: 1_000_000, readsPerSecond: 100_000, streamsPerProcess: 1_000_000 };

/** A host's routes, when it read each uuid from the provider, and what it created there. */
export type KitRoutes = ProxyRoutes & Pick<CountingClient, 'readTimes' | 'created'> & { openStreams(): number };

/**
 * `POST /kyc/session`, `GET /kyc/status/{uuid}` (its stream too), `POST /kyc/webhook` and the handoff's `/kyc/go`; 404 for
 * anything else. With `webhookUrl`, sessions ask for every step's webhook there. On the kit's default
 * store, or on `store` (also the client's token store, as a fleet shares one token).
 */
export function kitRoutes(kycUrl: string, store?: Store, options: Partial<KycKitOptions> = {}, webhookUrl?: () => string): KitRoutes {
  const { client, reads, readTimes, created } = countingClient(kycUrl, store);
  const kit = createKycKit({
    client,
    store,
    // Long enough that no transaction expires during the bench.
    buildRequest: () => ({
      company_id: 'sandbox-company',
      authorization_method: 'kyc_register',
      expiration: 3600,
      metadata: { nin: '11.111.111-1', webhook_full_update: webhookUrl !== undefined },
      ...(webhookUrl && { webhook: webhookUrl() }),
    }),
    onResult: () => {},
    ...options,
  });
  const session = toNodeHandler(kit.session);
  const status = toNodeHandler(kit.status);
  const webhook = toNodeHandler(kit.webhook);
  const go = toNodeHandler(kit.go);
  return {
    listener: (req, res) => {
      if (req.method === 'POST' && req.url === '/kyc/session') session(req, res);
      else if (req.url?.startsWith('/kyc/status/')) status(req, res);
      else if (req.method === 'POST' && req.url === '/kyc/webhook') webhook(req, res);
      else if (req.url?.startsWith('/kyc/go')) go(req, res);
      else res.writeHead(404).end();
    },
    providerReads: reads,
    readTimes,
    created,
    openStreams: () => kit.openStreams,
  };
}

/** Creates `count` transactions through the host's session handler (a few at a time); their uuids. */
export async function createTransactions(hostUrl: string, count: number): Promise<string[]> {
  const uuids: string[] = [];
  while (uuids.length < count) {
    const batch = Array.from({ length: Math.min(10, count - uuids.length) }, async () => {
      const answer = await fetch(`${hostUrl}/kyc/session`, { method: 'POST', headers: { 'kyc-verify-session': 'new' } });
      if (answer.status !== 201) throw new Error(`session handler answered ${answer.status}: ${await answer.text()}`);
      return ((await answer.json()) as { uuid: string }).uuid;
    });
    uuids.push(...(await Promise.all(batch)));
  }
  return uuids;
}
