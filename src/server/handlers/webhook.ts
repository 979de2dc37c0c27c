import { isTerminal, stateOf, type TransactionState, type TransactionStatus } from '../../shared/transaction-state.js';
import { webhookPayloadShape } from '../client/answer-shapes.js';
import type { KycClient } from '../client/client.js';
import { kitStateFor } from '../state/kit-state.js';
import { limitedBody } from './limited-body.js';
import { parseJson } from '../client/parse-json.js';
import { errorResponse, methodNotAllowed } from './responses.js';
import type { CreatedTransaction, Store } from '../state/legacy-store.js';
import { hasValidSignature } from './webhook-signature.js';

export interface WebhookHandlerOptions {
  client: KycClient;
  /** Called once per transaction, with its confirmed end state, and what the host remembered of it. */
  onResult: (status: TransactionStatus, transaction: CreatedTransaction) => void | Promise<void>;
  /** Shared with the session and status handlers; defaults to the client's in-memory store. */
  store?: Store;
  /** When set, deliveries must carry the HMAC-SHA256 of their raw body in `signatureHeader` (else 401). */
  secret?: string;
  /** Default `x-kyc-signature`. */
  signatureHeader?: string;
  /** Larger bodies get 413. Default 65 536 bytes (a §2.7 payload is well under 1 KiB). */
  maxBodyBytes?: number;
  /** Errors of the background work (an unreachable service, a throwing `onResult`); default `console.error`. */
  onError?: (error: unknown) => void;
  /**
   * Waits between attempts to confirm an announced end when the read fails or still says pending
   * (the service does not deliver again after a 2xx). Default 1, 2, 4, 8 and 16 seconds.
   */
  confirmRetryDelaysMs?: readonly number[];
  /** Keeps the work done after the answer alive on runtimes that stop at the answer (`ctx.waitUntil` on Workers). */
  waitUntil?: (work: Promise<unknown>) => void;
}

export interface WebhookHandler {
  (request: Request): Promise<Response>;
  /** Resolves when every delivery received so far has been processed. */
  idle(): Promise<void>;
}

/**
 * `POST`: takes the service's webhooks (spec §2.7, §6). It answers 204 as soon as the delivery is
 * valid and works after: once per uuid and state, in any order of arrival, confirming an end with
 * the authoritative read before calling `onResult`.
 */
export function createWebhookHandler(options: WebhookHandlerOptions): WebhookHandler {
  if (options.secret === '') throw new TypeError('secret is empty: give the shared secret, or leave it out to take unsigned deliveries');
  const { store, statuses } = kitStateFor(options.client, options.store);
  const signatureHeader = options.signatureHeader ?? 'x-kyc-signature';
  const maxBodyBytes = options.maxBodyBytes ?? 65_536;
  const retryDelays = options.confirmRetryDelaysMs ?? [1000, 2000, 4000, 8000, 16_000];
  const working = new Set<Promise<void>>();
  const delivering = new Map<string, Promise<boolean>>();
  /** Uuids whose announced end a delivery is confirming: that delivery calls onResult itself. */
  const confirming = new Set<string>();

  const report = (error: unknown) => {
    try {
      (options.onError ?? console.error)(error);
    } catch {
      // A broken logger must not become an unhandled rejection that stops the process.
    }
  };

  function track(work: Promise<void>): void {
    const tracked = work.catch(report);
    working.add(tracked);
    void tracked.finally(() => working.delete(tracked));
    options.waitUntil?.(tracked);
  }

  // Whichever read finds an end first (a widget's poll, a confirmation) delivers the result, so a
  // webhook that never came, or whose confirmation failed, still reaches onResult.
  statuses.onEnd((status) => confirming.has(status.uuid) || track(resultFor(status)));

  async function resultFor(status: TransactionStatus): Promise<void> {
    const created = await store.getCreated(status.uuid);
    if (created) await deliverResult(status, created);
  }

  async function handleDelivery(uuid: string, announced: TransactionState): Promise<void> {
    // A pending delivery tells nothing a poll does not, and must never overwrite an end.
    if (!isTerminal(announced)) return;
    const created = await store.getCreated(uuid);
    // Not created here: no provider read on behalf of whoever posted it.
    if (!created) return;
    const delivery = `webhook:${uuid}:${announced}`;
    if (!(await store.claim(delivery))) return;
    let done = false;
    confirming.add(uuid);
    try {
      done = await deliverResult(await confirmEnd(uuid, announced), created);
    } finally {
      confirming.delete(uuid);
      // Not done: the same delivery coming again is worked again instead of dropped as a duplicate.
      if (!done) await store.release(delivery);
    }
  }

  /** The authoritative end, read again after a failure or a read that still says pending. */
  async function confirmEnd(uuid: string, announced: TransactionState): Promise<TransactionStatus> {
    for (let attempt = 0; ; attempt++) {
      let failure: unknown;
      try {
        const status = await statuses.confirm(uuid);
        if (isTerminal(status.state)) return status;
        failure = new Error(`webhook announced ${announced} for ${uuid} but the authoritative read says ${status.state}`);
      } catch (error) {
        failure = error;
      }
      if (attempt >= retryDelays.length) throw failure;
      await new Promise((resolve) => setTimeout(resolve, retryDelays[attempt]));
    }
  }

  /**
   * Calls onResult once per transaction; a delivery and a poll that find the end together share
   * one call, and its error is reported once. Resolves whether the result is delivered.
   */
  function deliverResult(status: TransactionStatus, created: CreatedTransaction): Promise<boolean> {
    let running = delivering.get(status.uuid);
    if (!running) {
      running = claimAndCallOnResult(status, created).finally(() => delivering.delete(status.uuid));
      delivering.set(status.uuid, running);
    }
    return running;
  }

  async function claimAndCallOnResult(status: TransactionStatus, created: CreatedTransaction): Promise<boolean> {
    const result = `result:${status.uuid}`;
    if (!(await store.claim(result))) return true;
    try {
      await options.onResult(status, created);
      return true;
    } catch (error) {
      await store.release(result);
      report(error);
      return false;
    }
  }

  const handler = async (request: Request): Promise<Response> => {
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
    track(handleDelivery(payload.data.uuid, state));
    return new Response(null, { status: 204 });
  };

  return Object.assign(handler, {
    async idle() {
      while (working.size) await Promise.allSettled([...working]);
    },
  });
}
