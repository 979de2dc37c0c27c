import type { TransactionStatus } from '../../shared/transaction-state.js';
import type { KycClient } from '../client/client.js';
import { KycApiError } from '../client/errors.js';
import { kitStateFor } from '../state/kit-state.js';
import type { OwnerOf } from './owner.js';
import { errorResponse, internalError, jsonResponse, methodNotAllowed, upstreamFailure } from './responses.js';
import type { Store } from '../state/legacy-store.js';
import { statusOf } from '../client/transaction-status.js';
import type { CreateTransactionRequest, Transaction } from '../client/types.js';

/** What the integrator's builder decides: everything but `transaction_id`, which the kit generates. */
export type SessionTransactionRequest = Omit<CreateTransactionRequest, 'transaction_id'>;

export interface SessionHandlerOptions {
  client: KycClient;
  /**
   * Builds the create request for the caller from the incoming Request (its session, its user,
   * its `nin`, its metadata). The browser's body is never read. Return a Response to refuse
   * (for example a 401 when nobody is logged in).
   */
  buildRequest: (request: Request) => SessionTransactionRequest | Response | Promise<SessionTransactionRequest | Response>;
  /** Shared with the status and webhook handlers; defaults to the client's in-memory store. */
  store?: Store;
  /** The caller's identity, remembered with the transaction so that only they can poll it. */
  owner?: OwnerOf;
  /** Generates a `transaction_id`; default `crypto.randomUUID()`. A 409 (spec §4.2) makes it generate another. */
  newTransactionId?: () => string;
  onError?: (error: unknown) => void;
}

/** The session answer of design.md: the status object plus the link to show the user. */
export type SessionAnswer = TransactionStatus & { link: string };

/** Attempts at a fresh `transaction_id` when the service reports it as a duplicate. */
const MAX_CREATE_ATTEMPTS = 3;

/** `POST`: creates a transaction for the caller and answers 201 with design.md's session contract. */
export function createSessionHandler(options: SessionHandlerOptions): (request: Request) => Promise<Response> {
  const { store, statuses } = kitStateFor(options.client, options.store);
  const newTransactionId = options.newTransactionId ?? (() => crypto.randomUUID());

  async function createUnique(request: SessionTransactionRequest): Promise<Transaction> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await options.client.createTransaction({ ...request, transaction_id: newTransactionId() });
      } catch (error) {
        if (!(error instanceof KycApiError && error.status === 409) || attempt === MAX_CREATE_ATTEMPTS) throw error;
      }
    }
  }

  return async (request) => {
    if (request.method !== 'POST') return methodNotAllowed('POST');
    try {
      // An empty id is nobody too: a cookie helper that answers '' must not make all anonymous callers one owner.
      const owner = options.owner ? (await options.owner(request)) || null : null;
      if (options.owner && owner === null) return errorResponse(401, 'unauthenticated', 'log in to start a verification');
      const built = await options.buildRequest(request);
      if (built instanceof Response) return built;
      const transaction = await createUnique(built);
      await store.saveCreated({ uuid: transaction.uuid, transactionId: transaction.transaction_id, owner });
      const status = await statuses.save(transaction.uuid, statusOf(transaction), options.client.now());
      const answer: SessionAnswer = { ...status, link: linkOf(transaction, built, options.client) };
      return jsonResponse(201, answer);
    } catch (error) {
      return upstreamFailure(error, options.onError) ?? internalError(error, options.onError);
    }
  };
}

/**
 * The service's `validator_url` when set, else the link of spec §4.5. A `validator_url` built
 * from a template with `{{nin}}` would carry the user's RUT to the browser: then the plain link.
 */
function linkOf(transaction: Transaction, request: SessionTransactionRequest, client: KycClient): string {
  const url = transaction.validator_url;
  const nin = request.metadata?.nin?.replace(/[.-]/g, '');
  const carriesNin =
    request.link?.includes('{{nin}}') || (nin && url?.replace(/[.-]/g, '').toUpperCase().includes(nin.toUpperCase()));
  return !url || carriesNin ? client.verificationLink(transaction.uuid) : url;
}
