/**
 * The playground's Service Worker: answers the requests of the in-browser backend (stack.ts) under its
 * scope, and lets every other request (the site's own files) go to the network. Its state lives in
 * its memory: a browser that stops the worker (idle, or on its own terms) starts a fresh one, and the
 * playground, which hears a new `boot` in the worker's answers, says it started over.
 */
import type { OptionsMessage, WorkerAnswer } from './messages.js';
import { installNodeGlobals } from './shims/globals.js';
import { createBrowserStack } from './stack.js';

// The little of the Service Worker's global scope used here (the whole project is typed with the DOM's lib, not WebWorker's).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
declare const self: {
  readonly registration: { readonly scope: string };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
};

installNodeGlobals();
const boot = crypto.randomUUID();
const stack = createBrowserStack(self.registration.scope);

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  if (!stack.answers(event.request)) return;
  event.respondWith(stack.fetch(event.request).then((response) => framedBy(event.request, response)));
});

self.addEventListener('message', (event) => {
  const message = event.data as OptionsMessage | null;
  if (message?.type === 'options') stack.useOptions(message.options);
  event.ports[0]?.postMessage({ boot } satisfies WorkerAnswer);
});

/**
 * The sandbox's pages and the kit's refuse to be framed (`frame-ancestors 'none'`); the playground
 * shows them in a phone-sized frame of its own page, so a page loaded in a frame may be framed by this origin.
 */
function framedBy(request: Request, response: Response): Response {
  const policy = response.headers.get('content-security-policy');
  if (request.destination !== 'iframe' || !policy?.includes("frame-ancestors 'none'")) return response;
  const headers = new Headers(response.headers);
  headers.set('content-security-policy', policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
