import { UUID_PATTERN } from '../shared/wire/codes.js';
import type { KycClient } from './client/client.js';
import type { OwnerOf } from './handlers/owner.js';
import { goHandler } from './handlers/go.js';
import type { HandoffOptions, OnHandoff } from './handoff/options.js';
import { sendHandler } from './handlers/send.js';
import { sessionHandler } from './handlers/session.js';
import { prepareHandler, type PrepareOptions, type PreparedSession } from './handlers/prepare.js';
import { sessionAnswerer, type BuildRequest } from './sessions/answer.js';
import { Budgets, type ClientAddressOf } from './budgets/budgets.js';
import { resolveBudgets, type BudgetOptions } from './budgets/options.js';
import { unknownClientsNote } from './budgets/unknown-clients.js';
import { resolveSendOptions, type SendChannel, type SendDestination, type SendLimitOptions, type SendLink } from './sends/options.js';
import { resolveSessionOptions, type SessionOptions } from './sessions/options.js';
import { PLAIN_ANSWER, type WithPlainAnswer } from './handlers/plain-answer.js';
import { callOf, statusAnswerer } from './handlers/status.js';
import { StatusAnswers } from './handlers/status-answers.js';
import { OpenStreams } from './handlers/open-streams.js';
import { streamResponse } from './handlers/status-stream.js';
import { webhookHandler, type WebhookOptions } from './handlers/webhook.js';
import { notFound, responseOf } from './handlers/responses.js';
import { BackgroundWork, type RequestContext } from './state/background.js';
import { ErrorReporter, logError, type ErrorSource, type OnError } from './state/error-reporter.js';
import type { KitState } from './state/kit-state.js';
import { MemoryStore } from './state/memory-store.js';
import { Reconciliation } from './state/reconciliation.js';
import { ResultDelivery, type OnResult } from './state/result-delivery.js';
import { StatusFeed } from './state/status-feed.js';
import { StatusReader } from './state/status-reader.js';
import { Sweeper } from './state/sweeper.js';
import { guardStore } from './state/store-errors.js';
import type { Store } from './state/store.js';
import { resolveTuning, type KycKitTuning } from './tuning.js';
import { Telemetry } from './telemetry/telemetry.js';
import { resolvePublicUrl } from './public-url.js';

/**
 * The kit's options: what it talks to and whom it answers, then `tuning` for the knobs. `Context` is
 * the second argument the mounts pass to the handlers, handed on to `owner`, `buildRequest`,
 * `sessions.key` and `sendLink` (`NodeContext` under `toNodeHandler`; default: `waitUntil` at most).
 */
