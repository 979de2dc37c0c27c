import { KycApiError } from '../client/errors.js';
import { serviceTimeOf } from '../client/transaction-status.js';
import type { RequestContext } from '../state/background.js';
import type { KitState } from '../state/kit-state.js';
import { statusStream, type StreamAnswer } from './status-stream.js';
import { failureAnswer, errorAnswer, methodNotAllowedAnswer, notFoundAnswer, PRIVATE, type PlainAnswer } from './responses.js';
import type { OwnerOf } from './owner.js';
import { UUID_PATTERN } from '../../shared/wire/codes.js';

/**
 * What the status handler reads of a request: a Fetch `Request`'s (`callOf`), or what the Node
 * adapter reads of its request without building one (node-adapter.ts). One handler answers both.
 */
export interface StatusCall {
  method: string;
  /** The request's URL, absolute or a path. */
  url: string;
  header(name: string): string | null;
  /** The request as a Fetch `Request`, built when first wanted: for the owner function. */
  request(): Request;
}

export const callOf = (request: Request): StatusCall => ({
  method: request.method,
  url: request.url,
  header: (name) => request.headers.get(name),
  request: () => request,
});

/** A status handler's answer: plain data, a stream's (its events given a sink), or a budget's refusal. */
export type StatusAnswer = PlainAnswer | StreamAnswer | Response;

/**
 * `GET …/{uuid}`: the status object of docs/host-protocol.md for a transaction this backend created, mounted at
 * any prefix (the uuid is the last path segment). While the service cannot be read, the last
 * known status is served, marked stale (`X-KYC-Stale` and `Age`, in seconds since it was read).
 * Each version's answer is serialised once, with its ETag (`StatusAnswers`); a poll only adds the time.
 */
export function statusAnswerer(kit: KitState) {
  return async (call: StatusCall, context: RequestContext = {}): Promise<StatusAnswer> => {
    if (call.method !== 'GET') return methodNotAllowedAnswer('GET');
    // A uuid needs no decoding: a segment that would is not one.
    const uuid = new URL(call.url, 'http://localhost').pathname.split('/').filter(Boolean).at(-1) ?? '';
    if (!UUID_PATTERN.test(uuid)) return errorAnswer(400, 'invalid_uuid', 'the last path segment must be a transaction uuid');
    kit.telemetry.about(uuid);
    try {
      const created = await kit.store.getCreated(uuid);
      // One answer for "not ours" and "not yours", so a uuid's existence is not revealed.
      if (!created || !(await isOwnedBy(created.owner, call, kit.owner, context))) return notFoundAnswer();
      // The stored record's uuid, not the one read from this URL: a stream keeps it, and every stream of the transaction shares it.
      if (call.header('accept')?.includes('text/event-stream'))
        return await statusStream(kit, created.uuid, created.owner ?? created.uuid, call, context);
      const { status, fetchedAt, stale, ended, failure, fresh } = await kit.reader.read(uuid);
      // Served stale: the failure behind it still reaches onError.
      if (failure) kit.report(failure, uuid);
      // Whoever serves an end makes sure its result is recorded, before the answer (a no-op once it is).
      if (ended) await kit.results.enqueue(uuid, context);
      const version = await kit.answers.versionOf(status);
      const headers: Record<string, string> = { etag: version.etag };
      if (stale) {
        const age = String(Math.max(0, Math.round((kit.client.now() - fetchedAt) / 1000)));
        Object.assign(headers, { age, 'x-kyc-stale': age });
      }
      if (
        call
          .header('if-none-match')
          ?.split(/\s*,\s*/)
          .includes(version.etag)
      ) {
        kit.telemetry.statusAnswered('not_modified');
        return { status: 304, headers: { ...headers, ...PRIVATE }, body: null };
      }
      kit.telemetry.statusAnswered(stale ? 'stale' : fresh ? 'fresh' : 'cached');
      return {
        status: 200,
        headers: { 'content-type': 'application/json', ...PRIVATE, ...headers },
        body: version.answerAt(serviceTimeOf(kit.client)),
      };
    } catch (error) {
      if (error instanceof KycApiError && (error.status === 403 || error.status === 404)) return notFoundAnswer();
      return failureAnswer(error, kit.report, uuid);
    }
  };
}

async function isOwnedBy(creator: string | null, call: StatusCall, owner: OwnerOf | undefined, context: RequestContext): Promise<boolean> {
  // Without an owner check, a transaction created for an owner answers nobody: fail closed.
  if (!owner) return creator === null;
  const caller = await owner(call.request(), context);
  return caller != null && caller === creator;
}
