import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';

type FetchHandler = (request: Request) => Promise<Response>;

/** What body parsers such as `express.json()`, `express.raw()` or `express.text()` leave on the request. */
type ParsedIncoming = IncomingMessage & { body?: unknown; rawBody?: unknown };

/**
 * Adapts a Fetch handler to `node:http` and Express-style middleware:
 * `http.createServer(toNodeHandler(handler))` or `app.post('/kyc/session', toNodeHandler(handler))`.
 *
 * Mount the handlers before any body parser: the webhook handler signs and limits the raw bytes.
 * When a parser has consumed the stream anyway, the body is rebuilt from `req.rawBody` (a Buffer,
 * as `express.json({ verify: (req, _res, buf) => { req.rawBody = buf } })` keeps it), else from a
 * Buffer or string `req.body`, else by re-serializing a parsed `req.body` (an HMAC check then fails:
 * the bytes differ from what was signed).
 */
export function toNodeHandler(
  handler: FetchHandler,
): (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void {
  // Leave the process's global Request and Response alone: this is a library.
  const listener = getRequestListener(handler, { overrideGlobalObjects: false });
  return (req, res, next) => {
    restoreConsumedBody(req as ParsedIncoming);
    listener(req, res).catch((error: unknown) => {
      if (next) next(error);
      else if (!res.headersSent) res.writeHead(500).end();
    });
  };
}

function restoreConsumedBody(req: ParsedIncoming): void {
  if (!req.readableEnded || Buffer.isBuffer(req.rawBody) || req.body === undefined) return;
  if (Buffer.isBuffer(req.body)) req.rawBody = req.body;
  else if (typeof req.body === 'string') req.rawBody = Buffer.from(req.body);
  else req.rawBody = Buffer.from(JSON.stringify(req.body));
}
