import { isTerminal, type TransactionStatus } from '../../shared/transaction-state.js';
import { KycBudgetExceededError } from '../budgets/budget-error.js';
import { TOKEN_SEGMENT, typedCode } from '../handoff/codes.js';
import { announce } from '../handoff/announce.js';
import { arrive, type Arrival } from '../handoff/devices.js';
import { takeGuess } from '../handoff/guesses.js';
import { isCrossSite, mayBeAPerson } from '../handoff/navigation.js';
import type { OnHandoff, ResolvedHandoff } from '../handoff/options.js';
import { HandoffPages } from '../handoff/pages.js';
import { pageStringsFor, type PageStrings } from '../handoff/page-strings.js';
import { retireCode, shortLinkOf, tokenOfCode, type ShortLink } from '../handoff/short-links.js';
import type { RequestContext } from '../state/background.js';
import type { KitState } from '../state/kit-state.js';
import type { LinkChannel } from '../telemetry/names.js';
import { limitedBody } from './limited-body.js';

/** The device's cookie: which device opened a link first is told by it. */
const DEVICE_COOKIE = 'kyc_device';
const DEVICE_ID = /^[0-9a-f-]{36}$/;
/** Added to a link by the redirect that sets the device's cookie: a request that has it and no cookie did not keep it. */
const COOKIE_SENT = 'cookie';
/** A typed code's form is a few bytes; anything longer is not one. */
const MAX_FORM_BYTES = 1024;
const NOT_KEPT = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };

/** A live link: its token, what it stands for, and its transaction's status while pending. */
interface LiveLink {
  token: string;
  link: ShortLink;
  status: TransactionStatus;
}

/**
 * The short link and the typed code (docs/handoff.md), mounted at the go URL and below it:
 * `GET <go-url>/<token>` leads to the service's page while the transaction is pending, once a
 * browser showed it keeps the device's cookie; `GET <go-url>` is the form for a typed code,
 * `POST <go-url>` takes a right code to the service's page. An unknown link and an ended
 * transaction get one answer, and so do every wrong code, so that nothing's existence is told.
 */
