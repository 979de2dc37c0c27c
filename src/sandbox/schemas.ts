/**
 * The wire format of spec §2, as zod schemas. The routes validate with them and
 * `GET /openapi.json` is generated from them, so the document cannot drift from the server.
 */
import { z } from '@hono/zod-openapi';
import { ISSUE_CODES } from '../shared/issue-codes.js';
import { isValidRut } from '../shared/rut.js';

/** A century: further would take the clock past what a date can hold. */
const MAX_ADVANCE_SECONDS = 100 * 365 * 86_400;

const STEP_CODES = ['Session_start', 'Capture_credential_Ok', 'Capture_credential_fail', 'Session_complete_Ok', 'Session_complete_fail', 'time_out'] as const;

export const AUTHORIZATION_METHODS = ['kyc_register', 'kyc_register_simple', 'sms', 'email', 'fido2', 'bioidentity'] as const;

const httpUrl = () => z.url({ protocol: /^https?$/ });
const captureSeconds = (meaning: string) =>
  z.number().int().default(120).openapi({ description: `${meaning} in seconds; must not exceed the transaction's expiration (400 otherwise).` });

export const ErrorEnvelopeSchema = z
  .object({
    code: z.number().int(),
    resource: z.string(),
    message: z.string(),
    errors: z.string().nullable(),
  })
  .openapi('ErrorEnvelope', { description: 'Error envelope (spec §7.1).' });

export const TokenRequestSchema = z
  .object({
    client_id: z.string(),
    client_secret: z.string(),
    grant_type: z.string().openapi({ enum: ['client_credentials'], description: 'Only `client_credentials` (400 otherwise).' }),
  })
  .openapi('TokenRequest');

export const TokenResponseSchema = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int(),
    scope: z.string(),
    created_at: z.number().int(),
  })
  .openapi('TokenResponse');

export const MetadataSchema = z
  .object({
    country: z.string().optional(),
    nin: z.string().refine(isValidRut, 'must be a valid Chilean RUT, check digit included').optional(),
    challenges_required: z.number().int().min(0).max(2).default(0),
    document_verification: z.boolean().default(false),
    require_document_validation: z.boolean().default(false),
    verify_image_authenticity: z.boolean().default(false),
    enrolment: z.boolean().default(false),
    fraud_check: z.boolean().default(false),
    internal_credential_check: z.boolean().default(false),
    capture_document_expiration: captureSeconds('Time for document capture'),
    capture_facial_expiration: captureSeconds('Time for facial capture'),
    capture_challenge_expiration: captureSeconds('Time per liveness challenge'),
    document_tolerance: z.number().int().default(0),
    webhook_full_update: z.boolean().default(false),
    redirect_uri: httpUrl().optional(),
    web_redirect: z.boolean().default(false),
    timer: z.boolean().default(false),
    show_timer: z.boolean().default(true),
    show_auto_button: z.boolean().default(true),
  })
  .openapi('Metadata', { description: 'Business rules of the flow (spec §2.3.1).' });

export type Metadata = z.output<typeof MetadataSchema>;

export const CreateTransactionRequestSchema = z
  .object({
    transaction_id: z.string().min(1),
    company_id: z.string().min(1),
    authorization_method: z.enum(AUTHORIZATION_METHODS),
    tries: z.number().int().default(3).openapi({ description: 'Minimum 1 (400 otherwise).' }),
    expiration: z.number().int().max(MAX_ADVANCE_SECONDS).default(600).openapi({ description: 'Link expiry in seconds; minimum 1 (400 otherwise), at most a century.' }),
    webhook: httpUrl().optional(),
    scope: z.string().optional(),
    user_id: z.string().optional(),
    client_id: z.string().optional(),
    creator_user_id: z.string().optional(),
    allowed_clients: z.array(z.string()).optional(),
    nanoid: z.boolean().optional(),
    user_email: z.email().optional(),
    link: z.string().optional().openapi({ description: 'Template of validator_url; expands {{transaction_uuid}} and {{nin}}.' }),
    metadata: MetadataSchema.prefault({}),
  })
  .refine((request) => request.authorization_method !== 'kyc_register' || request.metadata.nin !== undefined, {
    message: 'kyc_register requires metadata.nin',
    path: ['metadata', 'nin'],
  })
  .openapi('CreateTransactionRequest');

