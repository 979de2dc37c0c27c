import { KycApiError, KycNetworkError, KycProtocolError, KycTimeoutError } from '../client/errors.js';
import type { Report } from '../state/error-reporter.js';
import { KycStoreError } from '../state/store-errors.js';
import { KycBudgetExceededError } from '../budgets/budget-error.js';

/** Answers for the widget are per user and change: never kept by shared caches. */
export const PRIVATE = { 'cache-control': 'private, no-cache' };

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...PRIVATE, ...headers } });
}

/** An error answer: `{ error, message }`, with a stable machine-readable `error`. */
export function errorResponse(status: number, error: string, message: string, headers: Record<string, string> = {}): Response {
  return jsonResponse(status, { error, message }, headers);
}

/** One answer for "not ours" and "not yours", so that a uuid's existence is not revealed. */
export function notFound(): Response {
  return errorResponse(404, 'not_found', 'no such transaction for this caller');
}

export function methodNotAllowed(allowed: string): Response {
  return errorResponse(405, 'method_not_allowed', `use ${allowed}`, { allow: allowed });
}

/**
 * The answer for a failure of the KYC service that the widget should retry: 504 for a timeout,
 * 502 for a 5xx, an unreachable service or an answer against the spec; `null` for any other error.
 * The detail (the service's address, its message) is for `onError`, not for the browser.
 */
function upstreamFailure(error: unknown): Response | null {
  if (error instanceof KycTimeoutError) return errorResponse(504, 'upstream_timeout', 'the KYC service did not answer in time');
  if (error instanceof KycNetworkError) return errorResponse(502, 'upstream_unreachable', 'the KYC service could not be reached');
  if (error instanceof KycProtocolError)
    return errorResponse(502, 'upstream_protocol', 'the KYC service answered against its specification');
  if (error instanceof KycApiError && error.status >= 500)
    return errorResponse(502, 'upstream_error', `the KYC service answered ${error.status}`);
  return null;
}

/**
 * The answer for a request that failed: 503 for the kit's store (the widget retries it), 429 for a
 * spent budget, 502/504 for the service, and, for a configuration error or a bug, 500. Every failure is reported (the
 * reporter keeps an outage to a line a second), with the transaction when the handler knows it.
 */
export function failureResponse(error: unknown, report: Report, uuid?: string): Response {
  report(error, uuid);
  if (error instanceof KycBudgetExceededError)
    return errorResponse(429, 'budget_exceeded', 'the backend is busier than it allows itself: retry later', {
      'retry-after': String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))),
    });
  if (error instanceof KycStoreError)
    return errorResponse(503, 'store_unavailable', 'the backend could not reach its store; retry shortly', { 'retry-after': '1' });
  return upstreamFailure(error) ?? errorResponse(500, 'internal', 'the backend could not serve this request');
}
