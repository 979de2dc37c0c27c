import type { RequestListener } from 'node:http';
import { createKycClient, type KycClient, type KycClientOptions, type TokenStore } from '../../src/server/index.js';

/** A client of the sandbox at `kycUrl` (every service URL its own), with its demo credentials. */
export const sandboxClient = (kycUrl: string, options: Partial<KycClientOptions> = {}): KycClient =>
  createKycClient({
    authUrl: kycUrl,
    baseUrl: kycUrl,
    credentialUrl: kycUrl,
    verificationUrl: kycUrl,
    clientId: 'sandbox-client',
    clientSecret: 'sandbox-secret',
    ...options,
  });

export interface CountingClient {
  client: KycClient;
  /** Transaction reads (`GET /v1/transactions/{uuid}`) sent to the provider so far. */
  reads(): number;
  /** When (epoch ms, as sent) each uuid was read so far. */
  readTimes(): ReadonlyMap<string, readonly number[]>;
  /** The uuids of the transactions created at the provider so far, oldest first. */
  created(): readonly string[];
}

/** A client of the sandbox whose fetch counts the provider reads, the load the status proxy exists to bound. */
export function countingClient(kycUrl: string, tokenStore?: TokenStore): CountingClient {
  let reads = 0;
  const times = new Map<string, number[]>();
  const created: string[] = [];
  const client = sandboxClient(kycUrl, {
    tokenStore,
    fetch: (input, init) => {
      const uuid = (init.method ?? 'GET') === 'GET' ? /\/v1\/transactions\/([^/]+)$/.exec(new URL(input).pathname)?.[1] : undefined;
      if (uuid) {
        reads++;
        const readAt = times.get(uuid) ?? [];
        readAt.push(Date.now());
        times.set(uuid, readAt);
      }
      const answer = fetch(input, init);
      if (init.method === 'POST' && new URL(input).pathname === '/v1/transactions/') {
        void answer.then(async (response) => {
          if (response.ok) created.push(((await response.clone().json()) as { data: { uuid: string } }).data.uuid);
        });
      }
      return answer;
    },
  });
  return { client, reads: () => reads, readTimes: () => times, created: () => created };
}

/** A status proxy under test: its routes, and the provider reads they caused so far. */
export interface ProxyRoutes {
  listener: RequestListener;
  providerReads(): number;
}
