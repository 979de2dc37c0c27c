import type { StepCode, TransactionState } from '../shared/transaction-state.js';

/** What the element observed of a transaction: the `detail` of its state events. */
export interface KycStatusDetail {
  uuid: string;
  state: TransactionState;
  step: StepCode | string | null;
  code: string | null;
  issueDescription: string | null;
}

/** Why a request or the configuration failed. */
export type KycErrorKind = 'config' | 'network' | 'timeout' | 'http' | 'protocol';

/** The `detail` of `kyc-error`. */
export interface KycErrorDetail {
  kind: KycErrorKind;
  /** HTTP status, for `http` errors. */
  status?: number;
  message: string;
  /** Whether the element keeps trying on its own. */
  retrying: boolean;
  /** The transaction concerned, when there is one. */
  uuid?: string;
}

const init = <T>(detail: T) => ({ bubbles: true, composed: true, detail });

/** The transaction ended successfully: the identity is verified. */
export class KycSuccessfulEvent extends CustomEvent<KycStatusDetail> {
  constructor(detail: KycStatusDetail) {
    super('kyc-successful', init(detail));
  }
}

/** The transaction ended failed: the identity was not confirmed. */
export class KycFailedEvent extends CustomEvent<KycStatusDetail> {
  constructor(detail: KycStatusDetail) {
    super('kyc-failed', init(detail));
  }
}

/** The transaction expired before it ended. */
export class KycExpiredEvent extends CustomEvent<KycStatusDetail> {
  constructor(detail: KycStatusDetail) {
    super('kyc-expired', init(detail));
  }
}

/** The state, step or code of the transaction changed. */
export class KycStateChangeEvent extends CustomEvent<KycStatusDetail> {
  constructor(detail: KycStatusDetail) {
    super('kyc-state-change', init(detail));
  }
}

/** A configuration, network or protocol error; `detail.retrying` says whether the element goes on. */
export class KycErrorEvent extends CustomEvent<KycErrorDetail> {
  constructor(detail: KycErrorDetail) {
    super('kyc-error', init(detail));
  }
}

/** The end user pressed Continue after a successful verification. */
export class KycContinueEvent extends CustomEvent<KycStatusDetail> {
  constructor(detail: KycStatusDetail) {
    super('kyc-continue', init(detail));
  }
}

/** The terminal event for each end state. */
export const TERMINAL_EVENTS = {
  successful: KycSuccessfulEvent,
  failed: KycFailedEvent,
  expired: KycExpiredEvent,
} as const;

declare global {
  interface HTMLElementEventMap {
    'kyc-successful': KycSuccessfulEvent;
    'kyc-failed': KycFailedEvent;
    'kyc-expired': KycExpiredEvent;
    'kyc-state-change': KycStateChangeEvent;
    'kyc-error': KycErrorEvent;
    'kyc-continue': KycContinueEvent;
  }
}
