import { KycApiError } from '../client/errors.js';
import { refusalOf } from '../sessions/guard.js';
import { KycSessionRefusedError } from '../sessions/refused-error.js';
import type { ResolvedSendOptions, SendChannel } from '../sends/options.js';
import type { RequestContext } from '../state/background.js';
import type { KitState } from '../state/kit-state.js';
import { takeLimits } from '../budgets/limits.js';
import { isSendRefusal, sendLimits, type SendRefusal } from '../sends/limits.js';
import { limitedBody } from './limited-body.js';
import { errorResponse, failureResponse, jsonResponse, methodNotAllowed, notFound } from './responses.js';
import { UUID_PATTERN } from '../../shared/wire/codes.js';

/** The answer to a send: the channel, the masked destination, and seconds before another send is taken (null: none left). */
export interface SendAnswerBody {
  channel: SendChannel;
  to: string;
  retry_after: number | null;
}

/** The body names the channel and nothing else that counts: a few bytes. */
const MAX_BODY_BYTES = 1024;

const REFUSALS: Record<SendRefusal, string> = {
  cooldown: 'the link was sent a moment ago: wait before sending it again',
  too_many_sends: 'the link of this verification was sent as many times as allowed',
  too_many_owner_sends: 'links were sent too often: wait before sending another',
};

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * `POST …/{uuid}/send` with `{ "channel": "email" }`: sends the transaction's link to its owner through
 * `sendLink`, to the destination the backend's records have (the body cannot name one). Only the
 * owner (else 404, as for an unknown uuid), only while pending (409), from the backend's own pages
 * (403), within the limits and budgets held in the store (429 with Retry-After). docs/send-link.md.
 */
export function sendHandler(kit: KitState, options: ResolvedSendOptions, allowedOrigins: ReadonlySet<string>) {
  const { store, reader } = kit;
  return async (request: Request, context: RequestContext = {}): Promise<Response> => {
    if (request.method !== 'POST') return methodNotAllowed('POST');
    const refusal = refusalOf(request, allowedOrigins, ['send']);
    if (refusal) {
      kit.report(new KycSessionRefusedError(refusal));
      return errorResponse(403, 'forbidden', refusal);
    }
    const uuid = new URL(request.url).pathname.split('/').filter(Boolean).at(-2) ?? '';
    if (!UUID_PATTERN.test(uuid)) return errorResponse(400, 'invalid_uuid', 'the path must end with a transaction uuid, then /send');
    kit.telemetry.about(uuid);
    try {
      const created = await store.getCreated(uuid);
      const owner = kit.owner ? (await kit.owner(request, context)) || null : null;
      if (!created || owner === null || created.owner !== owner) return notFound();
      const channel = await channelOf(request);
      if (!channel || !options.channels.includes(channel)) {
        return errorResponse(
          400,
          'invalid_channel',
          `send a JSON body { "channel": ${options.channels.map((c) => `"${c}"`).join(' | ')} }`,
        );
      }
      const { status, ended } = await reader.read(uuid);
      if (ended) await kit.results.enqueue(uuid, context);
      // A link past its expiry, before the service says it expired, is as good as ended.
      const untilExpiry = reader.untilExpiryOf(status);
      if (status.state !== 'pending' || untilExpiry === 0)
        return errorResponse(409, 'not_pending', `the verification has ended (${status.state}): nothing to send`);
      const link = created.link ?? kit.client.verificationLink(uuid);
      const sending = { uuid, link, channel, owner, request, context };
      const destination = await options.destination?.(sending);
      // The transaction's sends count for its life: until its expiry, and the retention after (never less).
      const lifeMs = untilExpiry + kit.tuning.retentionMs;
      const limits = await sendLimits(kit, { uuid, owner, destination, lifeMs }, options.limits);
      const take = await takeLimits(store, limits);
      if (!take.taken) {
        const { reason } = take;
        if (!isSendRefusal(reason)) return await kit.budgets.refuse(reason, take.retryAfterMs, 'send');
        // Its count refuses it until the transaction expires, not for the count's whole window.
        const retryAfterMs = reason === 'too_many_sends' ? untilExpiry : take.retryAfterMs;
        return errorResponse(429, reason, REFUSALS[reason], { 'retry-after': String(seconds(retryAfterMs)) });
      }
      kit.budgets.spent(limits);
      let to: string;
      try {
        ({ to } = await options.sendLink(sending));
        if (typeof to !== 'string') throw new TypeError(`sendLink resolved with ${JSON.stringify(to)} as "to", not a string`);
      } catch (error) {
        kit.report(error, uuid);
        return errorResponse(502, 'send_failed', 'the link could not be sent now; try again later');
      }
      // The transaction's count is the first limit: none left, no next send; else the next after the cooldown.
      const last = options.limits.perTransaction !== Infinity && take.hits[0]!.remaining === 0;
      const body: SendAnswerBody = { channel, to, retry_after: last ? null : seconds(options.limits.cooldownMs) };
      return jsonResponse(200, body);
    } catch (error) {
      if (error instanceof KycApiError && (error.status === 403 || error.status === 404)) return notFound();
      return failureResponse(error, kit.report, uuid);
    }
  };
}

/** The channel the body names; anything else in it is ignored (the destination above all). */
async function channelOf(request: Request): Promise<SendChannel | null> {
  const bytes = await limitedBody(request, MAX_BODY_BYTES);
  try {
    const body: unknown = bytes && JSON.parse(new TextDecoder().decode(bytes));
    const channel = (body as { channel?: unknown } | null)?.channel;
    return typeof channel === 'string' ? (channel as SendChannel) : null;
  } catch {
    return null;
  }
}
