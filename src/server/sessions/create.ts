import type { KycClient } from '../client/client.js';
import { KycApiError } from '../client/errors.js';
import type { CreateTransactionRequest, Transaction } from '../client/types.js';

/** What the integrator's builder decides: everything but `transaction_id`, which the kit generates. */
export type SessionTransactionRequest = Omit<CreateTransactionRequest, 'transaction_id'>;

/** Attempts at a fresh `transaction_id` when the service reports it as a duplicate. */
const MAX_CREATE_ATTEMPTS = 3;

/**
 * The request with every step's webhook asked for (`metadata.webhook_full_update`), unless the
 * integrator's builder says otherwise: each step then reaches a stream at once, not at the next read.
 */
export function withStepWebhooks(request: SessionTransactionRequest): SessionTransactionRequest {
  return { ...request, metadata: { ...request.metadata, webhook_full_update: request.metadata?.webhook_full_update ?? true } };
}

/** Creates the transaction, with a fresh `transaction_id` again when the service already has one (docs/service.md §4.2's 409). */
export async function createUnique(
  client: KycClient,
  request: SessionTransactionRequest,
  newTransactionId: () => string,
): Promise<Transaction> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await client.createTransaction({ ...request, transaction_id: newTransactionId() });
    } catch (error) {
      if (!(error instanceof KycApiError && error.status === 409) || attempt === MAX_CREATE_ATTEMPTS) throw error;
    }
  }
}

/**
 * The service's `validator_url` when set, else the link of docs/service.md §4.5. A `validator_url` built
 * from a template with `{{nin}}` would carry the user's RUT to the browser: then the plain link.
 */
export function linkOf(transaction: Transaction, request: SessionTransactionRequest, client: KycClient): string {
  const url = transaction.validator_url;
  const nin = request.metadata?.nin?.replace(/[.-]/g, '');
  const carriesNin = request.link?.includes('{{nin}}') || (nin && url?.replace(/[.-]/g, '').toUpperCase().includes(nin.toUpperCase()));
  return !url || carriesNin ? client.verificationLink(transaction.uuid) : url;
}
