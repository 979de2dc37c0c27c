import { stateOf, type TransactionStatus } from '../../shared/transaction-state.js';
import { KycProtocolError } from './errors.js';
import { expiryOf } from '../../shared/wire/links.js';
import type { Transaction } from './types.js';

/**
 * design.md's status object for a transaction. Fields are picked one by one, so nothing else
 * (nin, metadata, scores, document data) can reach the browser.
 */
export function statusOf(transaction: Transaction): TransactionStatus {
  const { active, complete, failed } = transaction;
  const state = stateOf({ active, complete, failed });
  if (!state)
    throw new KycProtocolError(
      `transaction ${transaction.uuid}: no state of spec §3 has active=${active}, complete=${complete}, failed=${failed}`,
    );
  return {
    uuid: transaction.uuid,
    state,
    step: transaction.step,
    code: transaction.code,
    issue_description: transaction.issue_description,
    expires_at: expiryOf(transaction),
    updated_at: transaction.updated_at,
  };
}
