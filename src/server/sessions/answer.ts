import { answeredNow, statusOf } from '../client/transaction-status.js';
import { KycConfigurationError } from '../configuration-error.js';
import { TOKEN_SEGMENT } from '../handoff/codes.js';
import { liveCodeOf, registerShortLink, shortLinkOf } from '../handoff/short-links.js';
import type { RequestContext } from '../state/background.js';
import type { KitState } from '../state/kit-state.js';
import { KycOrphanedTransactionError, KycStoreFullError } from '../state/store-errors.js';
import { giveBack, takeLimits } from '../budgets/limits.js';
import { errorResponse, failureResponse } from '../handlers/responses.js';
import type { TransactionStatus } from '../../shared/transaction-state.js';
import { createUnique, linkOf, withStepWebhooks, type SessionTransactionRequest } from './create.js';
import type { SessionMode } from './guard.js';
import { creationLimits, refusedResponse } from './limits.js';
import type { ResolvedSessionOptions } from './options.js';
import { resumable, type Resumable } from './resume.js';

/**
 * Builds the create request for the caller from the incoming Request and what the mount passed with
 * it (`context`: the host's session, its user, its `nin`, its metadata). The browser's body is never
 * read. Return a Response to refuse (for example a 401 when nobody is logged in). Called only when a
 * transaction is to be created: by the session POST, or by `kit.prepare` with the page's own request.
 */
export type BuildRequest<Context extends RequestContext = RequestContext> = (
  request: Request,
  context: Context,
) => SessionTransactionRequest | Response | Promise<SessionTransactionRequest | Response>;

/**
 * The body of the session answer (docs/host-protocol.md): the status object, the link to show the
 * user, whether it is a transaction created earlier, where to follow it when the kit was told, and
 * the typed code when the link is the kit's short link.
 */
export type SessionAnswerBody = TransactionStatus & {
  link: string;
  resumed: boolean;
  status_url?: string;
  /** Where a person who cannot scan types the code, and the code (docs/handoff.md): with the short link only. */
  typed_code?: { url: string; code: string };
};

/** A session answered (200 resumed, 201 created), or the Response that refuses or reports a failure. */
export type SessionOutcome = SessionAnswerBody | Response;

/**
 * Answers one session request in `mode`: see `sessionAnswerer`. `request` is the session POST (for
 * `kit.prepare`, the one the page's element would have sent): the go URL and `status_url` hang on its URL.
 */
export type SessionAnswerer = (request: Request, context: RequestContext, mode: SessionMode) => Promise<SessionOutcome>;

/** How long a creation under way holds its place among the owner's pending transactions (the service may take its timeout, thrice). */
const HOLD_MS = 60_000;
/** How long one request may hold the right to create for an owner and key, so that concurrent resumes create one transaction. */
const CREATE_LEASE_MS = 20_000;
/** How often a resume waiting for another request's creation looks for it. */
const WAIT_STEP_MS = 100;

/**
 * The caller's current transaction, or one created when the caller asks for a new one, has none to
 * resume, or has no owner; within the owner's limits and the kit's budgets (429) and the store's
 * room (503). The one way to a session, for the session POST and for `kit.prepare` alike
 * (docs/sessions.md); who may ask is each caller's guard.
 */
