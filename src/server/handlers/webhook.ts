import { isTerminal, stateOf } from '../../shared/transaction-state.js';
import { webhookPayloadShape } from '../client/answer-shapes.js';
import { parseJson } from '../client/parse-json.js';
import type { RequestContext } from '../state/background.js';
import type { KitState } from '../state/kit-state.js';
import { limitedBody } from './limited-body.js';
import { errorResponse, failureResponse, methodNotAllowed } from './responses.js';
import { hasValidSignature } from './webhook-signature.js';

export interface WebhookOptions {
  /** When set, deliveries must carry the HMAC-SHA256 of their raw body in `signatureHeader` (else 401). */
  secret?: string;
  /** Default `x-kyc-signature`. */
  signatureHeader?: string;
  /** Larger bodies get 413. Default 65 536 bytes (a §2.7 payload is well under 1 KiB). */
  maxBodyBytes?: number;
}

/**
 * `POST`: takes the service's webhooks (spec §2.7, §6). It answers 204 once the delivery is valid
 * and its end (if it announces one) is recorded in the store; the result is delivered after, in
 * any order of arrival, confirmed by the authoritative read.
 */
export function webhookHandler(kit: KitState, options: WebhookOptions) {
  if (options.secret === '') throw new TypeError('secret is empty: give the shared secret, or leave it out to take unsigned deliveries');
  const signatureHeader = options.signatureHeader ?? 'x-kyc-signature';
  const maxBodyBytes = options.maxBodyBytes ?? 65_536;

  return async (request: Request, context?: RequestContext): Promise<Response> => {
    if (request.method !== 'POST') return methodNotAllowed('POST');
    const body = await limitedBody(request, maxBodyBytes).catch(() => undefined);
    if (body === undefined) return errorResponse(400, 'unreadable_body', 'the body could not be read to its end');
    if (!body) return errorResponse(413, 'too_large', `the body exceeds ${maxBodyBytes} bytes`);
    if (options.secret && !(await hasValidSignature(options.secret, body, request.headers.get(signatureHeader)))) {
      return errorResponse(401, 'bad_signature', `missing or wrong ${signatureHeader}`);
    }
    const payload = webhookPayloadShape.safeParse(parseJson(new TextDecoder().decode(body)));
    const state = payload.success ? stateOf(payload.data) : null;
    if (!payload.success || !state) return errorResponse(400, 'invalid_payload', 'the body is not a webhook payload of spec §2.7');
    const { uuid } = payload.data;
    try {
      // Not created here: no job and no provider read on behalf of whoever posted it.
      if (!(await kit.store.getCreated(uuid))) return new Response(null, { status: 204 });
      if (isTerminal(state)) {
        // Recorded before the 204: the service does not deliver again after a 2xx.
        await kit.results.enqueue(uuid, context);
      } else {
        // A pending delivery comes only with every step's webhook: its streams need not read it every second.
        await kit.feed.markWebhooked(uuid);
        // A step, for a transaction someone streams: read it now (within the budget), so the stream shows it at once.
        if (await kit.feed.isWatched(uuid))
          kit.background.track(
            kit.reader.confirm(uuid, kit.client.now()).catch(() => {}),
            context,
          );
      }
      return new Response(null, { status: 204 });
    } catch (error) {
      // Not recorded: an error answer, so that a service that retries delivers again.
      return failureResponse(error, kit.report);
    }
  };
}