export type CreateTransactionRequest = z.output<typeof CreateTransactionRequestSchema>;

export const VerificationResultSchema = z
  .object({ selfie_document_match: z.number().optional().openapi({ description: 'Present once the transaction has ended.' }) })
  .openapi('VerificationResult');

export const TransactionSchema = z
  .object({
    id: z.number().int(),
    uuid: z.uuid(),
    transaction_id: z.string(),
    user_id: z.string().nullable(),
    company_id: z.string(),
    authorization_method: z.string(),
    code: z.string().nullable(),
    active: z.boolean(),
    complete: z.boolean(),
    failed: z.boolean(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    deleted_at: z.iso.datetime().nullable(),
    scope: z.string().nullable(),
    expiration: z.number().int(),
    tries: z.number().int(),
    allowed_clients: z.array(z.string()).nullable(),
    nanoid: z.string().nullable(),
    validator_url: z.string().nullable(),
    metadata: MetadataSchema,
    client_id: z.string().nullable(),
    webhook: z.string().nullable(),
    verification_result: VerificationResultSchema,
    issue_description: z.string().nullable(),
    step: z.enum(STEP_CODES),
    description: z.string().nullable(),
    creator_user_id: z.string().nullable(),
    extra_check_details: z.record(z.string(), z.unknown()).nullable(),
  })
  .openapi('Transaction', { description: 'Transaction (spec §2.4).' });

export type Transaction = z.output<typeof TransactionSchema>;

export const TransactionEnvelopeSchema = z
  .object({ code: z.number().int(), resource: z.literal('Transaction'), data: TransactionSchema, message: z.string() })
  .openapi('TransactionEnvelope');

export const CredentialInformationSchema = z
  .object({
    name: z.string(),
    last_name: z.string(),
    date_birth: z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/),
    nin: z.string(),
    document_number: z.string(),
    identity_verification_score: z.number(),
  })
  .openapi('CredentialInformation');

export const CredentialEnvelopeSchema = z
  .object({ code: z.number().int(), resource: z.literal('User Credential'), data: CredentialInformationSchema, message: z.string() })
  .openapi('CredentialEnvelope');

export const WebhookPayloadSchema = TransactionSchema.pick({
  uuid: true,
  transaction_id: true,
  company_id: true,
  authorization_method: true,
  active: true,
  complete: true,
  failed: true,
  updated_at: true,
  verification_result: true,
})
  .openapi('WebhookPayload', { description: 'Body of a webhook delivery (spec §2.7).' });

export type WebhookPayload = z.output<typeof WebhookPayloadSchema>;

export const OUTCOME_CODES = Object.keys(ISSUE_CODES) as [keyof typeof ISSUE_CODES, ...(keyof typeof ISSUE_CODES)[]];

export const OutcomeRequestSchema = z
  .object({ code: z.enum(OUTCOME_CODES) })
  .openapi('OutcomeRequest', { description: 'The issue code to apply as the flow\'s next event.' });

export const ClockRequestSchema = z
  .object({ advance_seconds: z.number().min(0).max(MAX_ADVANCE_SECONDS) })
  .openapi('ClockRequest');

export const ClockSchema = z
  .object({ now: z.iso.datetime(), offset_seconds: z.number() })
  .openapi('Clock', { description: 'The sandbox clock: real time plus the offset tests have added.' });

const DeliveryAttemptSchema = z.object({
  at: z.iso.datetime(),
  duration_ms: z.number(),
  status: z.number().int().nullable().openapi({ description: 'HTTP status answered, or null when the connection failed.' }),
  error: z.string().nullable(),
});

export const WebhookDeliverySchema = z
  .object({
    id: z.number().int(),
    uuid: z.uuid(),
    url: z.string(),
    reason: z.enum(['state_change', 'step']),
    state: z.enum(['in_flight', 'delivered', 'failed']),
    payload: WebhookPayloadSchema,
    attempts: z.array(DeliveryAttemptSchema),
  })
  .openapi('WebhookDelivery');

export type WebhookDelivery = z.output<typeof WebhookDeliverySchema>;

export const WebhookLogSchema = z.object({ deliveries: z.array(WebhookDeliverySchema) }).openapi('WebhookLog');
