/** The obvious alternative to the kit's status handler: every poll is one provider read, answered as is. */
import { countingClient, type ProxyRoutes } from '../lib/provider.js';

/** `GET /kyc/status/{uuid}`; 404 for anything else. */
export function naiveRoutes(kycUrl: string): ProxyRoutes {
  const { client, reads } = countingClient(kycUrl);
  return {
    listener: (req, res) => {
      const uuid = /^\/kyc\/status\/([^/?]+)$/.exec(req.url ?? '')?.[1];
      if (!uuid) return void res.writeHead(404).end();
      client.getTransaction(decodeURIComponent(uuid)).then(
        (transaction) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(transaction)),
        () => res.writeHead(502).end(),
      );
    },
    providerReads: reads,
  };
}
