// The element's public API, with no side effect: import `kyc-verify/define` to register the tag.
export { KycVerify, type KycVerifyMode } from './element/kyc-verify.js';
export {
  KycContinueEvent,
  KycErrorEvent,
  KycExpiredEvent,
  KycFailedEvent,
  KycStateChangeEvent,
  KycSuccessfulEvent,
  type KycErrorDetail,
  type KycErrorKind,
  type KycStatusDetail,
} from './element/events.js';
export type { KycVerifyStrings } from './element/locales/localize.js';
export type { StepCode, TransactionState, TransactionStatus } from './shared/transaction-state.js';
