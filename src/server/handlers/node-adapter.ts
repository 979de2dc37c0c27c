import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { RequestContext } from '../state/background.js';
import type { EventSink } from './open-streams.js';
import { PLAIN_ANSWER, type PlainAnswering, type WithPlainAnswer } from './plain-answer.js';
import type { StatusCall } from './status.js';

/**
 * What `toNodeHandler` passes each handler as its context: the Node request and response it
 * answers, with whatever the host's middleware put on them (`req.session` of express-session,
 * `req.user` of passport). The kit hands it on to `owner`, `buildRequest`, `sessions.key` and `sendLink`.
 */
export interface NodeContext<
  Req extends IncomingMessage = IncomingMessage,
  Res extends ServerResponse = ServerResponse,
> extends RequestContext {
  req: Req;
  res: Res;
}

/**
 * What body parsers such as `express.json()`, `express.raw()` or `express.text()` leave on the
 * request, and the URL before a router took its mount path off (`originalUrl`: Express, Connect, middie).
 */
type ParsedIncoming = IncomingMessage & { body?: unknown; rawBody?: unknown; originalUrl?: string };

/** The path and query the browser asked for: under `app.use('/kyc/go', …)` Express leaves `req.url` without `/kyc/go`. */
const pathOf = (req: ParsedIncoming): string => req.originalUrl ?? req.url ?? '/';

/**
 * Adapts a Fetch handler to `node:http` and Express-style middleware:
 * `http.createServer(toNodeHandler(handler))` or `app.post('/kyc/session', toNodeHandler(handler))`.
 * Node's own `Request` and `Response`, no other package: the kit needs no web framework. The handler
 * gets `{ req, res }` as its context (`NodeContext`), so that the kit's hooks read what the host's
 * middleware established; nothing of it reaches the Fetch `Request` but the bytes the browser sent.
 *
 * Mount the handlers before any body parser: the webhook handler signs and limits the raw bytes.
 * When a parser has consumed the stream anyway, the body is rebuilt from `req.rawBody` (a Buffer,
 * as `express.json({ verify: (req, _res, buf) => { req.rawBody = buf } })` keeps it), else from a
 * Buffer or string `req.body`, else by re-serializing a parsed `req.body` (an HMAC check then fails:
 * the bytes differ from what was signed).
 *
 * The kit's status handler answers a poll here without a Fetch `Request` or `Response` (its plain
 * answer, handlers/plain-answer.ts): the same answer the Fetch handler gives, written at once.
 */
export function toNodeHandler<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(
  handler: WithPlainAnswer<(request: Request, context: NodeContext<Req, Res>) => Promise<Response>>,
): (req: Req, res: Res, next?: (error?: unknown) => void) => void {
  const plain = handler[PLAIN_ANSWER];
  return (req, res, next) => {
    const context: NodeContext<Req, Res> = { req, res };
    const answering = plain
      ? respondPlainly(plain, context, req as ParsedIncoming, res)
      : respond((request) => handler(request, context), req as ParsedIncoming, res);
    answering.catch((error: unknown) => {
      if (next) next(error);
      else if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  };
}

/** A client that goes away (a closed stream, a cancelled poll) aborts the request's signal. */
function goneOnClose(res: ServerResponse): AbortSignal {
  const gone = new AbortController();
  res.once('close', () => gone.abort());
  return gone.signal;
}

async function respond(handler: (request: Request) => Promise<Response>, req: ParsedIncoming, res: ServerResponse): Promise<void> {
  const gone = goneOnClose(res);
  await write(await handler(requestOf(req, gone)), req, res, gone);
}

/** The handler's plain answer, written as it is; its `Request`, when wanted, built once (with its signal). */
async function respondPlainly(plain: PlainAnswering, context: RequestContext, req: ParsedIncoming, res: ServerResponse): Promise<void> {
  let built: { request: Request; gone: AbortSignal } | undefined;
  const request = () => {
    if (!built) {
      const gone = goneOnClose(res);
      built = { request: requestOf(req, gone), gone };
    }
    return built.request;
  };
  const call: StatusCall = { method: req.method ?? 'GET', url: pathOf(req), header: (name) => headerOf(req, name), request };
  const answer = await plain(call, context);
  if (answer instanceof Response) {
    request();
    return write(answer, req, res, built!.gone);
  }
  if ('events' in answer) {
    // A status stream written straight to the response: no web stream per client. The headers are
    // flushed on their own: written with the first event instead, node:http would keep them as a
    // string of some 24 pieces for the stream's life (0.8 KB a stream).
    res.writeHead(answer.status, answer.headers).flushHeaders();
    const stop = answer.events(new ResponseSink(res));
    // A client that left while the answer was made (its 'close' already came) frees its stream now.
    if (res.destroyed) return stop();
    // 'close' comes once: `on` spares the wrapper `once` makes for each stream.
    return void res.on('close', stop);
  }
  const body = answer.body ?? '';
  res.writeHead(answer.status, { ...answer.headers, 'content-length': String(Buffer.byteLength(body)) }).end(body);
}

/** A stream's events written to the Node response: an object whose methods are shared, no closures per client. */
class ResponseSink implements EventSink {
  constructor(private readonly res: ServerResponse) {}

  write(text: string): void {
    this.res.write(text);
  }

  close(): void {
    this.res.end();
  }
}

/** A header as `Headers.get` gives it: its values joined by a comma and a space (Node joins them so too, for the headers read here). */
function headerOf(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
}

async function write(response: Response, req: ParsedIncoming, res: ServerResponse, gone: AbortSignal): Promise<void> {
  const headers: Record<string, string | string[]> = Object.fromEntries(response.headers);
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  // A Response made with a status alone has no statusText: the status line then carries the standard phrase.
  res.writeHead(response.status, response.statusText || STATUS_CODES[response.status], headers);
  if (!response.body || req.method === 'HEAD') return void res.end();
  // Each chunk is written as it comes: a status stream's events are not held back.
  await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), res).catch((error: unknown) => {
    if (!gone.aborted) throw error;
  });
}

/**
 * The Fetch `Request` of a page's Node request (`node:http`, Express), headers as the browser sent
 * them, as the kit's hooks get one: for `kit.prepare(fetchRequestOf(req), { sessionUrl, context: { req, res } })`
 * in the route that renders the page. Express's `originalUrl` is the page's path under any mount.
 */
export const fetchRequestOf = (req: IncomingMessage): Request => requestOf(req);

function requestOf(req: ParsedIncoming, signal?: AbortSignal): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const scheme = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  // Joined, not resolved: a path such as `//other.example/x` stays a path on this host.
  const url = new URL(`${scheme}://${req.headers.host ?? 'localhost'}${pathOf(req).replace(/^(?!\/)/, '/')}`);
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') return new Request(url, { method, headers, signal });
  const body = consumedBody(req) ?? (Readable.toWeb(req) as ReadableStream<Uint8Array>);
  return new Request(url, { method, headers, signal, body, duplex: 'half' } as RequestInit);
}

/** The body a parser consumed, rebuilt; undefined when the stream is still unread. */
function consumedBody(req: ParsedIncoming): Buffer | undefined {
  if (Buffer.isBuffer(req.rawBody)) return req.rawBody;
  if (!req.readableEnded || req.body === undefined) return undefined;
  if (Buffer.isBuffer(req.body)) return req.body;
  return Buffer.from(typeof req.body === 'string' ? req.body : JSON.stringify(req.body));
}
