import { KycApiError } from '../client/errors.js';
import { answeredNow } from '../client/transaction-status.js';
import type { RequestContext } from '../state/background.js';
import type { KitState } from '../state/kit-state.js';
import { etagOf } from './etag.js';
import { statusStream } from './status-stream.js';
import { errorResponse, failureResponse, jsonResponse, methodNotAllowed, notFound, PRIVATE } from './responses.js';
import type { OwnerOf } from './owner.js';
import { UUID_PATTERN } from '../../shared/wire/codes.js';

/**
 * `GET …/{uuid}`: the status object of docs/host-protocol.md for a transaction this backend created, mounted at
 * any prefix (the uuid is the last path segment). While the service cannot be read, the last
 * known status is served, marked stale (`X-KYC-Stale` and `Age`, in seconds since it was read).
 */
export function statusHandler(kit: KitState) {
  return async (request: Request, context: RequestContext = {}): Promise<Response> => {
    if (request.method !== 'GET') return methodNotAllowed('GET');
    // A uuid needs no decoding: a segment that would is not one.
    const uuid = new URL(request.url).pathname.split('/').filter(Boolean).at(-1) ?? '';
    if (!UUID_PATTERN.test(uuid)) return errorResponse(400, 'invalid_uuid', 'the last path segment must be a transaction uuid');
    try {
      const created = await kit.store.getCreated(uuid);
      // One answer for "not ours" and "not yours", so a uuid's existence is not revealed.
      if (!created || !(await isOwnedBy(created.owner, kit.owner, request, context))) return notFound();
      if (request.headers.get('accept')?.includes('text/event-stream'))
        return await statusStream(kit, uuid, created.owner ?? uuid, request, context);
      const { status, fetchedAt, stale, ended, failure } = await kit.reader.read(uuid);
      // Served stale: the failure behind it still reaches onError.
      if (failure) kit.report(failure, uuid);
      // Whoever serves an end makes sure its result is recorded, before the answer (a no-op once it is).
      if (ended) await kit.results.enqueue(uuid, context);
      const etag = await etagOf(status);
      const headers: Record<string, string> = { etag };
      if (stale) {
        const age = String(Math.max(0, Math.round((kit.client.now() - fetchedAt) / 1000)));
        Object.assign(headers, { age, 'x-kyc-stale': age });
      }
      if (
        request.headers
          .get('if-none-match')
          ?.split(/\s*,\s*/)
          .includes(etag)
      ) {
        return new Response(null, { status: 304, headers: { ...headers, ...PRIVATE } });
      }
      return jsonResponse(200, { ...answeredNow(status, kit.client), ...kit.offers }, headers);
    } catch (error) {
      if (error instanceof KycApiError && (error.status === 403 || error.status === 404)) return notFound();
      return failureResponse(error, kit.report, uuid);
    }
  };
}

async function isOwnedBy(creator: string | null, owner: OwnerOf | undefined, request: Request, context: RequestContext): Promise<boolean> {
  // Without an owner check, a transaction created for an owner answers nobody: fail closed.
  if (!owner) return creator === null;
  const caller = await owner(request, context);
  return caller != null && caller === creator;
}