export function sessionAnswerer(
  kit: KitState,
  buildRequest: BuildRequest,
  newTransactionId: () => string,
  options: ResolvedSessionOptions,
): SessionAnswerer {
  const { client, store, reader } = kit;

  let toldConfiguration = false;
  /** The go URL for `request`, or null when the short link is off for it; why it is off, when a setting would turn it on, told once. */
  const goUrlFor = (request: Request): string | null => {
    const goUrl = options.handoff?.urlFor(request) ?? null;
    if (!(goUrl instanceof KycConfigurationError)) return goUrl;
    if (!toldConfiguration) kit.report(goUrl);
    toldConfiguration = true;
    return null;
  };

  /** The code typed for `link` while it can still be typed: a short link under the go URL whose first device has not come yet. */
  const liveCodeFor = async (link: string, goUrl: string | null): Promise<string | undefined> => {
    const token = goUrl && link.startsWith(`${goUrl}/`) ? link.slice(goUrl.length + 1) : '';
    const shortLink = TOKEN_SEGMENT.test(token) ? await shortLinkOf(store, token) : undefined;
    return shortLink && liveCodeOf(store, token, shortLink);
  };

  /** The session answer; `code`, the typed code of a link just created (a resumed one's is looked up). */
  const answer = async (
    request: Request,
    status: TransactionStatus,
    link: string,
    resumed: boolean,
    code?: string,
  ): Promise<SessionAnswerBody> => {
    const statusUrl = options.statusUrlOf(status.uuid, request);
    const goUrl = goUrlFor(request);
    const typed = goUrl && (code ?? (await liveCodeFor(link, goUrl)));
    return {
      ...answeredNow(status, client),
      ...kit.offers,
      link,
      resumed,
      ...(statusUrl && { status_url: statusUrl }),
      ...(typed && { typed_code: { url: goUrl, code: typed } }),
    };
  };

  async function create(request: Request, context: RequestContext, owner: string | null, key: string): Promise<SessionOutcome> {
    const built = await buildRequest(request, context);
    if (built instanceof Response) return built;
    const limits = creationLimits(kit, owner, await kit.budgets.addressOf(request), options.limits);
    const take = await takeLimits(store, limits);
    if (!take.taken) {
      kit.telemetry.refused(take.reason === 'too_many_created' ? take.reason : 'budget');
      if (take.reason === 'too_many_created') return refusedResponse({ reason: take.reason, retryAfterMs: take.retryAfterMs });
      return kit.budgets.refuse(take.reason, take.retryAfterMs, 'session');
    }
    const place = crypto.randomUUID();
    const reservation = await store.reserveSession(owner, place, options.limits.maxPending, HOLD_MS);
    if (!reservation.reserved) {
      kit.telemetry.refused(reservation.reason);
      // Nothing is created: the creation counts against no limit.
      await giveBack(store, limits);
      if (reservation.reason === 'store_full')
        kit.report(new KycStoreFullError("the kit's MemoryStore holds maxEntries live transactions: raise it, or share a RedisStore"));
      return refusedResponse(reservation);
    }
    const sent = withStepWebhooks(built);
    let transaction;
    try {
      transaction = await createUnique(client, sent, newTransactionId);
    } catch (error) {
      await Promise.resolve(store.releaseSession(owner, place)).catch(kit.report);
      throw error;
    }
    const initial = statusOf(transaction);
    kit.budgets.spent(limits);
    const target = linkOf(transaction, built, client);
    const goUrl = goUrlFor(request);
    let link = target;
    let code: string | undefined;
    try {
      // The short link and its code live as long as the transaction is pending; recorded before anyone is given them.
      if (goUrl) {
        const shortLink = { uuid: transaction.uuid, transactionId: transaction.transaction_id, target, goUrl };
        const registered = await registerShortLink(store, shortLink, reader.untilExpiryOf(initial));
        [link, code] = [`${goUrl}/${registered.token}`, registered.code];
      }
      await store.saveCreated({ uuid: transaction.uuid, transactionId: transaction.transaction_id, owner, link }, reader.ttlOf(initial));
    } catch (error) {
      throw new KycOrphanedTransactionError(transaction.uuid, transaction.transaction_id, error);
    }
    await kit.telemetry.created(transaction.uuid, reader.ttlOf(initial));
    // Followed until its end, so that its result is delivered whoever polls and whatever happens to its
    // webhooks. Recorded, it is no orphan without that: its webhooks and polls still deliver it, so answer it.
    await Promise.resolve(kit.reconciliation.follow(transaction.uuid, initial)).catch((error: unknown) =>
      kit.report(error, transaction.uuid),
    );
    // Without it, its stream reads it every second until its first step's webhook comes.
    if (sent.metadata?.webhook_full_update)
      await Promise.resolve(store.setMark('step-webhooks', transaction.uuid, reader.ttlOf(initial))).catch(kit.report);
    const expiresInMs = reader.untilExpiryOf(initial);
    // Without it a reload creates another transaction, but this one is created and recorded: answer it.
    await Promise.resolve(
      store.confirmSession(owner, place, { uuid: transaction.uuid, key, link }, expiresInMs, expiresInMs + options.resumeEndedForMs),
    ).catch(kit.report);
    // Only a cache: without it the first poll reads the service. The session must not be lost for it.
    const status = await reader.save(transaction.uuid, initial, client.now()).then(
      (stored) => stored.status,
      (error: unknown) => (kit.report(error), initial),
    );
    return answer(request, status, link, false, code);
  }

  function resumed(request: Request, { status, session }: Resumable): Promise<SessionAnswerBody> {
    kit.telemetry.resumed();
    kit.telemetry.about(status.uuid);
    return answer(request, status, session.link, true);
  }

  /** The owner's transaction of `key` if there is one to resume; else one created, by one request at a time across the fleet. */
  async function resumeOrCreate(request: Request, context: RequestContext, owner: string, key: string): Promise<SessionOutcome> {
    const lease = `session:${JSON.stringify([owner, key])}`;
    const holder = crypto.randomUUID();
    for (;;) {
      const found = await resumable(kit, owner, key, options.resumeEndedForMs, context);
      if (found) return await resumed(request, found);
      // The lease expires if its holder dies: the wait is bounded by CREATE_LEASE_MS.
      if (await store.acquire(lease, holder, CREATE_LEASE_MS)) {
        try {
          // Another request may have created it between the look above and the lease.
          const created = await resumable(kit, owner, key, options.resumeEndedForMs, context);
          return created ? await resumed(request, created) : await create(request, context, owner, key);
        } finally {
          await Promise.resolve(store.release(lease, holder)).catch(kit.report);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    }
  }

  return async (request: Request, context: RequestContext, mode: SessionMode): Promise<SessionOutcome> => {
    try {
      // An empty id is nobody too: a cookie helper that answers '' must not make all anonymous callers one owner.
      const owner = kit.owner ? (await kit.owner(request, context)) || null : null;
      if (kit.owner && owner === null) {
        kit.telemetry.refused('unauthenticated');
        return errorResponse(401, 'unauthenticated', 'log in to start a verification');
      }
      // Without an owner there is nobody to resume for, and no one to limit: every call creates.
      if (owner === null) return await create(request, context, null, '');
      const key = await options.key(request, context);
      if (mode === 'new') return await create(request, context, owner, key);
      return await resumeOrCreate(request, context, owner, key);
    } catch (error) {
      return failureResponse(error, kit.report);
    }
  };
}
