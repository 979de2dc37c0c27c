/** The wire format of docs/service.md §2 as TypeScript types: what the kit sends and what it reads back, inferred from its shapes. */
import type { z } from 'zod';
import type { envelopeOf, tokenResponseFields, WEBHOOK_PAYLOAD_FIELDS } from '../../shared/wire/fields.js';
import type { credentialShape, transactionShape } from './answer-shapes.js';
import type { createRequestShape } from './create-request-rules.js';

export type { AuthorizationMethod } from '../../shared/wire/codes.js';

/** Create-transaction request of docs/service.md §2.3; `kyc_register` requires `metadata.nin`. */
export type CreateTransactionRequest = z.input<typeof createRequestShape>;

/** Transaction of docs/service.md §2.4, as checked: fields beyond the spec's are kept, typed `unknown`. */
export type Transaction = z.output<typeof transactionShape>;

/** Metadata object of docs/service.md §2.3.1: the business rules of the flow. */
export type TransactionMetadata = Transaction['metadata'];

/** VerificationResult of docs/service.md §2.5 (other fields are not specified). */
export type VerificationResult = Transaction['verification_result'];

/** CredentialInformation of docs/service.md §2.6: personal data; it must never reach a browser. */
export type CredentialInformation = z.output<typeof credentialShape>;

type ObjectOf<F extends z.ZodRawShape> = z.output<z.ZodObject<F>>;

/** Transaction envelope of docs/service.md §2.6. */
export type TransactionEnvelope = ObjectOf<ReturnType<typeof envelopeOf<'Transaction', typeof transactionShape>>>;

/** Credential-information envelope of docs/service.md §2.6. */
export type CredentialEnvelope = ObjectOf<ReturnType<typeof envelopeOf<'User Credential', typeof credentialShape>>>;

/** Token response of docs/service.md §2.2. */
export type TokenResponse = ObjectOf<typeof tokenResponseFields>;

/** Webhook payload of docs/service.md §2.7. */
export type WebhookPayload = Pick<Transaction, keyof typeof WEBHOOK_PAYLOAD_FIELDS>;