export function goHandler(kit: KitState, handoff: ResolvedHandoff, onHandoff: OnHandoff | undefined) {
  const { store, reader, client } = kit;
  const verificationOrigin = new URL(client.verificationUrl).origin;
  const pages = new HandoffPages(verificationOrigin, handoff.siteName);

  /** The transaction's status when it is still pending, else null: the link is dead with it. Read within the read budget. */
  async function pendingStatus(link: ShortLink): Promise<TransactionStatus | null> {
    const { status, ended } = await reader.read(link.uuid);
    // Whoever sees an end makes sure its result is recorded, as the status handler does.
    if (ended) await kit.results.enqueue(link.uuid);
    const expiresAt = Date.parse(status.expires_at ?? '');
    return isTerminal(status.state) || expiresAt <= client.now() ? null : status;
  }

  async function liveLink(token: string | undefined): Promise<LiveLink | undefined> {
    const link = token && (await shortLinkOf(store, token));
    const status = link && (await pendingStatus(link));
    return link && status ? { token: token!, link, status } : undefined;
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

  /**
   * Records `device`'s arrival at `live` by `channel` and answers it: the service's page (by a 303, or from a
   * form to an origin its page may not lead to, a link to follow), or the refusal of another device.
   */
  async function admit(
    live: LiveLink,
    device: string,
    channel: LinkChannel,
    strings: PageStrings,
    context?: RequestContext,
  ): Promise<Response> {
    const { link, status } = live;
    kit.telemetry.about(link.uuid);
    const ttlMs = reader.untilExpiryOf(status);
    const { arrival } = await arrive(store, link, device, client.now(), ttlMs);
    if (arrival === 'first') await retireCode(store, link.code);
    const told = arrival === 'first' || arrival === 'other' ? await announce(kit, link.uuid) : undefined;
    const refused = arrival !== 'first' && arrival !== 'again' && handoff.otherDevices === 'refuse';
    if (arrival === 'first') await kit.telemetry.linkOpened(link.uuid, channel, ttlMs);
    if (arrival === 'other') kit.telemetry.otherDevice(refused);
    tell(link, arrival, told?.devices ?? 1, refused, context);
    const cookie = { 'set-cookie': deviceCookie(link, device, ttlMs) };
    if (refused) return pages.notice(strings, 'otherDevice', 403, cookie);
    if (channel === 'typed_code' && new URL(link.target).origin !== verificationOrigin)
      return pages.continueTo(strings, link.target, cookie);
    return new Response(null, { status: 303, headers: { location: link.target, ...cookie, ...NOT_KEPT } });
  }

  /**
   * A link opened. A device is counted only when a person's browser brings back the cookie the
   * kit set: a first visit without one is sent back to the same link with it, and what comes back
   * without it (a scanner, a preview, a browser that keeps no cookie) is never a device.
   */
  async function open(request: Request, token: string, strings: PageStrings, context?: RequestContext): Promise<Response> {
    const live = await liveLink(token);
    if (!live) return pages.notice(strings, 'ended', 404);
    const device = deviceOf(request);
    const person = mayBeAPerson(request);
    const asked = new URL(request.url);
    if (device && person) return admit(live, device, channelOf(asked), strings, context);
    if (!asked.searchParams.has(COOKIE_SENT)) {
      // The link as it was given, its query kept (`?via=…`), from the record: right under any mount.
      const again = new URL(`${live.link.goUrl}/${token}`);
      again.search = asked.search;
      again.searchParams.set(COOKIE_SENT, '1');
      const cookie: Record<string, string> = person
        ? { 'set-cookie': deviceCookie(live.link, crypto.randomUUID(), reader.untilExpiryOf(live.status)) }
        : {};
      return new Response(null, { status: 303, headers: { location: again.href, ...cookie, ...NOT_KEPT } });
    }
    // Only the first device may go on, and this one cannot be told from another.
    if (handoff.otherDevices === 'refuse') return pages.notice(strings, 'cookies', 403);
    return new Response(null, { status: 303, headers: { location: live.link.target, ...NOT_KEPT } });
  }

  /**
   * A typed code: from this site's own page only; counted as a miss against the kit's budgets
   * before it is read, and given back when it answers (or is no code at all); a right one leads to the service's
   * page, counted as a device at once (a form is posted by a person). Past the budgets the form
   * answers 429; the links are never counted against them (a device that has one never needs its
   * code: the code stops answering once a device opened the link), so others' misses lock nobody out of theirs.
   */
  async function typed(request: Request, strings: PageStrings, context?: RequestContext): Promise<Response> {
    if (isCrossSite(request, handoff.originFor(request))) return pages.codeForm(strings, undefined, 403);
    const guess = await takeGuess(store, kit.budgets, await kit.budgets.addressOf(request));
    if ('budget' in guess) {
      await kit.budgets.tell(new KycBudgetExceededError(guess.budget, kit.budgets.limits[guess.budget], guess.retryAfterMs), 'handoff');
      return pages.codeForm(strings, 'tooMany', 429, { 'retry-after': String(Math.max(1, Math.ceil(guess.retryAfterMs / 1000))) });
    }
    const body = await limitedBody(request, MAX_FORM_BYTES);
    const code = typedCode(new URLSearchParams(new TextDecoder().decode(body ?? new Uint8Array())).get('code') ?? '');
    // Not a code: no guess at all, it answers nothing, and costs no budget.
    const live = code ? await liveLink(await tokenOfCode(store, code)) : undefined;
    if (!code) await guess.notAMiss();
    if (!live) return pages.codeForm(strings, 'codeWrong', 400);
    await guess.notAMiss();
    return admit(live, deviceOf(request) ?? crypto.randomUUID(), 'typed_code', strings, context);
  }

  return async (request: Request, context?: RequestContext): Promise<Response> => {
    const strings = pageStringsFor(request);
    const last = new URL(request.url).pathname.split('/').filter(Boolean).at(-1) ?? '';
    const read = request.method === 'GET' || request.method === 'HEAD';
    try {
      if (TOKEN_SEGMENT.test(last)) return read ? await open(request, last, strings, context) : notAllowed('GET');
      if (read) return await pages.codeForm(strings);
      return request.method === 'POST' ? await typed(request, strings, context) : notAllowed('GET, POST');
    } catch (error) {
      kit.report(error);
      return pages.notice(strings, 'unavailable', 503, { 'retry-after': '5' });
    }
  };
}

/** How the link came, as far as the kit can tell: a link given with `?via=email` or `?via=sms` was sent so; any other, the QR code or the button. */
const channelOf = (asked: URL): LinkChannel => {
  const via = asked.searchParams.get('via');
  return via === 'email' || via === 'sms' ? via : 'link';
};

const notAllowed = (allow: string) => new Response(null, { status: 405, headers: { allow } });

/** The device's id from its cookie, when it has one of the kit's. */
function deviceOf(request: Request): string | undefined {
  for (const pair of (request.headers.get('cookie') ?? '').split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === DEVICE_COOKIE && DEVICE_ID.test(value.join('='))) return value.join('=');
  }
  return undefined;
}

/**
 * The device's cookie for `link`, until its transaction expires: HttpOnly and scoped to the go
 * URL's path (no page script and no other path of the site sees it), that path taken from the
 * configured go URL and percent-encoded (nothing a request's path says becomes an attribute),
 * and Secure whenever phones reach the go URL over https.
 */
function deviceCookie(link: ShortLink, device: string, ttlMs: number): string {
  const go = new URL(link.goUrl);
  const path = go.pathname.replace(/[^\w\-.~!$&'()*+=:@/%]/g, (character) => encodeURIComponent(character));
  const secure = go.protocol === 'https:' ? '; Secure' : '';
  return `${DEVICE_COOKIE}=${device}; Path=${path}; Max-Age=${Math.ceil(ttlMs / 1000)}; HttpOnly; SameSite=Lax${secure}`;
}
