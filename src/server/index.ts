// kyc-verify/server: the host kit. Server-only; no browser code imports it.
export { createKycClient, type KycClient, type KycClientOptions } from './client.js';
export type { FetchFunction } from './call-service.js';
export { KycApiError, KycNetworkError, KycProtocolError, KycTimeoutError, KycValidationError, type ErrorEnvelope } from './errors.js';
export { createSessionHandler, type SessionAnswer, type SessionHandlerOptions, type SessionTransactionRequest } from './session-handler.js';
export { createStatusHandler, type StatusHandlerOptions } from './status-handler.js';
export { createWebhookHandler, type WebhookHandler, type WebhookHandlerOptions } from './webhook-handler.js';
export { signWebhookBody } from './webhook-signature.js';
export { MemoryStore, type CachedStatus, type CreatedTransaction, type MemoryStoreOptions, type Store } from './store.js';
export { toNodeHandler } from './node-adapter.js';
export { statusOf } from './transaction-status.js';
export type { OwnerOf } from './owner.js';
export type * from './types.js';
export { isTerminal, stateOf, type StepCode, type TransactionState, type TransactionStatus } from '../shared/transaction-state.js';
