import { isTerminal, stateOf } from '../../shared/transaction-state.js';
import { webhookPayloadShape } from '../client/answer-shapes.js';
import { parseJson } from '../client/parse-json.js';
import type { RequestContext } from '../state/background.js';
import type { KitState } from '../state/kit-state.js';
import { sha256Hex } from '../budgets/digest.js';
import { limitedBody } from './limited-body.js';
import { errorResponse, failureResponse, methodNotAllowed } from './responses.js';
import { hasValidSignature } from './webhook-signature.js';

export interface WebhookOptions {
  /** When set, deliveries must carry the HMAC-SHA256 of their raw body in `signatureHeader` (else 401). */
  secret?: string;
  /** Default `x-kyc-signature`. */
  signatureHeader?: string;
  /**
   * With `secret` only: a signed delivery whose `updated_at` (inside the signed body, so it cannot
   * be changed without the secret) is further than this from the kit's clock answers 401, so a
   * captured delivery cannot be replayed later. Leave room for clock skew and the service's
   * retries. Default: no limit. A signed delivery is recognised when it comes again within twice
   * this (10 minutes without it) and answered 204 without a read.
   */
  replayToleranceMs?: number;
}

/** A media type of `application/json`, whatever its parameters (`; charset=utf-8`). */
const isJson = (contentType: string | null): boolean => contentType?.split(';')[0]!.trim().toLowerCase() === 'application/json';

/**
 * `POST`: takes the service's webhooks (docs/service.md §2.7, §6). It answers 204 once the delivery is valid
 * and its end (if it announces one) is recorded in the store; the result is delivered after, in
 * any order of arrival, confirmed by the authoritative read.
 */
export function webhookHandler(kit: KitState, options: WebhookOptions) {
  const { secret, replayToleranceMs } = options;
  if (secret === '') throw new TypeError('secret is empty: give the shared secret, or leave it out to take unsigned deliveries');
  if (replayToleranceMs !== undefined && !secret)
    throw new TypeError('replayToleranceMs needs a secret: the updated_at of an unsigned delivery is whatever its sender wrote');
  const signatureHeader = options.signatureHeader ?? 'x-kyc-signature';
  const { maxBodyBytes } = kit.tuning;

  const { telemetry } = kit;
  /** An answer refusing the delivery, counted as `invalid`: it is not one the service sent as it is. */
  const invalid = (answer: Response) => (telemetry.webhook('invalid'), answer);

  return async (request: Request, context?: RequestContext): Promise<Response> => {
    if (request.method !== 'POST') return methodNotAllowed('POST');
    // docs/service.md §2: bodies are JSON. A browser cannot send this type across origins without asking first.
    if (!isJson(request.headers.get('content-type')))
      return invalid(
        errorResponse(415, 'unsupported_media_type', 'a webhook delivery is application/json', { accept: 'application/json' }),
      );
    const body = await limitedBody(request, maxBodyBytes).catch(() => undefined);
    if (body === undefined) return invalid(errorResponse(400, 'unreadable_body', 'the body could not be read to its end'));
    if (!body) return invalid(errorResponse(413, 'too_large', `the body exceeds ${maxBodyBytes} bytes`));
    if (secret && !(await hasValidSignature(secret, body, request.headers.get(signatureHeader)))) {
      telemetry.webhook('bad_signature');
      return errorResponse(401, 'bad_signature', `missing or wrong ${signatureHeader}`);
    }
    const payload = webhookPayloadShape.safeParse(parseJson(new TextDecoder().decode(body)));
    const state = payload.success ? stateOf(payload.data) : null;
    if (!payload.success || !state) return invalid(errorResponse(400, 'invalid_payload', 'the body is not a webhook payload of spec §2.7'));
    const { uuid, updated_at } = payload.data;
    telemetry.about(uuid);
    if (replayToleranceMs !== undefined && !(Math.abs(kit.client.now() - Date.parse(updated_at)) <= replayToleranceMs)) {
      telemetry.webhook('replayed');
      return errorResponse(401, 'outside_tolerance', 'the delivery is older (or newer) than the replay tolerance allows');
    }
    // A signed delivery seen already (the same body, so the same signature) is answered again without a read.
    const delivery = secret ? await deliveryLimit(body, replayToleranceMs) : undefined;
    try {
      if (delivery && !(await kit.store.hit(delivery.key, 1, delivery.windowMs)).allowed) {
        telemetry.webhook('duplicate');
        return new Response(null, { status: 204 });
      }
    } catch (error) {
      return failureResponse(error, kit.report, uuid);
    }
    try {
      // Not created here: no job and no provider read on behalf of whoever posted it.
      if (!(await kit.store.getCreated(uuid))) {
        telemetry.webhook('unknown_transaction');
        return new Response(null, { status: 204 });
      }
      await Promise.all([telemetry.linkToOrigin(uuid), telemetry.webhookTaken(uuid, updated_at)]);
      if (isTerminal(state)) {
        // Recorded before the 204: the service does not deliver again after a 2xx.
        await kit.results.enqueue(uuid, context);
      } else {
        // A pending delivery comes only with every step's webhook: its streams need not read it every second.
        await kit.feed.markWebhooked(uuid, secret !== undefined);
        // A step, for a transaction someone streams: read it now (within the budget), so the stream shows it at once.
        if (await kit.feed.isWatched(uuid)) kit.background.track(confirmStep(kit, uuid, context), context);
      }
      return new Response(null, { status: 204 });
    } catch (error) {
      // Not recorded: an error answer, so that a service that retries delivers again, and is not taken for a replay.
      if (delivery) await Promise.resolve(kit.store.hit(delivery.key, 1, delivery.windowMs, -1)).catch(() => {});
      return failureResponse(error, kit.report, uuid);
    }
  };
}

/** How long a signed delivery is remembered without a replay tolerance: a replay after it costs one read, no more. */
const DELIVERY_MEMORY_MS = 600_000;

/**
 * The limit of one signed delivery, keyed by its body's digest: once within the time its replay
 * would be accepted (`updated_at` within the tolerance either side of the clock), else 10 minutes.
 */
async function deliveryLimit(
  body: Uint8Array<ArrayBuffer>,
  replayToleranceMs: number | undefined,
): Promise<{ key: string; windowMs: number }> {
  const key = `webhook:${await sha256Hex(body)}`;
  return { key, windowMs: replayToleranceMs === undefined ? DELIVERY_MEMORY_MS : 2 * replayToleranceMs + 1 };
}

/** Reads the step a delivery announced (one confirmation per uuid, however many deliveries ask); an end it finds goes to the result delivery. */
async function confirmStep(kit: KitState, uuid: string, context: RequestContext | undefined): Promise<void> {
  try {
    const confirmed = await kit.reader.confirm(uuid, kit.client.now());
    if (confirmed.ended) await kit.results.enqueue(uuid, context);
  } catch (error) {
    kit.report(error, uuid);
  }
}