export interface KycKitOptions<Context extends RequestContext = RequestContext> extends WebhookOptions {
  client: KycClient;
  /** Creates the transaction for the caller: see `BuildRequest`. */
  buildRequest: BuildRequest<Context>;
  /**
   * Called with each transaction's confirmed end and what the kit remembered of it: once, or
   * again if a process dies inside it (so make it idempotent: key it on `transaction.uuid`).
   * A throw is reported and retried with backoff.
   */
  onResult: OnResult;
  /** What the kit remembers. Default: a `MemoryStore` (one process); a fleet shares a `RedisStore`. */
  store?: Store;
  /**
   * The caller's identity (its session or user id): a transaction answers only to the caller who
   * created it, a session POST resumes the caller's transaction, and the per-owner limits count by it.
   * Without it, every session POST creates a transaction and no per-owner limit applies (docs/sessions.md).
   */
  owner?: OwnerOf<Context>;
  /**
   * Where the status handler is mounted, as the browser reaches it, with `{uuid}` where the uuid
   * goes: `'/kyc/status/{uuid}'`, or a URL relative to the session URL. Each session answer then
   * says it (`status_url`), and the element follows it there. Default: none, and the element
   * follows `<session-url>/<uuid>`, which the session handler answers as the status handler does.
   */
  statusUrl?: string;
  /**
   * Where browsers and phones reach the app: its origin, with the path prefix your proxy takes off
   * before the app sees a request, if any (`'https://shop.example'`, or `'https://shop.example/app'`
   * when `/app/kyc/session` reaches the app as `/kyc/session`). Every absolute URL the kit answers
   * with (the short link, the typed code's page, `status_url`) is built on it, never on a request's
   * `Host`; its origin is the backend's own for the session and send guards. Without it the short
   * link is off: on a loopback host a phone could not open it anyway, and elsewhere `onError` is
   * told once to set this (docs/kit.md#the-public-url).
   */
  publicUrl?: string;
  /** Resume, who may create sessions, and the per-owner limits (docs/sessions.md). */
  sessions?: SessionOptions<Context>;
  /**
   * Sends the verification link to the transaction's owner, with the backend's mailer or SMS provider,
   * to the destination the backend's records have for the owner (docs/send-link.md). With it, the
   * `send` handler sends, and every answer says on which channels (`"send": ["email"]`). Needs `owner`.
   */
  sendLink?: SendLink<Context>;
  /** The channels `sendLink` serves. Default `['email']`. */
  sendChannels?: readonly SendChannel[];
  /** How often a link may be sent: per transaction, its cooldown, per owner (docs/send-link.md). */
  sendLimits?: SendLimitOptions;
  /**
   * Which destination `sendLink` will use (the full number or address, from your records): the
   * kit counts sends per destination (`budgets.sendsPerDestinationPerHour`) before sending.
   * Without it only the owner's and the whole kit's send limits hold.
   */
  sendDestination?: SendDestination;
  /**
   * What the whole kit, and each client address, may spend whatever owner each caller claims:
   * creations, sends, provider reads and streams (docs/budgets.md). Each has a default; `Infinity`
   * or `false` turns one off.
   */
  budgets?: BudgetOptions;
  /**
   * The client's address, as your proxy tells it: a reader of `clientAddressFrom`
   * (`clientAddressFrom.forwardedFor(1)` behind nginx, `.platform('cloudflare')`…), or your own
   * function. The per-address budgets count by it. Default none: no header is trusted unless you
   * say so, and the per-address budgets are off (docs/budgets.md#client-addresses).
   */
  clientAddress?: ClientAddressOf;
  /** Generates a `transaction_id`; default `crypto.randomUUID()`. A 409 (docs/service.md §4.2) makes it generate another. */
  newTransactionId?: () => string;
  /**
   * Where failures go (the service or the store failing, a throwing `onResult`, an orphaned
   * transaction, a bad message on the store's channel), with which handler met it and the
   * transaction's uuid when known. Rate-limited: the first error of a kind at once, then one
   * `KycRepeatedError` a second counting the others. Default: a refused request as one `console.warn` line, anything else to `console.error`.
   */
  onError?: OnError;
  /**
   * The short link the QR code, the button and the sent links carry, the typed code, and what the
   * desktop learns when the phone opens it (docs/handoff.md). On wherever the kit knows where phones
   * reach it (`publicUrl`, or an absolute `handoff.url`), with the `go` handler beside the session URL; `false` turns it off.
   */
  handoff?: HandoffOptions | false;
  /** Told when a device opens a transaction's short link first, and when another device opens it too (docs/handoff.md). */
  onHandoff?: OnHandoff;
  /** The knobs, each with a default that suits most backends. */
  tuning?: KycKitTuning;
}

/**
 * A handler of the kit: a Fetch handler, with a context of the mount's (the request's `waitUntil`
 * where the runtime has one, what the host's framework knows of the caller). Optional unless the
 * kit's `Context` has a required field.
 */
export type KitHandler<Context extends RequestContext = RequestContext> = (
  request: Request,
  ...context: RequestContext extends Context ? [context?: Context] : [context: Context]
) => Promise<Response>;

