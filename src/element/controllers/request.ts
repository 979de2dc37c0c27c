import type { KycErrorKind } from '../events.js';

/** A failed request, classified the way the element reacts to it. */
export class RequestError extends Error {
  constructor(
    readonly kind: KycErrorKind,
    message: string,
    /** Whether asking again later may succeed (5xx, 408, 429, timeouts, network failures). */
    readonly retryable: boolean,
    readonly status?: number,
    /** Seconds the server asked to wait before asking again (its `Retry-After`), when it said. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** The answer is not what the contract promises: reported, never guessed around. */
export const protocolError = (message: string) => new RequestError('protocol', message, true);

/** Any failure as a `RequestError`; what is not one already is an answer the element could not read. */
export const asRequestError = (error: unknown) => (error instanceof RequestError ? error : protocolError((error as Error).message));

const RETRYABLE_STATUS = new Set([408, 425, 429]);

/**
 * One JSON request with a timeout. Aborting `signal` rejects with its reason (the caller drops
 * that answer); the timeout, a network failure or a bad answer rejects with a `RequestError`.
 */
export async function requestJson(
  url: string,
  init: RequestInit & { headers?: Record<string, string> },
  timeoutMs: number,
  signal: AbortSignal,
): Promise<unknown> {
  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  let body: string;
  try {
    response = await fetch(url, {
      ...init,
      credentials: 'include',
      headers: { accept: 'application/json', ...init.headers },
      signal: AbortSignal.any([signal, timeout]),
    });
    body = await response.text();
  } catch (error) {
    signal.throwIfAborted();
    if (timeout.aborted) throw new RequestError('timeout', `${url}: timeout`, true);
    throw new RequestError('network', `${url}: ${(error as Error).message}`, true);
  }
  if (!response.ok) {
    const retryable = response.status >= 500 || RETRYABLE_STATUS.has(response.status);
    // Seconds only: the date form is for caches, and a same-origin fetch reads the header either way.
    const retryAfter = Number(response.headers.get('retry-after') || NaN);
    throw new RequestError('http', `${url}: ${response.status}`, retryable, response.status, retryAfter >= 0 ? retryAfter : undefined);
  }
  try {
    return JSON.parse(body);
  } catch {
    throw protocolError(`${url}: not JSON`);
  }
}
