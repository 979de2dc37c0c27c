/**
 * The wire format of docs/service.md §2, defined once: each field with the type the spec gives it. The
 * sandbox builds its strict schemas and its OpenAPI document from these (adding formats and
 * defaults); the kit builds the loose shapes it reads answers with (unknown fields pass).
 * Zod lives here: the browser element must never import this file.
 */
import { z } from 'zod';
import { isValidRut } from '../rut.js';
import { AUTHORIZATION_METHODS, DEFAULT_CAPTURE_SECONDS, UUID_PATTERN } from './codes.js';

const integer = () => z.number().int();
const nullableText = () => z.string().nullable();
const captureSeconds = (meaning: string) =>
  integer().describe(`${meaning} in seconds; at least 1 and at most the transaction's expiration (400 otherwise).`);

/** An http(s) URL: the only kind a webhook or a redirect can reach. */
export const httpUrl = () => z.url({ protocol: /^https?$/ });

/** Error envelope of docs/service.md §7.1. */
export const errorEnvelopeFields = { code: integer(), resource: z.string(), message: z.string(), errors: nullableText() };

/** Token response of docs/service.md §2.2. */
export const tokenResponseFields = {
  access_token: z.string().min(1),
  token_type: z.literal('Bearer'),
  expires_in: integer().positive(),
  scope: z.string(),
  created_at: integer(),
};

/** Metadata object of docs/service.md §2.3.1. Every field may be omitted; `METADATA_DEFAULTS` says what that means. */
export const metadataFields = {
  country: z.string(),
  nin: z.string().refine(isValidRut, 'must be a valid Chilean RUT, check digit included'),
  challenges_required: integer().min(0).max(2),
  document_verification: z.boolean(),
  require_document_validation: z.boolean(),
  verify_image_authenticity: z.boolean(),
  enrolment: z.boolean(),
  fraud_check: z.boolean(),
  internal_credential_check: z.boolean(),
  capture_document_expiration: captureSeconds('Time for document capture'),
  capture_facial_expiration: captureSeconds('Time for facial capture'),
  capture_challenge_expiration: captureSeconds('Time per liveness challenge'),
  document_tolerance: integer(),
  webhook_full_update: z.boolean(),
  redirect_uri: httpUrl(),
  web_redirect: z.boolean(),
  timer: z.boolean(),
  show_timer: z.boolean(),
  show_auto_button: z.boolean(),
};

type MetadataField = keyof typeof metadataFields;

/** The Default column of docs/service.md §2.3.1. */
export const METADATA_DEFAULTS = {
  challenges_required: 0,
  document_verification: false,
  require_document_validation: false,
  verify_image_authenticity: false,
  enrolment: false,
  fraud_check: false,
  internal_credential_check: false,
  capture_document_expiration: DEFAULT_CAPTURE_SECONDS,
  capture_facial_expiration: DEFAULT_CAPTURE_SECONDS,
  capture_challenge_expiration: DEFAULT_CAPTURE_SECONDS,
  document_tolerance: 0,
  webhook_full_update: false,
  web_redirect: false,
  timer: false,
  show_timer: true,
  show_auto_button: true,
} as const satisfies { [K in MetadataField]?: z.output<(typeof metadataFields)[K]> };

/**
 * Create-transaction request of docs/service.md §2.3. `tries`, `expiration` and `metadata` may be omitted:
 * the sandbox gives them their defaults, the kit leaves them out.
 */
export const createRequestFields = {
  transaction_id: z.string().min(1),
  company_id: z.string().min(1),
  authorization_method: z.enum(AUTHORIZATION_METHODS),
  tries: integer().describe('At least 1 (400 otherwise).'),
  expiration: integer().describe('Link expiry in seconds; at least 1 (400 otherwise).'),
  webhook: httpUrl().optional(),
  scope: z.string().optional(),
  user_id: z.string().optional(),
  client_id: z.string().optional(),
  creator_user_id: z.string().optional(),
  allowed_clients: z.array(z.string()).optional(),
  nanoid: z.boolean().optional(),
  user_email: z.email().optional(),
  link: z.string().optional().describe('Template of validator_url; expands {{transaction_uuid}} and {{nin}}.'),
};

/** docs/service.md §2.3: the one rule between fields that the model states. */
export const NIN_REQUIRED = { message: 'kyc_register requires metadata.nin', path: ['metadata', 'nin'] };
export const lacksRequiredNin = (request: { authorization_method: string; metadata?: { nin?: string } }): boolean =>
  request.authorization_method === 'kyc_register' && request.metadata?.nin === undefined;

/** VerificationResult of docs/service.md §2.5: its other fields are not specified, so they pass. */
export const verificationResultShape = z.looseObject({
  selfie_document_match: z.number().optional().describe('Present once the transaction has ended.'),
});

/**
 * Transaction of docs/service.md §2.4, `metadata` aside. Formats are left to the sandbox: a reader that
 * insisted on them would break on a date written another way.
 */
export const transactionFields = {
  id: integer(),
  uuid: z.string().regex(UUID_PATTERN),
  transaction_id: z.string(),
  user_id: nullableText(),
  company_id: z.string(),
  authorization_method: z.string(),
  code: nullableText(),
  active: z.boolean(),
  complete: z.boolean(),
  failed: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: nullableText(),
  scope: nullableText(),
  expiration: integer(),
  tries: integer(),
  allowed_clients: z.array(z.string()).nullable(),
  nanoid: nullableText(),
  validator_url: nullableText(),
  client_id: nullableText(),
  webhook: nullableText(),
  verification_result: verificationResultShape,
  issue_description: nullableText(),
  step: z.string(),
  description: nullableText(),
  creator_user_id: nullableText(),
  extra_check_details: z.record(z.string(), z.unknown()).nullable(),
};

/** The transaction fields a webhook delivery carries (docs/service.md §2.7). */
export const WEBHOOK_PAYLOAD_FIELDS = {
  uuid: true,
  transaction_id: true,
  company_id: true,
  authorization_method: true,
  active: true,
  complete: true,
  failed: true,
  updated_at: true,
  verification_result: true,
} as const;

/** CredentialInformation of docs/service.md §2.6: personal data, never for a browser. */
export const credentialFields = {
  name: z.string(),
  last_name: z.string(),
  date_birth: z.string().describe('dd/mm/yyyy'),
  nin: z.string(),
  document_number: z.string(),
  identity_verification_score: z.number(),
};

/** The envelope of docs/service.md §2.6 around `data` of a resource. */
export const envelopeOf = <R extends string, D extends z.ZodType>(resource: R, data: D) => ({
  code: integer(),
  resource: z.literal(resource),
  data,
  message: z.string(),
});
