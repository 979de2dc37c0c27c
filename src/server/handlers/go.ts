import { isTerminal, type TransactionStatus } from '../../shared/transaction-state.js';
import { CODE_ALPHABET, CODE_LENGTH, typedCode } from '../handoff/codes.js';
import { arrive, type Arrival } from '../handoff/devices.js';
import { takeGuess, type Guess } from '../handoff/guesses.js';
import type { OnHandoff, ResolvedHandoff } from '../handoff/options.js';
import { codeForm, notice } from '../handoff/pages.js';
import { pageStringsFor, type PageStrings } from '../handoff/page-strings.js';
import { shortLinkOf, type ShortLink } from '../handoff/short-links.js';
import type { RequestContext } from '../state/background.js';
import type { KitState } from '../state/kit-state.js';
import { limitedBody } from './limited-body.js';

/** A short link's last segment: a code exactly as the kit writes it (a mount's lower-case name never is one). */
const CODE_SEGMENT = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);
/** The device's cookie: which device opened a link first is told by it. */
const DEVICE_COOKIE = 'kyc_device';
const DEVICE_ID = /^[0-9a-f-]{36}$/;
/** A typed code's form is a few bytes; anything longer is not one. */
const MAX_FORM_BYTES = 1024;

/**
 * The short link and the typed code (docs/handoff.md), mounted at the go URL and below it:
 * `GET <go-url>/<code>` redirects to the service's link while the transaction is pending,
 * `GET <go-url>` is the form for a typed code, `POST <go-url>` takes the code to its short link.
 * An unknown code and an ended transaction get one answer, so that no code's existence is told.
 */
export function goHandler(kit: KitState, handoff: ResolvedHandoff, onHandoff: OnHandoff | undefined) {
  const { store, reader, client } = kit;

  /** The guess counted, or the answer that refuses it (429, and when to come back). */
  async function guess(request: Request, code: string | null, strings: PageStrings, page: 'form' | 'notice'): Promise<Guess | Response> {
    const taken = await takeGuess(store, (await kit.budgets.addressOf(request)) ?? null, code);
    if ('found' in taken) return taken;
    const headers = { 'retry-after': String(Math.ceil(taken.retryAfterMs / 1000)) };
    return page === 'form' ? codeForm(strings, 'tooMany', 429, headers) : notice(strings, 'tooMany', 429, headers);
  }

  /** The transaction's status when it is still pending, else null: the code is dead with it. Read within the read budget. */
  async function pendingStatus(link: ShortLink): Promise<TransactionStatus | null> {
    const { status, ended } = await reader.read(link.uuid);
    // Whoever sees an end makes sure its result is recorded, as the status handler does.
    if (ended) await kit.results.enqueue(link.uuid);
    const expiresAt = Date.parse(status.expires_at ?? '');
    return isTerminal(status.state) || expiresAt <= client.now() ? null : status;
  }

  /** The desktop hears it at once: the stored status carries the handoff, published to every process's streams. */
  async function announce(uuid: string, status: TransactionStatus, handoff: TransactionStatus['handoff']): Promise<void> {
    const cached = await store.getStatus(uuid);
    if (!cached) return void (await reader.read(uuid));
    const written = await store.writeStatus(
      uuid,
      { status: { ...cached.status, handoff }, fetchedAt: cached.fetchedAt },
      reader.ttlOf(status),
    );
    await store.publishStatus(uuid, written);
  }

  function tell(link: ShortLink, arrival: Arrival, devices: number, refused: boolean, context?: RequestContext): void {
    if (!onHandoff || (arrival !== 'first' && arrival !== 'other')) return;
    const event = {
      kind: arrival === 'first' ? ('opened' as const) : ('other_device' as const),
      uuid: link.uuid,
      transactionId: link.transactionId,
      devices,
      refused,
      at: new Date(client.now()).toISOString(),
    };
    kit.background.track(
      Promise.resolve()
        .then(() => onHandoff(event))
        .catch((error: unknown) => kit.report(error, link.uuid)),
      context,
    );
  }

  async function open(request: Request, code: string, strings: PageStrings, context?: RequestContext): Promise<Response> {
    const counted = await guess(request, code, strings, 'notice');
    if (counted instanceof Response) return counted;
    const link = await shortLinkOf(store, code);
    const status = link && (await pendingStatus(link));
    if (!link || !status) return notice(strings, 'ended', 404);
    kit.telemetry.about(link.uuid);
    await counted.found();
    const known = cookieOf(request, DEVICE_COOKIE);
    const device = known && DEVICE_ID.test(known) ? known : crypto.randomUUID();
    const ttlMs = reader.ttlOf(status);
    const { arrival, handoff: state } = await arrive(store, link.uuid, device, client.now(), ttlMs);
    const refused = (arrival === 'other' || arrival === 'other-again') && handoff.otherDevices === 'refuse';
    if (state) await announce(link.uuid, status, state);
    if (arrival === 'first') await kit.telemetry.linkOpened(link.uuid, 'link', ttlMs);
    if (arrival === 'other') kit.telemetry.otherDevice(refused);
    tell(link, arrival, state?.devices ?? 0, refused, context);
    const path = new URL(request.url).pathname.replace(/\/[^/]*\/?$/, '') || '/';
    const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : '';
    // HttpOnly and scoped to the short links: no page script and no other path of the site sees it.
    const cookie = `${DEVICE_COOKIE}=${device}; Path=${path}; Max-Age=${Math.ceil(ttlMs / 1000)}; HttpOnly; SameSite=Lax${secure}`;
    if (refused) return notice(strings, 'otherDevice', 403, { 'set-cookie': cookie });
    return new Response(null, {
      status: 303,
      headers: { location: link.target, 'set-cookie': cookie, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
    });
  }

  /** A typed code: to its short link when it answers; otherwise the form again, saying so. */
  async function typed(request: Request, strings: PageStrings): Promise<Response> {
    const body = await limitedBody(request, MAX_FORM_BYTES);
    const code = typedCode(new URLSearchParams(new TextDecoder().decode(body ?? new Uint8Array())).get('code') ?? '');
    const counted = await guess(request, code, strings, 'form');
    if (counted instanceof Response) return counted;
    const link = code && (await shortLinkOf(store, code));
    if (!code || !link || !(await pendingStatus(link))) return codeForm(strings, 'codeWrong', 400);
    await counted.found();
    const here = new URL(request.url).pathname.replace(/\/+$/, '');
    return new Response(null, { status: 303, headers: { location: `${here}/${code}`, 'cache-control': 'no-store' } });
  }

  return async (request: Request, context?: RequestContext): Promise<Response> => {
    const strings = pageStringsFor(request);
    const last = new URL(request.url).pathname.split('/').filter(Boolean).at(-1) ?? '';
    const read = request.method === 'GET' || request.method === 'HEAD';
    try {
      if (CODE_SEGMENT.test(last)) return read ? await open(request, last, strings, context) : notAllowed('GET');
      if (read) return codeForm(strings);
      return request.method === 'POST' ? await typed(request, strings) : notAllowed('GET, POST');
    } catch (error) {
      kit.report(error);
      return notice(strings, 'unavailable', 503, { 'retry-after': '5' });
    }
  };
}

const notAllowed = (allow: string) => new Response(null, { status: 405, headers: { allow } });

/** The value of cookie `name` in the request, or undefined. */
function cookieOf(request: Request, name: string): string | undefined {
  for (const pair of (request.headers.get('cookie') ?? '').split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
