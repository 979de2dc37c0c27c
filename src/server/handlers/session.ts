import type { KycClient } from '../client/client.js';
import { KycApiError } from '../client/errors.js';
import { answeredAt, statusOf } from '../client/transaction-status.js';
import type { CreateTransactionRequest, Transaction } from '../client/types.js';
import type { KitState } from '../state/kit-state.js';
import { KycOrphanedTransactionError } from '../state/store-errors.js';
import { errorResponse, failureResponse, jsonResponse, methodNotAllowed } from './responses.js';
import type { TransactionStatus } from '../../shared/transaction-state.js';

/** What the integrator's builder decides: everything but `transaction_id`, which the kit generates. */
export type SessionTransactionRequest = Omit<CreateTransactionRequest, 'transaction_id'>;

/**
 * Builds the create request for the caller from the incoming Request (its session, its user,
 * its `nin`, its metadata). The browser's body is never read. Return a Response to refuse
 * (for example a 401 when nobody is logged in).
 */
export type BuildRequest = (request: Request) => SessionTransactionRequest | Response | Promise<SessionTransactionRequest | Response>;

/** The session answer of design.md: the status object plus the link to show the user. */
export type SessionAnswer = TransactionStatus & { link: string };

/** Attempts at a fresh `transaction_id` when the service reports it as a duplicate. */
const MAX_CREATE_ATTEMPTS = 3;

/** `POST`: creates a transaction for the caller and answers 201 with design.md's session contract. */
export function sessionHandler(kit: KitState, buildRequest: BuildRequest, newTransactionId: () => string) {
  const { client, store, reader } = kit;

  async function createUnique(request: SessionTransactionRequest): Promise<Transaction> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await client.createTransaction({ ...request, transaction_id: newTransactionId() });
      } catch (error) {
        if (!(error instanceof KycApiError && error.status === 409) || attempt === MAX_CREATE_ATTEMPTS) throw error;
      }
    }
  }

  return async (request: Request): Promise<Response> => {
    if (request.method !== 'POST') return methodNotAllowed('POST');
    try {
      // An empty id is nobody too: a cookie helper that answers '' must not make all anonymous callers one owner.
      const owner = kit.owner ? (await kit.owner(request)) || null : null;
      if (kit.owner && owner === null) return errorResponse(401, 'unauthenticated', 'log in to start a verification');
      const built = await buildRequest(request);
      if (built instanceof Response) return built;
      const transaction = await createUnique(built);
      const initial = statusOf(transaction);
      try {
        await store.saveCreated({ uuid: transaction.uuid, transactionId: transaction.transaction_id, owner }, reader.ttlOf(initial));
      } catch (error) {
        throw new KycOrphanedTransactionError(transaction.uuid, transaction.transaction_id, error);
      }
      // Only a cache: without it the first poll reads the service. The session must not be lost for it.
      const status = await reader.save(transaction.uuid, initial, client.now()).then(
        (stored) => stored.status,
        (error: unknown) => (kit.report(error), initial),
      );
      const answer: SessionAnswer = { ...answeredAt(status, client.now()), link: linkOf(transaction, built, client) };
      return jsonResponse(201, answer);
    } catch (error) {
      return failureResponse(error, kit.report);
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
  const carriesNin = request.link?.includes('{{nin}}') || (nin && url?.replace(/[.-]/g, '').toUpperCase().includes(nin.toUpperCase()));
  return !url || carriesNin ? client.verificationLink(transaction.uuid) : url;
}
