// kyc-verify/server: the host kit. Server-only; no browser code imports it.
export { createKycClient, type KycClient, type KycClientOptions } from './client/client.js';
export type { FetchFunction } from './client/call-service.js';
export { KycApiError, KycNetworkError, KycProtocolError, KycTimeoutError, KycValidationError, type ErrorEnvelope } from './client/errors.js';
export { createSessionHandler, type SessionAnswer, type SessionHandlerOptions, type SessionTransactionRequest } from './handlers/session.js';
export { createStatusHandler, type StatusHandlerOptions } from './handlers/status.js';
export { createWebhookHandler, type WebhookHandler, type WebhookHandlerOptions } from './handlers/webhook.js';
export { signWebhookBody } from './handlers/webhook-signature.js';
export { MemoryStore, type CachedStatus, type CreatedTransaction, type MemoryStoreOptions, type Store } from './state/legacy-store.js';
export { toNodeHandler } from './handlers/node-adapter.js';
export { statusOf } from './client/transaction-status.js';
export type { OwnerOf } from './handlers/owner.js';
export type * from './client/types.js';
export { isTerminal, stateOf, type StepCode, type TransactionState, type TransactionStatus } from '../shared/transaction-state.js';
