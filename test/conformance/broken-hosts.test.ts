// Hosts built with the kit, each broken in one way: the check must fail exactly that one rule.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RuleId } from '../../src/conformance/rules.js';
import { runConformance } from '../../src/conformance/run.js';
import { NIN, useSandbox } from '../server/harness.js';
import { startKitHost, visitorOf, withHeaders, type Breakage, type KitHandler, type KitHostOptions } from './kit-host.js';

/** A handler whose successful JSON answers are rewritten by `change`. */
const rewritingJson =
  (handler: KitHandler, change: (body: Record<string, unknown>) => void): KitHandler =>
  async (request, context) => {
    const response = await handler(request, context);
    if (!response.headers.get('content-type')?.includes('json') || !response.ok) return response;
    const body = await response.json();
    change(body);
    return new Response(JSON.stringify(body), response);
  };

/** A handler whose answers' headers are rewritten by `change` (which sees the request too). */
const rewritingHeaders =
  (handler: KitHandler, change: (headers: Headers, request: Request) => void): KitHandler =>
  async (request, context) => {
    const response = await handler(request, context);
    const answer = new Response(response.body, response);
    change(answer.headers, request);
    return answer;
  };

const uuidIn = (request: Request) => new URL(request.url).pathname.split('/').at(-1)!;

/** Answers every transaction's status to anyone, as if the caller were its creator. */
const answersStrangers: Breakage = (handlers) => {
  const creators = new Map<string, string>();
  return {
    ...handlers,
    session: async (request, context) => {
      const response = await handlers.session(request, context);
      const { uuid } = await response.clone().json();
      creators.set(uuid, visitorOf(request)!);
      return response;
    },
    status: (request, context) => handlers.status(withHeaders(request, { cookie: `kyc_sid=${creators.get(uuidIn(request))}` }), context),
  };
};