export interface KycKit<Context extends RequestContext = RequestContext> {
  /**
   * `POST`: answers the caller's current transaction, or creates one (docs/sessions.md).
   * `GET …/{uuid}` below it: the status handler, the element's default status URL.
   */
  session: KitHandler<Context>;
  /** `GET …/{uuid}`: the status object the widget polls; with `Accept: text/event-stream`, its stream. */
  status: KitHandler<Context>;
  /**
   * `POST …/{uuid}/send`: sends the link of the caller's transaction to the caller (`sendLink`);
   * answers 404 for every request when `sendLink` is not configured.
   */
  send: KitHandler<Context>;
  /** `POST`: the service's webhooks. */
  webhook: KitHandler<Context>;
  /**
   * Mounted at the handoff's go URL and below it (docs/handoff.md): `GET …/<token>` (the short link),
   * `GET` and `POST` on the go URL itself (the typed code's page). Answers 404 when the handoff is off.
   */
  go: KitHandler<Context>;
  /**
   * The session of the person whose page is being rendered, prepared while it renders: resumed or
   * created exactly as `session` would answer the element's POST, for the browser's own navigation
   * to the page only (never an embed, a cross-site link, a prefetch or a prerender). Render it with
   * `kyc-verify/ssr`, so that the page's HTML carries the link (docs/sessions.md).
   */
  prepare(
    request: Request,
    options: RequestContext extends Context ? PrepareOptions<Context> : PrepareOptions<Context> & { context: Context },
  ): Promise<PreparedSession>;
  /**
   * Resolves when the work started after answers (result deliveries, their retries) has settled.
   * After `close()`, the work of the requests answered since (what was handed to the fleet is not waited for).
   */
  idle(): Promise<void>;
  /** Status streams open in this process. */
  readonly openStreams: number;
  /**
   * This process's part stops, for a deploy or a scale-in (docs/fleet.md, "Stopping an instance"):
   * the sweeps stop; each open status stream ends with a hint to reconnect within a second (to
   * another instance, which sends only what changed), and a stream opened later ends after its
   * first status; ends found from now on are left in the store, where another process's sweep
   * delivers them. Resolves once the results being delivered here have finished, or after
   * `tuning.closeTimeoutMs` (5 s), having handed the ones still running to the fleet. The handlers
   * keep answering; the store is not closed (close it once the server has closed).
   */
  close(): Promise<void>;
}

/**
 * The kit: the three handlers the widget and the service talk to, sharing one store, one
 * provider-read budget and one result delivery. Build it once per process and mount its handlers.
 */
export function createKycKit<Context extends RequestContext = RequestContext>(options: KycKitOptions<Context>): KycKit<Context> {
  return createKit(options as unknown as KycKitOptions) as unknown as KycKit<Context>;
}

