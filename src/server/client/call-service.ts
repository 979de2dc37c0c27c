import { errorEnvelopeShape } from './answer-shapes.js';
import { KycApiError, KycNetworkError, KycProtocolError, KycTimeoutError } from './errors.js';
import { parseJson } from './parse-json.js';

export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

export interface ServiceCall {
  method: 'GET' | 'POST';
  url: string;
  bearer?: string;
  body?: unknown;
}

/**
 * One JSON call to the KYC service, bounded by `timeoutMs`. Resolves with the parsed body of a
 * 2xx answer; anything else rejects with a typed error. `onAnswer` sees every answer's headers;
 * `leaving` is called just before the request leaves, and what it throws is thrown as is.
 */
export async function callService(
  fetchFunction: FetchFunction,
  timeoutMs: number,
  call: ServiceCall,
  onAnswer: (headers: Headers) => void = () => {},
  leaving: () => void = () => {},
): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (call.bearer) headers.authorization = `Bearer ${call.bearer}`;
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  let text: string;
  leaving();
  try {
    response = await fetchFunction(call.url, {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: timeout,
    });
    onAnswer(response.headers);
    text = await response.text();
  } catch (error) {
    if (timeout.aborted) throw new KycTimeoutError(call.url, timeoutMs);
    throw new KycNetworkError(call.url, error);
  }
  const body = parseJson(text);
  if (!response.ok) {
    const envelope = errorEnvelopeShape.safeParse(body);
    throw new KycApiError(response.status, envelope.success ? envelope.data : null, call.method, call.url);
  }
  if (body === undefined) throw new KycProtocolError(`${call.method} ${call.url} answered ${response.status} with a body that is not JSON`);
  return body;
}

/** Parses `body` with a zod-like shape, or rejects it as a protocol error naming `what`. */
export function expectShape<T>(
  shape: { safeParse(value: unknown): { success: true; data: T } | { success: false; error: Error } },
  body: unknown,
  what: string,
): T {
  const result = shape.safeParse(body);
  if (!result.success) throw new KycProtocolError(`${what} does not match the spec: ${result.error.message}`);
  return result.data;
}