/** Each host: what is broken, the one rule it fails, how, its options, and the fix its failure must name. */
const BROKEN_HOSTS: [string, RuleId, Breakage, KitHostOptions?, RegExp?][] = [
  [
    'puts the nin in the status',
    'noPersonalData',
    (handlers) => ({ ...handlers, status: rewritingJson(handlers.status, (body) => (body.nin = NIN)) }),
  ],
  ['answers a stranger 200', 'statusStranger', answersStrangers],
  [
    'serves no status at <session-url>/{uuid}, the element\u2019s default, and sends no status_url',
    'statusFollowed',
    (handlers) => ({
      ...handlers,
      session: (request, context) =>
        request.method === 'GET' ? Promise.resolve(new Response(null, { status: 404 })) : handlers.session(request, context),
    }),
    { sendsStatusUrl: false },
  ],
  [
    'redirects the status to another origin',
    'statusFollowed',
    (handlers) => ({
      ...handlers,
      status: async (request) => Response.redirect(`http://127.0.0.1:9/kyc/status/${uuidIn(request)}`, 302),
    }),
  ],
  ['creates its transactions without a webhook', 'webhooks', (handlers) => handlers, { webhook: false }],
  [
    'says a status_url it does not serve',
    'statusFollowed',
    (handlers) => ({ ...handlers, session: rewritingJson(handlers.session, (body) => (body.status_url = `/kyc/nowhere/${body.uuid}`)) }),
  ],
  [
    'lets shared caches keep the status',
    'privateCaching',
    (handlers) => ({
      ...handlers,
      status: rewritingHeaders(handlers.status, (headers) => headers.set('cache-control', 'public, max-age=60')),
    }),
  ],
  [
    'reads failed as expired (only active and complete)',
    'statusFailed',
    (handlers) => ({ ...handlers, status: rewritingJson(handlers.status, (body) => body.state === 'failed' && (body.state = 'expired')) }),
  ],
  [
    'takes a session POST without the header',
    'sessionNeedsHeader',
    (handlers) => ({
      ...handlers,
      session: (request, context) =>
        handlers.session(
          request.headers.has('kyc-verify-session') ? request : withHeaders(request, { 'kyc-verify-session': 'resume' }),
          context,
        ),
    }),
  ],
  [
    'takes a cross-site session POST',
    'sessionRefusesCrossSite',
    (handlers) => ({
      ...handlers,
      session: (request, context) => handlers.session(withHeaders(request, { origin: null, 'sec-fetch-site': null }), context),
    }),
  ],
  [
    'creates a transaction on every resume',
    'sessionResumes',
    (handlers) => ({
      ...handlers,
      session: (request, context) =>
        handlers.session(
          request.headers.get('kyc-verify-session') === 'resume' ? withHeaders(request, { 'kyc-verify-session': 'new' }) : request,
          context,
        ),
    }),
  ],
  [
    'ignores If-None-Match',
    'etag',
    (handlers) => ({
      ...handlers,
      status: (request, context) => handlers.status(withHeaders(request, { 'if-none-match': null }), context),
    }),
  ],
  [
    'streams events without the status fields',
    'stream',
    (handlers) => ({
      ...handlers,
      status: (request, context) =>
        request.headers.get('accept')?.includes('text/event-stream')
          ? Promise.resolve(
              new Response(`event: status\ndata: ${JSON.stringify({ uuid: uuidIn(request), state: 'pending' })}\n\n`, {
                headers: { 'content-type': 'text/event-stream' },
              }),
            )
          : handlers.status(request, context),
    }),
  ],
  [
    'says "stream": true but answers a stream request with JSON',
    'stream',
    (handlers) => ({
      ...handlers,
      status: (request, context) => handlers.status(withHeaders(request, { accept: 'application/json' }), context),
    }),
  ],
  [
    'sends the link for a cross-site POST',
    'sendGuarded',
    (handlers) => ({
      ...handlers,
      send: (request, context) => handlers.send(withHeaders(request, { origin: null, 'sec-fetch-site': null }), context),
    }),
  ],
  [
    'sends the link without the header',
    'sendGuarded',
    (handlers) => ({
      ...handlers,
      send: (request, context) => handlers.send(withHeaders(request, { 'kyc-verify-session': 'send' }), context),
    }),
  ],
  [
    'shows a page before the short link leads to the service',
    'handoffShortLink',
    (handlers) => ({
      ...handlers,
      go: async (request, context) => {
        const response = await handlers.go(request, context);
        if (request.method !== 'GET' || response.status !== 303) return response;
        return new Response(`<a href="${response.headers.get('location')}">Continue</a>`, { headers: { 'content-type': 'text/html' } });
      },
    }),
  ],
  [
    'serves the typed-code page without a Content-Security-Policy',
    'handoffTypedCode',
    (handlers) => ({ ...handlers, go: rewritingHeaders(handlers.go, (headers) => headers.delete('content-security-policy')) }),
  ],
  [
    'gives the typed code as the link (a guessable link)',
    'handoffShortLink',
    (handlers) => {
      const tokens = new Map<string, string>();
      return {
        ...handlers,
        session: rewritingJson(handlers.session, (body) => {
          const typed = body.typed_code as { url: string; code: string } | undefined;
          if (!typed) return;
          tokens.set(typed.code, body.link as string);
          body.link = `${typed.url}/${typed.code}`;
        }),
        go: (request, context) => {
          const link = tokens.get(uuidIn(request));
          return handlers.go(link ? new Request(link, { headers: request.headers }) : request, context);
        },
      };
    },
    undefined,
    /a token of 128 random bits/,
  ],
  [
    "builds the link under a path nothing serves (a mount that hides the browser's path)",
    'handoffShortLink',
    (handlers) => ({
      ...handlers,
      session: rewritingJson(handlers.session, (body) => (body.link = String(body.link).replace('/kyc/go/', '/go/'))),
    }),
    undefined,
    /give the kit publicUrl; toNodeHandler reads req\.originalUrl/,
  ],
  [
    "writes the request's path into the device cookie's Path",
    'handoffShortLink',
    (handlers) => ({
      ...handlers,
      go: rewritingHeaders(handlers.go, (headers, request) => {
        const cookie = headers.get('set-cookie');
        if (cookie)
          headers.set('set-cookie', cookie.replace(/Path=[^;]*/, `Path=${new URL(request.url).pathname.replace(/\/[^/]*$/, '')}`));
      }),
    }),
    undefined,
    /build its Path from the configured go URL, percent-encoded/,
  ],
  [
    "counts a scanner's fetch as a device",
    'handoffScanners',
    (handlers) => ({
      ...handlers,
      go: (request, context) =>
        handlers.go(
          request.method === 'GET' && !request.headers.get('cookie')?.includes('kyc_device=')
            ? withHeaders(request, {
                cookie: `kyc_device=${crypto.randomUUID()}`,
                'sec-fetch-mode': null,
                'sec-fetch-dest': null,
                'user-agent': null,
              })
            : request,
          context,
        ),
    }),
    undefined,
    /count a device only when a browser navigates/,
  ],
  [
    "lets the typed code's form lead only to itself (form-action 'self')",
    'handoffTypedCode',
    (handlers) => ({
      ...handlers,
      go: rewritingHeaders(handlers.go, (headers) => {
        const policy = headers.get('content-security-policy');
        if (policy) headers.set('content-security-policy', policy.replace(/form-action [^;]+/, "form-action 'self'"));
      }),
    }),
    undefined,
    /allow exactly the service.s verification origin/,
  ],
  [
    'takes a typed code posted from another site',
    'handoffTypedCode',
    (handlers) => ({
      ...handlers,
      go: (request, context) =>
        handlers.go(request.method === 'POST' ? withHeaders(request, { origin: null, 'sec-fetch-site': null }) : request, context),
    }),
    undefined,
    /refuse a form POST whose Sec-Fetch-Site is not same-origin/,
  ],
  [
    'bounds no typed-code misses',
    'handoffGuessing',
    (handlers) => handlers,
    { kit: { budgets: { typedCodeMissesPerMinute: false } } },
    /budgets\.typedCodeMissesPerMinute/,
  ],
  ['answers webhooks 500', 'webhooks', (handlers) => ({ ...handlers, webhook: async () => new Response(null, { status: 500 }) })],
];

describe('the conformance check against broken hosts', () => {
  const sandbox = useSandbox();

  for (const [breakage, rule, broken, options, fix] of BROKEN_HOSTS) {
    it(`fails only ${rule} for a host that ${breakage}`, async () => {
      const host = await startKitHost(sandbox.url, { ...options, breakage: broken });
      try {
        const failed = (await runConformance(host.target)).verdicts.filter((verdict) => !verdict.passed);
        assert.deepEqual(
          failed.map((verdict) => verdict.rule),
          [rule],
          failed.map((verdict) => `${verdict.rule}: ${verdict.detail}`).join('\n'),
        );
        if (fix) assert.match(failed[0]!.detail!, fix);
      } finally {
        await host.close();
      }
    });
  }
});
