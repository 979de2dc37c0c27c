import type { StepCode, TransactionState, TransactionStatus } from '../shared/transaction-state.js';
import type { RequestError } from './controllers/request.js';

/** What the element observed of a transaction: the `detail` of its state events. */
export interface KycStatusDetail {
  uuid: string;
  state: TransactionState;
  step: StepCode | string | null;
  code: string | null;
  issueDescription: string | null;
  /**
   * The backend's short link was opened: when a device first did, and how many distinct devices
   * have (more than 1: the link was opened on another device too). Absent until then.
   */
  handoff?: { openedAt: string; devices: number };
}

/**
 * The detail of the state events for `status`.
 * @internal
 */
export function statusDetailOf(status: TransactionStatus): KycStatusDetail {
  const { uuid, state, step, code, issue_description: issueDescription, handoff } = status;
  return {
    uuid,
    state,
    step,
    code,
    issueDescription,
    ...(handoff && { handoff: { openedAt: handoff.opened_at, devices: handoff.devices } }),
  };
}

/** Why a request or the configuration failed. */
export type KycErrorKind = 'config' | 'network' | 'timeout' | 'http' | 'protocol';

/** The `detail` of `kyc-error`. */
export interface KycErrorDetail {
  kind: KycErrorKind;
  /** The HTTP status the backend answered, for `http` errors. */
  httpStatus?: number;
  message: string;
  /** Whether the element keeps trying on its own. */
  retrying: boolean;
  /** The transaction concerned, when there is one. */
  uuid?: string;
}

/**
 * The detail of `kyc-error` for `error`, about transaction `uuid` when there is one.
 * @internal
 */
export function errorDetailOf(error: RequestError, retrying: boolean, uuid?: string): KycErrorDetail {
  const { kind, message, status: httpStatus } = error;
  return { kind, message, retrying, ...(httpStatus && { httpStatus }), ...(uuid && { uuid }) };
}

/** A `CustomEvent` class of one type that bubbles and crosses shadow roots. */
function eventOf<Detail>(type: string) {
  return class extends CustomEvent<Detail> {
    constructor(detail: Detail) {
      super(type, { bubbles: true, composed: true, detail });
    }
  };
}

/** The transaction ended successfully: the identity is verified. */
export class KycSuccessfulEvent extends eventOf<KycStatusDetail>('kyc-successful') {}

/** The transaction ended failed: the identity was not confirmed. */
export class KycFailedEvent extends eventOf<KycStatusDetail>('kyc-failed') {}

/** The transaction expired before it ended. */
export class KycExpiredEvent extends eventOf<KycStatusDetail>('kyc-expired') {}

/** The state, step or code of the transaction changed, or the link was opened (by one more device). */
export class KycStateChangeEvent extends eventOf<KycStatusDetail>('kyc-state-change') {}

/** A configuration, network or protocol error; `detail.retrying` says whether the element goes on. */
export class KycErrorEvent extends eventOf<KycErrorDetail>('kyc-error') {}

/** The end user pressed Continue after a successful verification. */
export class KycContinueEvent extends eventOf<KycStatusDetail>('kyc-continue') {}

/**
 * The terminal event for each end state.
 * @internal
 */
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
