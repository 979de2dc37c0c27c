/** The wire format of spec §2, as TypeScript types (what the kit sends and what it reads back). */
import type { StepCode } from '../../shared/transaction-state.js';

export type AuthorizationMethod = 'kyc_register' | 'kyc_register_simple' | 'sms' | 'email' | 'fido2' | 'bioidentity';

/** Metadata object of spec §2.3.1: the business rules of the flow. */
export interface TransactionMetadata {
  country?: string;
  /** Chilean RUT, check digit included. */
  nin?: string;
  /** 0 to 2. */
  challenges_required?: number;
  document_verification?: boolean;
  require_document_validation?: boolean;
  verify_image_authenticity?: boolean;
  enrolment?: boolean;
  fraud_check?: boolean;
  internal_credential_check?: boolean;
  /** Seconds; must not exceed the transaction's expiration. */
  capture_document_expiration?: number;
  capture_facial_expiration?: number;
  capture_challenge_expiration?: number;
  document_tolerance?: number;
  webhook_full_update?: boolean;
  redirect_uri?: string;
  web_redirect?: boolean;
  timer?: boolean;
  show_timer?: boolean;
  show_auto_button?: boolean;
}

/** Create-transaction request of spec §2.3. */
export interface CreateTransactionRequest {
  transaction_id: string;
  company_id: string;
  authorization_method: AuthorizationMethod;
  /** At least 1; the service defaults it per method. */
  tries?: number;
  /** Link expiry in seconds, 600 by default. */
  expiration?: number;
  webhook?: string;
  scope?: string;
  user_id?: string;
  client_id?: string;
  creator_user_id?: string;
  allowed_clients?: string[];
  nanoid?: boolean;
  user_email?: string;
  /** Link template; `{{transaction_uuid}}` and `{{nin}}` are expanded. */
  link?: string;
  /** Required by `kyc_register` (it needs `nin`). */
  metadata?: TransactionMetadata;
}

/** VerificationResult of spec §2.5 (other fields are not specified). */
export interface VerificationResult {
  selfie_document_match?: number;
  [field: string]: unknown;
}

/** Transaction of spec §2.4. */
export interface Transaction {
  id: number;
  uuid: string;
  transaction_id: string;
  user_id: string | null;
  company_id: string;
  authorization_method: string;
  code: string | null;
  active: boolean;
  complete: boolean;
  failed: boolean;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  scope: string | null;
  expiration: number;
  tries: number;
  allowed_clients: string[] | null;
  nanoid: string | null;
  validator_url: string | null;
  metadata: TransactionMetadata;
  client_id: string | null;
  webhook: string | null;
  verification_result: VerificationResult;
  issue_description: string | null;
  step: StepCode;
  description: string | null;
  creator_user_id: string | null;
  extra_check_details: Record<string, unknown> | null;
}

/** Transaction envelope of spec §2.6. */
export interface TransactionEnvelope {
  code: number;
  resource: 'Transaction';
  data: Transaction;
  message: string;
}

/** CredentialInformation of spec §2.6: personal data; it must never reach a browser. */
export interface CredentialInformation {
  name: string;
  last_name: string;
  /** `dd/mm/yyyy`. */
  date_birth: string;
  nin: string;
  document_number: string;
  identity_verification_score: number;
}

/** Credential-information envelope of spec §2.6. */
export interface CredentialEnvelope {
  code: number;
  resource: 'User Credential';
  data: CredentialInformation;
  message: string;
}

/** Token response of spec §2.2. */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
  created_at: number;
}

/** Webhook payload of spec §2.7. */
export interface WebhookPayload {
  uuid: string;
  transaction_id: string;
  company_id: string;
  authorization_method: string;
  active: boolean;
  complete: boolean;
  failed: boolean;
  updated_at: string;
  verification_result: VerificationResult;
}
