import type { RequestListener } from 'node:http';
import { createKycClient, type KycClient } from '../../src/server/index.js';

export interface CountingClient {
  client: KycClient;
  /** Transaction reads (`GET /v1/transactions/{uuid}`) sent to the provider so far. */
  reads(): number;
}

/** A client of the sandbox whose fetch counts the provider reads, the load the status proxy exists to bound. */
export function countingClient(kycUrl: string): CountingClient {
  let reads = 0;
  const client = createKycClient({
    authUrl: kycUrl,
    baseUrl: kycUrl,
    credentialUrl: kycUrl,
    verificationUrl: kycUrl,
    clientId: 'sandbox-client',
    clientSecret: 'sandbox-secret',
    fetch: (input, init) => {
      if ((init.method ?? 'GET') === 'GET' && /\/v1\/transactions\/[^/]+$/.test(new URL(input).pathname)) reads++;
      return fetch(input, init);
    },
  });
  return { client, reads: () => reads };
}

/** A status proxy under test: its routes, and the provider reads they caused so far. */
export interface ProxyRoutes {
  listener: RequestListener;
  providerReads(): number;
}
