import type { TransactionStatus } from '../../shared/transaction-state.js';
import type { KycClient } from '../client/client.js';
import { KycApiError } from '../client/errors.js';
import { kitStateFor } from '../state/kit-state.js';
import type { OwnerOf } from './owner.js';
import { UUID_PATTERN } from '../../shared/wire/codes.js';
import { errorResponse, internalError, jsonResponse, methodNotAllowed, PRIVATE, upstreamFailure } from './responses.js';
import type { Store } from '../state/store.js';

export interface StatusHandlerOptions {
  client: KycClient;
  /** Shared with the session and webhook handlers; defaults to the client's in-memory store. */
  store?: Store;
  /** When given, a transaction answers only to the caller that created it (others get 404). */
  owner?: OwnerOf;
  /** Where unexpected errors go; default `console.error`. */
  onError?: (error: unknown) => void;
}

/**
 * `GET …/{uuid}`: the status object of design.md for a transaction this host created, mounted at
 * any prefix (the uuid is the last path segment).
 */
export function createStatusHandler(options: StatusHandlerOptions): (request: Request) => Promise<Response> {
  const { store, statuses } = kitStateFor(options.client, options.store);

  return async (request) => {
    if (request.method !== 'GET') return methodNotAllowed('GET');
    // A uuid needs no decoding: a segment that would is not one.
    const uuid = new URL(request.url).pathname.split('/').filter(Boolean).at(-1) ?? '';
    if (!UUID_PATTERN.test(uuid)) return errorResponse(400, 'invalid_uuid', 'the last path segment must be a transaction uuid');
    try {
      const created = await store.getCreated(uuid);
      // One answer for "not ours" and "not yours", so a uuid's existence is not revealed.
      if (!created || !(await isOwnedBy(created.owner, request, options.owner))) return notFound();
      const status = await statuses.read(uuid);
      const etag = await etagOf(status);
      if (request.headers.get('if-none-match')?.split(/\s*,\s*/).includes(etag)) {
        return new Response(null, { status: 304, headers: { etag, ...PRIVATE } });
      }
      return jsonResponse(200, status, { etag });
    } catch (error) {
      if (error instanceof KycApiError && (error.status === 403 || error.status === 404)) return notFound();
      return upstreamFailure(error, options.onError) ?? internalError(error, options.onError);
    }
  };
}

async function isOwnedBy(creator: string | null, request: Request, owner: OwnerOf | undefined): Promise<boolean> {
  // Without an owner check here, a transaction created for an owner answers nobody: fail closed.
  if (!owner) return creator === null;
  const caller = await owner(request);
  return caller != null && caller === creator;
}

function notFound(): Response {
  return errorResponse(404, 'not_found', 'no such transaction for this caller');
}

/** A strong ETag: the SHA-256 of the status object (Web Crypto, so it runs on any Fetch runtime). */
async function etagOf(status: TransactionStatus): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(status)));
  const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `"${hex.slice(0, 32)}"`;
}
