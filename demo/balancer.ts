/**
 * A small round-robin HTTP balancer, as a fleet runs behind: each request goes to the next
 * backend, streamed both ways (the backend log's SSE feed too), 502 when the backend fails.
 */
import { Agent, request, type IncomingMessage, type ServerResponse } from 'node:http';

export type Handle = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Forwards to `backends()` in turn (read at each request, so that the list may change); 502 while
 * it is empty. `onError` hears why a backend could not answer.
 */
export function roundRobin(backends: () => readonly string[], onError: (error: Error) => void = () => {}): Handle {
  const agent = new Agent({ keepAlive: true });
  let next = 0;
  return (req, res) => {
    const all = backends();
    if (all.length === 0) return void res.writeHead(502).end();
    const target = new URL(req.url ?? '/', all[next++ % all.length]);
    const forwarded = request(target, { method: req.method, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forwarded.once('error', (error) => {
      // The caller left first (and `close` below cut the forward short): nothing failed.
      if (res.destroyed) return;
      onError(error);
      if (res.headersSent) res.destroy();
      else res.writeHead(502).end();
    });
    // A caller that leaves (a closed page's feed) releases the backend's connection too.
    res.once('close', () => res.writableFinished || forwarded.destroy());
    req.pipe(forwarded);
  };
}
