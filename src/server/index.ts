// kyc-verify/server: the kit, on the backend. Server-only; no browser code imports it.
export { createKycKit, type KitHandler, type KycKit, type KycKitOptions } from './kit.js';
export type { KycKitTuning } from './tuning.js';
export { createKycClient, type KycClient, type KycClientOptions } from './client/client.js';
export type { FetchFunction } from './client/call-service.js';
export { KycError } from './kyc-error.js';
export { KycConfigurationError } from './configuration-error.js';
export { KycRepeatedError, type ErrorContext, type ErrorSource, type OnError } from './state/error-reporter.js';
export type { TokenStore } from './client/token-cache.js';
export {
  KycApiError,
  KycNetworkError,
  KycProtocolError,
  KycTimeoutError,
  KycValidationError,
  type ErrorEnvelope,
} from './client/errors.js';
export type { BuildRequest, SessionAnswerBody, SessionTransactionRequest } from './handlers/session.js';
export type { PrepareOptions, PreparedSession } from './handlers/prepare.js';
export type { WebhookOptions } from './handlers/webhook.js';
export type { OnResult } from './state/result-delivery.js';
export type { RequestContext } from './state/background.js';
export { signWebhookBody } from './handlers/webhook-signature.js';
export { MemoryStore, type MemoryStoreOptions } from './state/memory-store.js';
export type {
  Awaitable,
  CachedStatus,
  CreatedTransaction,
  JobTake,
  LimitHit,
  OwnerSession,
  SessionReservation,
  StatusListener,
  Store,
  TransactionMark,
} from './state/store.js';
export { KycOrphanedTransactionError, KycStoreError, KycStoreFullError } from './state/store-errors.js';
export type { SessionLimits, SessionOptions } from './sessions/options.js';
export type { HandoffEvent, HandoffOptions, OnHandoff } from './handoff/options.js';
export type { SendChannel, SendDestination, SendLimitOptions, SendLimits, SendLink, SendLinkContext } from './sends/options.js';
export { KycBudgetExceededError } from './budgets/budget-error.js';
export type { BudgetName, BudgetOptions } from './budgets/options.js';
export type { ClientAddressOf } from './budgets/budgets.js';
export { clientAddressFrom, type ClientAddressPlatform } from './budgets/client-address.js';
export type { SendAnswerBody } from './handlers/send.js';
export { KycSessionRefusedError } from './sessions/refused-error.js';
export { fetchRequestOf, toNodeHandler, type NodeContext } from './handlers/node-adapter.js';
export { createVisitorIds, type VisitorIdOptions, type VisitorIds } from './visitors/visitor-ids.js';
export { statusOf } from './client/transaction-status.js';
export type { OwnerOf } from './handlers/owner.js';
export type * from './client/types.js';
export {
  isTerminal,
  stateOf,
  type Handoff,
  type StepCode,
  type TransactionState,
  type TransactionStatus,
} from '../shared/transaction-state.js';
