/**
 * The kit under every mount people use, on a named host (`http://shop.test`, as a proxy passes it
 * on): each URL the kit answers with is the one the browser must use, and a phone following the
 * short link or typing the code reaches the service's page.
 */
import assert from 'node:assert/strict';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { getRequestListener } from '@hono/node-server';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
// The harness first: it imports the sandbox, whose schemas need @hono/zod-openapi loaded before the kit's zod.
import { createRequestWithoutId, sandboxClient, useSandbox } from './harness.js';
import { createKycKit, toNodeHandler, type KycKit } from '../../src/server/index.js';
import { NamedHostBrowser } from '../support/named-host-browser.js';

const ORIGIN = 'http://shop.test';

interface Served {
  port: number;
  close(): Promise<unknown>;
}

async function listening(listener: RequestListener): Promise<Served> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Each mount of `kit.session` at `/kyc/session` (and below it) and `kit.go` at `/kyc/go` (and below it). */
const onExpress =
  (mount: (app: express.Express, kit: KycKit) => void) =>
  (kit: KycKit): Promise<Served> => {
    const app = express();
    mount(app, kit);
    return listening(app);
  };

const MOUNTS: [string, (kit: KycKit) => Promise<Served>][] = [
  [
    "Express app.use('/kyc/go', …) (docs/kit.md)",
    onExpress((app, kit) => {
      app.use('/kyc/session', toNodeHandler(kit.session));
      app.use('/kyc/go', toNodeHandler(kit.go));
    }),
  ],
  [
    "Express app.all('/kyc/go{/*rest}', …)",
    onExpress((app, kit) => {
      app.all('/kyc/session{/*rest}', toNodeHandler(kit.session));
      app.all('/kyc/go{/*rest}', toNodeHandler(kit.go));
    }),
  ],
  [
    "an Express Router used at '/kyc'",
    onExpress((app, kit) => {
      const router = express.Router();
      router.use('/session', toNodeHandler(kit.session));
      router.use('/go', toNodeHandler(kit.go));
      app.use('/kyc', router);
    }),
  ],
  [
    "Hono app.route('/kyc', …)",
    (kit) => {
      const kyc = new Hono();
      for (const path of ['/session', '/session/*']) kyc.all(path, (c) => kit.session(c.req.raw));
      for (const path of ['/go', '/go/*']) kyc.all(path, (c) => kit.go(c.req.raw));
      const app = new Hono();
      app.route('/kyc', kyc);
      return listening(getRequestListener(app.fetch));
    },
  ],
  [
    // What Next.js hands a route handler at app/kyc/go/[[...code]]/route.js: the Fetch Request, its URL whole.
    'Fetch route handlers at nested paths (the shape of Next.js route handlers)',
    (kit) =>
      listening(
        getRequestListener((request) => {
          const { pathname } = new URL(request.url);
          if (/^\/kyc\/go(\/|$)/.test(pathname)) return kit.go(request);
          if (/^\/kyc\/session(\/|$)/.test(pathname)) return kit.session(request);
          return new Response(null, { status: 404 });
        }),
      ),
  ],
  [
    "Fastify, in a plugin registered with prefix '/kyc'",
    async (kit) => {
      const app = Fastify();
      await app.register(
        async (kyc) => {
          // The kit reads the body itself: Fastify leaves it unread.
          kyc.removeAllContentTypeParsers();
          kyc.addContentTypeParser('*', (_request, _payload, done) => done(null));
          for (const [path, handler] of [
            ['/session', kit.session],
            ['/session/*', kit.session],
            ['/go', kit.go],
            ['/go/*', kit.go],
          ] as const) {
            const node = toNodeHandler(handler);
            kyc.all(path, (request, reply) => {
              reply.hijack();
              node(request.raw, reply.raw);
            });
          }
        },
        { prefix: '/kyc' },
      );
      await app.listen({ port: 0, host: '127.0.0.1' });
      return { port: (app.server.address() as AddressInfo).port, close: () => app.close() };
    },
  ],
];

const sandbox = useSandbox();

for (const [mount, serve] of MOUNTS) {
  test(`under ${mount}, on ${ORIGIN}: every URL the kit answers is the browser's, and the short link and the typed code reach the service`, async () => {
    const kit = createKycKit({
      client: sandboxClient(sandbox.url),
      buildRequest: () => createRequestWithoutId(),
      onResult: () => {},
      publicUrl: ORIGIN,
      statusUrl: 'session/{uuid}',
    });
    const served = await serve(kit);
    try {
      const desktop = new NamedHostBrowser(ORIGIN, served.port);
      const session = await desktop.request(`${ORIGIN}/kyc/session`, {
        method: 'POST',
        headers: { 'kyc-verify-session': 'new', origin: ORIGIN, 'sec-fetch-site': 'same-origin' },
      });
      assert.equal(session.status, 201, session.body);
      const body = JSON.parse(session.body) as {
        uuid: string;
        link: string;
        status_url: string;
        typed_code: { url: string; code: string };
      };
      assert.match(body.link, /^http:\/\/shop\.test\/kyc\/go\/[^/?]+$/);
      assert.equal(body.typed_code.url, `${ORIGIN}/kyc/go`);
      assert.equal(body.status_url, `${ORIGIN}/kyc/session/${body.uuid}`);
      assert.equal((await desktop.request(body.status_url)).status, 200);
      const serviceLink = `${sandbox.url}/transactions/${body.uuid}`;

      // The code first: it stops answering once a device opened the link.
      const typing = new NamedHostBrowser(ORIGIN, served.port);
      const form = await typing.request(body.typed_code.url);
      assert.equal(form.status, 200);
      const typed = await typing.follow(body.typed_code.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, 'sec-fetch-site': 'same-origin' },
        body: new URLSearchParams({ code: body.typed_code.code }).toString(),
      });
      assert.equal(typed.left, serviceLink);

      const phone = new NamedHostBrowser(ORIGIN, served.port);
      assert.equal((await phone.follow(body.link)).left, serviceLink);
      assert.equal(phone.cookies.get('kyc_device')?.path, '/kyc/go');
    } finally {
      kit.close();
      await served.close();
    }
  });
}
