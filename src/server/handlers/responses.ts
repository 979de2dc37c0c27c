import { KycApiError, KycNetworkError, KycProtocolError, KycTimeoutError } from '../client/errors.js';
import type { Report } from '../state/error-reporter.js';
import { KycStoreError } from '../state/store-errors.js';
import { KycBudgetExceededError } from '../budgets/budget-error.js';

/** Answers for the widget are per user and change: never kept by shared caches. */
export const PRIVATE = { 'cache-control': 'private, no-cache' };

/**
 * An answer as plain data: what the Fetch handlers turn into a `Response` (`responseOf`) and the
 * Node adapter writes as it is (node-adapter.ts), so that both send the same bytes.
 */
export interface PlainAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

export const responseOf = ({ status, headers, body }: PlainAnswer): Response => new Response(body, { status, headers });

export function jsonAnswer(status: number, body: unknown, headers: Record<string, string> = {}): PlainAnswer {
  return { status, headers: { 'content-type': 'application/json', ...PRIVATE, ...headers }, body: JSON.stringify(body) };
}

export const jsonResponse = (status: number, body: unknown, headers?: Record<string, string>): Response =>
  responseOf(jsonAnswer(status, body, headers));

/** An error answer: `{ error, message }`, with a stable machine-readable `error`. */
export const errorAnswer = (status: number, error: string, message: string, headers?: Record<string, string>): PlainAnswer =>
  jsonAnswer(status, { error, message }, headers);

export const errorResponse = (status: number, error: string, message: string, headers?: Record<string, string>): Response =>
  responseOf(errorAnswer(status, error, message, headers));

/** One answer for "not ours" and "not yours", so that a uuid's existence is not revealed. */
export const notFoundAnswer = (): PlainAnswer => errorAnswer(404, 'not_found', 'no such transaction for this caller');

export const notFound = (): Response => responseOf(notFoundAnswer());

export const methodNotAllowedAnswer = (allowed: string): PlainAnswer =>
  errorAnswer(405, 'method_not_allowed', `use ${allowed}`, { allow: allowed });

export const methodNotAllowed = (allowed: string): Response => responseOf(methodNotAllowedAnswer(allowed));

/**
 * The answer for a failure of the KYC service that the widget should retry: 504 for a timeout,
 * 502 for a 5xx, an unreachable service or an answer against the spec; `null` for any other error.
 * The detail (the service's address, its message) is for `onError`, not for the browser.
 */
function upstreamFailure(error: unknown): PlainAnswer | null {
  if (error instanceof KycTimeoutError) return errorAnswer(504, 'upstream_timeout', 'the KYC service did not answer in time');
  if (error instanceof KycNetworkError) return errorAnswer(502, 'upstream_unreachable', 'the KYC service could not be reached');
  if (error instanceof KycProtocolError) return errorAnswer(502, 'upstream_protocol', 'the KYC service answered against its specification');
  if (error instanceof KycApiError && error.status >= 500)
    return errorAnswer(502, 'upstream_error', `the KYC service answered ${error.status}`);
  return null;
}

/**
 * The answer for a request that failed: 503 for the kit's store (the widget retries it), 429 for a
 * spent budget, 502/504 for the service, and, for a configuration error or a bug, 500. Every failure is reported (the
 * reporter keeps an outage to a line a second), with the transaction when the handler knows it.
 */
export function failureAnswer(error: unknown, report: Report, uuid?: string): PlainAnswer {
  report(error, uuid);
  if (error instanceof KycBudgetExceededError)
    return errorAnswer(429, 'budget_exceeded', 'the backend is busier than it allows itself: retry later', {
      'retry-after': String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))),
    });
  if (error instanceof KycStoreError)
    return errorAnswer(503, 'store_unavailable', 'the backend could not reach its store; retry shortly', { 'retry-after': '1' });
  return upstreamFailure(error) ?? errorAnswer(500, 'internal', 'the backend could not serve this request');
}

export const failureResponse = (error: unknown, report: Report, uuid?: string): Response => responseOf(failureAnswer(error, report, uuid));
