import type { RequestListener } from 'node:http';

/** A pending transaction's status as the host protocol answers it (docs/host-protocol.md), expiring in ten minutes. */
export function pendingStatus(uuid: string) {
  const now = Date.now();
  return {
    uuid,
    state: 'pending' as const,
    step: 'Session_start',
    code: null,
    issue_description: null,
    expires_at: new Date(now + 600_000).toISOString(),
    updated_at: new Date(now).toISOString(),
  };
}

/** `GET /kyc/status/{uuid}` answered pending at once, so that a bench times the element, not a backend; 404 for anything else. */
export const answerPending: RequestListener = (req, res) => {
  const uuid = /^\/kyc\/status\/([^/?]+)$/.exec(req.url ?? '')?.[1];
  if (!uuid) return void res.writeHead(404).end();
  const status = pendingStatus(decodeURIComponent(uuid));
  res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(status));
};
