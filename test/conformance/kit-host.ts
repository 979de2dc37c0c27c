/**
 * A host backend built with the kit, as an integrator mounts it, that tells visitors apart by a
 * cookie it sets (standing for the host's login session). `breakage` rewires its handlers, to
 * make the hosts that break one rule each.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createKycKit, toNodeHandler, type KitHandler, type KycKitOptions } from '../../src/server/index.js';
import { createRequestWithoutId, sandboxClient } from '../server/harness.js';

export type { KitHandler };

export interface Handlers {
  session: KitHandler;
  status: KitHandler;
  send: KitHandler;
  webhook: KitHandler;
  go: KitHandler;
}

export type Breakage = (handlers: Handlers) => Handlers;

const COOKIE = 'kyc_sid';

/** The visitor's id from its cookie, or null for a visitor without one. */
export const visitorOf = (request: Request) =>
  new RegExp(`(?:^|;\\s*)${COOKIE}=([^;]+)`).exec(request.headers.get('cookie') ?? '')?.[1] ?? null;

/** A copy of `request` with `headers` set (or removed, with null). */
export function withHeaders(request: Request, headers: Record<string, string | null>): Request {
  const copy = new Headers(request.headers);
  for (const [name, value] of Object.entries(headers)) {
    if (value === null) copy.delete(name);
    else copy.set(name, value);
  }
  return new Request(request, { headers: copy });
}

/** The user of a login (`login=<user>` cookie, or `Authorization: Bearer <user>`), or null for a visitor not logged in. */
export const loggedInUser = (request: Request) =>
  /(?:^|;\s*)login=([^;]+)/.exec(request.headers.get('cookie') ?? '')?.[1] ??
  /^Bearer (\S+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ??
  null;

export interface KitHostOptions {
  /** Rewires the handlers, to break one rule. */
  breakage?: Breakage;
  /** Owners are logged-in users (401 to anyone else), not the cookie the host sets each visitor. */
  login?: boolean;
  /** Whether the session answer says status_url (default true); without it the element follows <session-url>/{uuid}. */
  sendsStatusUrl?: boolean;
  /** Whether transactions are created with a webhook (default true). */
  webhook?: boolean;
  /** Options of the kit's own, over the host's. */
  kit?: Partial<KycKitOptions>;
}

/** Gives a visitor without a cookie one (a new login session), before the session handler sees the request. */
function withVisitorCookie(session: KitHandler): KitHandler {
  return async (request, context) => {
    if (visitorOf(request)) return session(request, context);
    const id = crypto.randomUUID();
    const response = await session(withHeaders(request, { cookie: `${COOKIE}=${id}` }), context);
    const answer = new Response(response.body, response);
    answer.headers.append('set-cookie', `${COOKIE}=${id}; Path=/; HttpOnly; SameSite=Lax`);
    return answer;
  };
}

export async function startKitHost(sandboxUrl: string, options: KitHostOptions = {}) {
  const { breakage = (handlers) => handlers, login = false, sendsStatusUrl = true, webhook = true, kit: overrides = {} } = options;
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sent: string[] = [];
  const kit = createKycKit({
    client: sandboxClient(sandboxUrl),
    buildRequest: () => createRequestWithoutId(webhook ? { webhook: `${url}/kyc/webhook` } : {}),
    onResult: () => {},
    onError: () => {},
    owner: login ? loggedInUser : visitorOf,
    // Said in each session answer (status_url), which the check follows.
    ...(sendsStatusUrl && { statusUrl: '/kyc/status/{uuid}' }),
    // The short link and typed code, on this loopback host (given in full: on), which the handoff rules follow.
    handoff: { url: `${url}/kyc/go` },
    // The host's mailer, which the checker must never reach: it would write to the visitor.
    sendLink: async ({ owner }) => {
      sent.push(owner);
      return { to: `${owner[0]}•••@mail.example` };
    },
    ...overrides,
  });
  const handlers = breakage({ session: kit.session, status: kit.status, send: kit.send, webhook: kit.webhook, go: kit.go });
  const routes = [
    { prefix: /^\/kyc\/status\/[^/]+\/send$/, handler: toNodeHandler(handlers.send) },
    { prefix: '/kyc/session', handler: toNodeHandler(login ? handlers.session : withVisitorCookie(handlers.session)) },
    { prefix: '/kyc/status/', handler: toNodeHandler(handlers.status) },
    { prefix: '/kyc/webhook', handler: toNodeHandler(handlers.webhook) },
    { prefix: '/kyc/go', handler: toNodeHandler(handlers.go) },
  ];
  server.on('request', (req, res) => {
    const route = routes.find(({ prefix }) => (typeof prefix === 'string' ? req.url!.startsWith(prefix) : prefix.test(req.url!)));
    if (route) route.handler(req, res);
    else res.writeHead(404).end();
  });
  return {
    /** The owners whose link `sendLink` sent. */
    sent,
    url,
    target: { sessionUrl: `${url}/kyc/session`, sandboxUrl },
    close: () => {
      kit.close();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
