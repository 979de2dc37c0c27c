/**
 * The wire format of docs/service.md §2, as zod schemas. The routes validate with them and
 * `GET /openapi.json` is generated from them, so the document cannot drift from the server.
 */
import { z } from '@hono/zod-openapi';
import { FAULT_LIMITS, LONGEST_EXPIRATION_SECONDS } from './defaults.js';
import { ISSUE_CODES } from '../shared/issue-codes.js';
import { DEFAULT_EXPIRATION_SECONDS, DEFAULT_TRIES, STEP_CODES } from '../shared/wire/codes.js';
import {
  createRequestFields,
  credentialFields,
  envelopeOf,
  errorEnvelopeFields,
  httpUrl,
  lacksRequiredNin,
  METADATA_DEFAULTS,
  metadataFields,
  NIN_REQUIRED,
  tokenResponseFields,
  transactionFields,
  verificationResultShape,
  WEBHOOK_PAYLOAD_FIELDS,
} from '../shared/wire/fields.js';
import { narrowed, withDefaults } from './schema-helpers.js';

/** A century: the most one call moves the clock (the sum is bounded by the largest date, 400 past it). */
const MAX_ADVANCE_SECONDS = 100 * 365 * 86_400;

/**
 * Longest accepted texts, as a real service bounds its columns (422 past them): they bound what
 * one transaction holds in memory. URLs as long as browsers and proxies commonly carry.
 */
export const FIELD_LIMITS = {
  identifier: 255,
  url: 2048,
  email: 254,
  country: 64,
  nin: 20,
  allowedClients: 10,
  expirationSeconds: LONGEST_EXPIRATION_SECONDS,
} as const;

const identifier = (field: z.ZodString) => field.max(FIELD_LIMITS.identifier);
const boundedUrl = () => httpUrl().max(FIELD_LIMITS.url);

export const ErrorEnvelopeSchema = z.object(errorEnvelopeFields).openapi('ErrorEnvelope', { description: 'Error envelope (spec §7.1).' });

export const TokenRequestSchema = z
  .object({
    client_id: z.string(),
    client_secret: z.string(),
    grant_type: z.string().openapi({ enum: ['client_credentials'], description: 'Only `client_credentials` (400 otherwise).' }),
  })
  .openapi('TokenRequest');

export const TokenResponseSchema = z.object(tokenResponseFields).openapi('TokenResponse');

/**
 * A bound the service answers with 400 (docs/service.md §4.2), not the model's 422: the document states
 * it as a schema keyword, and service.ts checks it.
 */
const atLeastOne = <T extends z.ZodNumber>(field: T, most?: number) =>
  // A copy (describe makes one): `.openapi()` exists only on schemas made after @hono/zod-openapi loaded, and the shared ones may predate it.
  field.describe(field.description ?? '').openapi({ minimum: 1, ...(most !== undefined && { maximum: most }) });

const boundedMetadataFields = narrowed(metadataFields, {
  country: metadataFields.country.max(FIELD_LIMITS.country),
  nin: metadataFields.nin.max(FIELD_LIMITS.nin),
  redirect_uri: boundedUrl(),
  // At most the transaction's expiration, itself at most a week.
  capture_document_expiration: atLeastOne(metadataFields.capture_document_expiration, FIELD_LIMITS.expirationSeconds),
  capture_facial_expiration: atLeastOne(metadataFields.capture_facial_expiration, FIELD_LIMITS.expirationSeconds),
  capture_challenge_expiration: atLeastOne(metadataFields.capture_challenge_expiration, FIELD_LIMITS.expirationSeconds),
});

export const MetadataSchema = z
  .object(withDefaults(boundedMetadataFields, METADATA_DEFAULTS))
  .openapi('Metadata', { description: 'Business rules of the flow (spec §2.3.1).' });

export type Metadata = z.output<typeof MetadataSchema>;

/** The refinement of NIN_REQUIRED as JSON Schema states it, for the document (zod checks it: 422 without it). */
const NIN_CONDITION = {
  description: 'kyc_register requires metadata.nin (422 otherwise).',
  if: { properties: { authorization_method: { const: 'kyc_register' } }, required: ['authorization_method'] },
  then: { required: ['metadata'], properties: { metadata: { required: ['nin'] } } },
};

export const CreateTransactionRequestSchema = z
  .object(
    narrowed(createRequestFields, {
      transaction_id: identifier(createRequestFields.transaction_id),
      company_id: identifier(createRequestFields.company_id),
      tries: atLeastOne(createRequestFields.tries).default(DEFAULT_TRIES),
      expiration: createRequestFields.expiration
        .max(FIELD_LIMITS.expirationSeconds)
        .openapi({ minimum: 1, description: 'Link expiry in seconds; at least 1 (400 otherwise), at most a week (422 past it).' })
        .default(DEFAULT_EXPIRATION_SECONDS),
      webhook: boundedUrl().optional(),
      scope: identifier(z.string()).optional(),
      user_id: identifier(z.string()).optional(),
      client_id: identifier(z.string()).optional(),
      creator_user_id: identifier(z.string()).optional(),
      allowed_clients: z.array(identifier(z.string())).max(FIELD_LIMITS.allowedClients).optional(),
      user_email: z.email().max(FIELD_LIMITS.email).optional(),
      link: z
        .string()
        .max(FIELD_LIMITS.url)
        .optional()
        .openapi({ description: 'Template of validator_url; expands {{transaction_uuid}} and {{nin}}.' }),
    }),
  )
  .extend({ metadata: MetadataSchema.prefault({}) })
  .refine((request) => !lacksRequiredNin(request), NIN_REQUIRED)
  .openapi('CreateTransactionRequest', { allOf: [NIN_CONDITION] });

