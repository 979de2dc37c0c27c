import type { KycClient } from '../client/client.js';
import { KycApiError, KycNetworkError, KycProtocolError, KycTimeoutError, KycValidationError } from '../client/errors.js';
import type { OnResult } from '../state/result-delivery.js';
import type { KitMetrics } from './metrics.js';
import { ATTRIBUTES as A, type ProviderOperation } from './names.js';
import type { KitTracing } from './tracing.js';

/** `handle` in a span `kyc-verify <name>` per request, its answer's status on it (a Fetch `Response`, or the plain answer the Node adapter writes). */
export function tracedHandler<Args extends unknown[], Answer>(
  tracing: KitTracing,
  name: string,
  handle: (...args: Args) => Promise<Answer>,
): (...args: Args) => Promise<Answer> {
  return tracing.perCall(`kyc-verify ${name}`, { [A.handler]: name }, handle);
}

/** What a failed call is, as `error.type`: the HTTP status the service answered, or how it failed. */
function errorTypeOf(error: unknown): string {
  if (error instanceof KycApiError) return String(error.status);
  if (error instanceof KycTimeoutError) return 'timeout';
  if (error instanceof KycNetworkError) return 'network';
  if (error instanceof KycProtocolError) return 'protocol';
  return error instanceof Error ? error.name : 'error';
}

/**
 * The kit's client with its calls measured: a span per call (`POST /v1/transactions/`,
 * `GET /v1/transactions/{uuid}`, linked to the transaction's creation) and its duration by
 * operation and outcome. Timed from the request's departure: the wait for a token or a lease is
 * not the service's. A read that never left (the lease came too late) is not a call.
 */
export function instrumentedClient(
  metrics: KitMetrics | null,
  tracing: KitTracing | null,
  originOf: (uuid: string) => Promise<string | undefined>,
  client: KycClient,
): KycClient {
  const host = new URL(client.verificationUrl).host;

  async function measured<T>(
    operation: ProviderOperation,
    method: 'GET' | 'POST',
    template: string,
    uuid: string | undefined,
    call: (leaving: () => void) => Promise<T>,
  ): Promise<T> {
    let departedAt: number | undefined;
    const leaving = () => void (departedAt ??= performance.now());
    const record = (status: number | undefined, errorType: string | undefined) => {
      if (departedAt !== undefined) metrics?.provider(operation, (performance.now() - departedAt) / 1000, status, errorType);
    };
    const run = async () => {
      try {
        const answer = await call(leaving);
        record(200, undefined);
        return answer;
      } catch (error) {
        // A request the client refused to send is no call.
        if (error instanceof KycValidationError) departedAt = undefined;
        record(error instanceof KycApiError ? error.status : undefined, errorTypeOf(error));
        throw error;
      }
    };
    if (!tracing) return run();
    const attributes = { [A.method]: method, [A.urlTemplate]: template, [A.serverAddress]: host, [A.operation]: operation };
    return tracing.inSpan(`${method} ${template}`, 'client', attributes, async (span) => {
      if (uuid) span.setAttribute(A.uuid, uuid);
      // The link is read from the store only for a span that records it.
      const linked = uuid && span.isRecording() ? originOf(uuid).then((traceparent) => tracing.link(traceparent, span)) : undefined;
      try {
        return await run();
      } finally {
        await linked;
      }
    });
  }

  return {
    ...client,
    createTransaction: (request) =>
      // Timed from the call: the client says nothing as a creation leaves (a token request may come first).
      measured('create_transaction', 'POST', '/v1/transactions/', undefined, async (leaving) => {
        leaving();
        return client.createTransaction(request);
      }),
    getTransaction: (uuid, leaving) =>
      measured('get_transaction', 'GET', '/v1/transactions/{uuid}', uuid, (departing) =>
        client.getTransaction(uuid, () => {
          leaving?.();
          departing();
        }),
      ),
  };
}

/** `onResult` in a span of its own, linked to the transaction's creation: the integrator's work under it is traced with it. */
export function tracedOnResult(tracing: KitTracing, linkToOrigin: (uuid: string) => Promise<void>, onResult: OnResult): OnResult {
  return (status, transaction) =>
    tracing.inSpan('kyc-verify onResult', 'internal', { [A.uuid]: status.uuid, [A.state]: status.state }, async () => {
      await linkToOrigin(status.uuid);
      await onResult(status, transaction);
    });
}
