// Serves a built consumer app and a host whose verification has already succeeded: the session
// POST creates transaction UUID, and its status (at `/kyc/session/<uuid>` or `/kyc/status/<uuid>`)
// is `successful`. Streams are refused, so the element polls.
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

export const UUID = '3f2c1e0a-8b7d-4c6e-9f10-2a3b4c5d6e7f';

const STATUS_ROUTE = /^\/kyc\/(session|status)\/([\w-]+)$/;
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

const successful = (uuid: string) => ({
  uuid,
  state: 'successful',
  step: 'Session_complete_Ok',
  code: '013',
  issue_description: 'Flow completed successfully',
  expires_at: new Date(Date.now() + 600_000).toISOString(),
  updated_at: new Date().toISOString(),
});

async function serveFile(root: string, req: IncomingMessage, res: ServerResponse) {
  const path = normalize(new URL(req.url!, 'http://app').pathname).replace(/^\/$/, '/index.html');
  try {
    const body = await readFile(join(root, path));
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body);
  } catch {
    res.writeHead(404).end();
  }
}

export interface AppServer {
  url: string;
  close(): Promise<void>;
}

/** Serves the files of `root` (a Vite build) and the host routes above, on a free port. */
export async function serveApp(root: string): Promise<AppServer> {
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url!, 'http://app');
    if (req.method === 'POST' && pathname === '/kyc/session')
      return json(res, 201, { uuid: UUID, link: `https://verify.example.cl/transactions/${UUID}` });
    const status = STATUS_ROUTE.exec(pathname);
    if (!status) return void serveFile(root, req, res);
    if (req.headers.accept?.includes('text/event-stream')) return json(res, 405, { message: 'no stream' });
    return json(res, 200, successful(status[2]!));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    // Chromium may keep a connection open (a preconnected socket) that close() alone would wait for.
    close: () =>
      new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