export type CreateTransactionRequest = z.output<typeof CreateTransactionRequestSchema>;

// A schema made here: `.openapi()` exists only on schemas made after @hono/zod-openapi loaded, and the shared ones may predate it.
export const VerificationResultSchema = z.looseObject(verificationResultShape.shape).openapi('VerificationResult');

export const TransactionSchema = z
  .object(
    narrowed(transactionFields, {
      uuid: z.uuid(),
      created_at: z.iso.datetime(),
      updated_at: z.iso.datetime(),
      deleted_at: z.iso.datetime().nullable(),
      step: z.enum(STEP_CODES),
      verification_result: VerificationResultSchema,
    }),
  )
  .extend({ metadata: MetadataSchema })
  .openapi('Transaction', { description: 'Transaction (spec §2.4).' });

export type Transaction = z.output<typeof TransactionSchema>;

export const TransactionEnvelopeSchema = z.object(envelopeOf('Transaction', TransactionSchema)).openapi('TransactionEnvelope');

export const CredentialInformationSchema = z
  .object(narrowed(credentialFields, { date_birth: z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/) }))
  .openapi('CredentialInformation');

export const CredentialEnvelopeSchema = z.object(envelopeOf('User Credential', CredentialInformationSchema)).openapi('CredentialEnvelope');

export const WebhookPayloadSchema = TransactionSchema.pick(WEBHOOK_PAYLOAD_FIELDS).openapi('WebhookPayload', {
  description: 'Body of a webhook delivery (spec §2.7).',
});

export type WebhookPayload = z.output<typeof WebhookPayloadSchema>;

export const OUTCOME_CODES = Object.keys(ISSUE_CODES) as [keyof typeof ISSUE_CODES, ...(keyof typeof ISSUE_CODES)[]];

export const OutcomeRequestSchema = z
  .object({ code: z.enum(OUTCOME_CODES) })
  .openapi('OutcomeRequest', { description: "The issue code to apply as the flow's next event." });

export const ClockRequestSchema = z.object({ advance_seconds: z.number().min(0).max(MAX_ADVANCE_SECONDS) }).openapi('ClockRequest');

export const ClockSchema = z
  .object({ now: z.iso.datetime(), offset_seconds: z.number() })
  .openapi('Clock', { description: 'The sandbox clock: real time plus the offset tests have added.' });

/** The most copies a duplicate fault sends, and the longest a delay fault holds a delivery (a week, as `expiration`). */

const faultScope = {
  uuid: z
    .uuid()
    .optional()
    .openapi({ description: 'Only deliveries of this transaction (404 when none has it); omitted: any transaction.' }),
  every: z
    .boolean()
    .default(false)
    .openapi({ description: 'Apply to every matching delivery (every pair, for reorder), not only the next.' }),
};

export const WebhookFaultRequestSchema = z
  .discriminatedUnion('fault', [
    z.object({
      fault: z.literal('duplicate'),
      times: z.number().int().min(2).max(FAULT_LIMITS.times).openapi({ description: 'How many times the delivery arrives in all.' }),
      ...faultScope,
    }),
    z.object({ fault: z.literal('reorder'), ...faultScope }).openapi({
      description: 'The next delivery is held until the one after it (in the same scope) has been delivered, then sent.',
    }),
    z.object({
      fault: z.literal('delay'),
      delay_seconds: z
        .number()
        .min(0)
        .max(FAULT_LIMITS.delaySeconds)
        .openapi({ description: 'Held this long on the sandbox clock: POST /sandbox/clock past it sends it at once.' }),
      ...faultScope,
    }),
    z.object({ fault: z.literal('drop'), ...faultScope }).openapi({ description: 'The delivery is logged and never sent.' }),
  ])
  .openapi('WebhookFaultRequest', { description: 'A webhook fault to apply to the next matching delivery (or every one with `every`).' });

export type WebhookFaultRequest = z.input<typeof WebhookFaultRequestSchema>;
export type WebhookFaultSpec = z.output<typeof WebhookFaultRequestSchema>;

export const WebhookFaultSchema = z
  .intersection(
    z.object({ id: z.number().int(), uuid: z.uuid().nullable(), every: z.boolean() }),
    z.discriminatedUnion('fault', [
      z.object({ fault: z.literal('duplicate'), times: z.number().int() }),
      z.object({ fault: z.literal('reorder') }),
      z.object({ fault: z.literal('delay'), delay_seconds: z.number() }),
      z.object({ fault: z.literal('drop') }),
    ]),
  )
  .openapi('WebhookFault', { description: 'A pending webhook fault.' });

export type WebhookFault = z.output<typeof WebhookFaultSchema>;

export const WebhookFaultListSchema = z.object({ faults: z.array(WebhookFaultSchema) }).openapi('WebhookFaultList');

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
    state: z.enum(['held', 'in_flight', 'delivered', 'failed', 'dropped']).openapi({
      description: '`held` by a delay or reorder fault, `dropped` by a drop fault (never sent).',
    }),
    payload: WebhookPayloadSchema,
    attempts: z.array(DeliveryAttemptSchema),
    fault: z
      .object({ id: z.number().int(), fault: z.enum(['duplicate', 'reorder', 'delay', 'drop']) })
      .nullable()
      .openapi({ description: 'The fault applied to this delivery, or null.' }),
    notes: z.array(z.string()).openapi({ description: 'What was done with the delivery and why, in order: faults, retries, give-ups.' }),
  })
  .openapi('WebhookDelivery');

export type WebhookDelivery = z.output<typeof WebhookDeliverySchema>;

export const WebhookLogSchema = z.object({ deliveries: z.array(WebhookDeliverySchema) }).openapi('WebhookLog');
