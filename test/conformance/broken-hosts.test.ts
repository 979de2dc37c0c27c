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

const BROKEN_HOSTS: [string, RuleId, Breakage, KitHostOptions?][] = [
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
      status: async (request, context) => {
        const response = await handlers.status(request, context);
        const answer = new Response(response.body, response);
        answer.headers.set('cache-control', 'public, max-age=60');
        return answer;
      },
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
    (handlers) => ({
      ...handlers,
      go: async (request, context) => {
        const original = await handlers.go(request, context);
        const response = new Response(original.body, original);
        response.headers.delete('content-security-policy');
        return response;
      },
    }),
  ],
  ['answers webhooks 500', 'webhooks', (handlers) => ({ ...handlers, webhook: async () => new Response(null, { status: 500 }) })],
];

describe('the conformance check against broken hosts', () => {
  const sandbox = useSandbox();

  for (const [breakage, rule, broken, options] of BROKEN_HOSTS) {
    it(`fails only ${rule} for a host that ${breakage}`, async () => {
      const host = await startKitHost(sandbox.url, { ...options, breakage: broken });
      try {
        const failed = (await runConformance(host.target)).verdicts.filter((verdict) => !verdict.passed);
        assert.deepEqual(
          failed.map((verdict) => verdict.rule),
          [rule],
          failed.map((verdict) => `${verdict.rule}: ${verdict.detail}`).join('\n'),
        );
      } finally {
        await host.close();
      }
    });
  }
});