/** The kit over the base context: each hook gets the context its handler got, which `KitHandler<Context>` makes the caller pass. */
function createKit(options: KycKitOptions): KycKit {
  const reporter = new ErrorReporter(options.onError ?? logError);
  const tuning = resolveTuning(options.tuning);
  const publicUrl = resolvePublicUrl(options.publicUrl);
  const sessions = resolveSessionOptions(options.sessions, options.statusUrl, options.handoff, publicUrl);
  const sends = resolveSendOptions(options.sendLink, options.sendChannels, options.sendLimits, options.sendDestination);
  // Without an owner there is nobody to send to: the destination is looked up by it.
  if (sends && !options.owner) throw new TypeError('sendLink needs owner: the link is sent to the owner of the transaction');
  const holder = crypto.randomUUID();
  // Metrics and spans when the application registered an OpenTelemetry SDK before this call; else nothing (docs/operations.md).
  const telemetry: Telemetry = new Telemetry({
    store: () => store,
    holder,
    now: options.client.now,
    serviceNow: () => (options.client.serviceNow ?? options.client.now)(),
    openStreams: () => feed.size,
  });
  const store = guardStore(options.store ?? new MemoryStore({ now: options.client.now }), tuning.storeTimeoutMs, telemetry.storeObserver);
  const client = telemetry.client(options.client);
  const { retentionMs } = tuning;
  const background = new BackgroundWork(reporter.for('background'));
  const budgets = new Budgets({
    store,
    limits: resolveBudgets(options.budgets),
    clientAddress: options.clientAddress,
    holder,
    tell: (error, handler) => reporter.tell(error, handler),
    telemetry,
  });
  const reader = new StatusReader({ client, store, holder, retentionMs, staleForMs: tuning.staleForMs, budgets, telemetry });
  const results = new ResultDelivery({
    store,
    reader,
    background,
    holder,
    onResult: telemetry.onResult(options.onResult),
    report: reporter.for('results'),
    telemetry,
    retryDelaysMs: tuning.retryDelaysMs,
    leaseMs: tuning.resultLeaseMs,
    retentionMs,
    now: client.now,
  });
  const reconciliation = new Reconciliation({
    store,
    reader,
    results,
    background,
    report: reporter.for('results'),
    intervalMs: tuning.reconcileIntervalMs,
    now: client.now,
    telemetry,
  });
  const feed = new StatusFeed({
    store,
    reader,
    results,
    followIntervalMs: tuning.streamFollowIntervalMs,
    report: reporter.for('status'),
    reportChannel: reporter.for('store'),
    now: client.now,
  });
  const streams = new OpenStreams({ ...tuning, ...budgets.limits });
  const offers = sends ? { send: [...sends.channels] } : {};
  const answers = new StatusAnswers(offers);
  /** What a handler works with: the kit's parts, and a report that names the handler. */
  const stateOf = (handler: ErrorSource): KitState => ({
    client,
    store,
    reader,
    results,
    reconciliation,
    background,
    owner: options.owner,
    feed,
    streams,
    budgets,
    tuning,
    offers,
    answers,
    telemetry,
    report: reporter.for(handler),
  });

  const sweeps = [(context?: RequestContext) => results.sweep(context), (context?: RequestContext) => reconciliation.sweep(context)];
  const sweeper = new Sweeper(sweeps, background, reporter.for('results'), client.now, tuning.sweepIntervalMs);
  /** `handle`, in a span of its own when tracing is on, sweeping first when a sweep is due. */
  const withSweep = (name: string, handle: (request: Request, context?: RequestContext) => Promise<Response>): KitHandler => {
    const traced = telemetry.handler(name, handle);
    return (request, context) => {
      sweeper.onRequest(context);
      return traced(request, context);
    };
  };

  let closed: Promise<void> | undefined;
  const close = async () => {
    sweeper.stop();
    telemetry.close();
    results.close();
    background.stop();
    streams.closeAll();
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(resolve, tuning.closeTimeoutMs, 'timeout').unref?.());
    if ((await Promise.race([background.idle(), timeout])) !== 'timeout') return;
    // Handed to the fleet: `idle()` no longer waits for them (a stuck onResult must not hold the process).
    await results.handOver();
    background.forget();
  };

  const answerStatus = telemetry.handler('status', statusAnswerer(stateOf('status')));
  const status = async (request: Request, context?: RequestContext) => {
    const answer = await answerStatus(callOf(request), context);
    if (answer instanceof Response) return answer;
    return 'events' in answer ? streamResponse(answer, request.signal) : responseOf(answer);
  };
  /** `handler`, and the same answers without Fetch objects for a poll (a GET): the Node adapter's way in (handlers/plain-answer.ts). */
  const answeringPlainly = (handler: KitHandler): WithPlainAnswer<KitHandler> =>
    Object.assign(handler, {
      [PLAIN_ANSWER]: (call, context) => {
        if (call.method !== 'GET') return handler(call.request(), context);
        sweeper.onRequest(context);
        return answerStatus(call, context);
      },
    } satisfies Pick<WithPlainAnswer<KitHandler>, typeof PLAIN_ANSWER>);
  const noteUnknownClients = options.clientAddress ? () => {} : unknownClientsNote(budgets.limits, reporter.for('session'));
  const answerSession = sessionAnswerer(
    stateOf('session'),
    options.buildRequest,
    options.newTransactionId ?? (() => crypto.randomUUID()),
    sessions,
  );
  const session = sessionHandler(stateOf('session'), answerSession, sessions);
  const prepare = telemetry.handler('prepare', prepareHandler(answerSession, publicUrl));
  const go = sessions.handoff ? goHandler(stateOf('handoff'), sessions.handoff, options.onHandoff) : async () => notFound();
  const send = sends ? sendHandler(stateOf('send'), sends, sessions.allowedOrigins) : async () => notFound();
  /** `POST …/<uuid>/send`: the uuid's segment checked, so that a session URL of any name is never taken for one. */
  const isSend = (request: Request) => {
    const [id, last] = new URL(request.url).pathname.split('/').slice(-2);
    return request.method === 'POST' && last === 'send' && UUID_PATTERN.test(id ?? '');
  };

  return {
    // `<session-url>/{uuid}` is where the element follows when nobody says otherwise, and the send POST
    // goes to the status URL plus `/send`: one mount of the session handler serves all three.
    session: answeringPlainly(
      withSweep('session', (request, context) =>
        request.method === 'GET'
          ? status(request, context)
          : isSend(request)
            ? send(request, context)
            : (noteUnknownClients(request), session(request, context)),
      ),
    ),
    status: answeringPlainly(
      withSweep('status', (request, context) => (isSend(request) ? send(request, context) : status(request, context))),
    ),
    send: withSweep('send', send),
    webhook: withSweep('webhook', webhookHandler(stateOf('webhook'), options)),
    go: withSweep('go', go),
    prepare: (request, options) => {
      sweeper.onRequest(options.context);
      noteUnknownClients(request);
      return prepare(request, options);
    },
    idle: () => background.idle(),
    get openStreams() {
      return feed.size;
    },
    close: () => (closed ??= close()),
  };
}
