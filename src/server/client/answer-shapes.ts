/**
 * How the kit reads the service's answers and webhook bodies, built from the shared field
 * definitions: a field the service adds does not fail a read, and formats (dates, uuid version,
 * step names) are not insisted on, so the service can grow without breaking an integration.
 */
import { z } from 'zod';
import { credentialFields, errorEnvelopeFields, metadataFields, tokenResponseFields, transactionFields } from '../../shared/wire/fields.js';

export const errorEnvelopeShape = z.looseObject({
  ...errorEnvelopeFields,
  errors: errorEnvelopeFields.errors.optional().transform((errors) => errors ?? null),
});

const { access_token, expires_in } = tokenResponseFields;
/** Only what the token cache uses: a `token_type` of `bearer` is as good as `Bearer`. */
export const tokenShape = z.looseObject({ access_token, expires_in });

export const transactionShape = z.looseObject({ ...transactionFields, metadata: z.looseObject(metadataFields).partial() });

export const transactionEnvelopeShape = z.looseObject({ data: transactionShape });

/** Personal data: exactly the fields of docs/service.md §2.6 are handed over, whatever else the service sends. */
export const credentialShape = z.object(credentialFields);

export const credentialEnvelopeShape = z.looseObject({ data: credentialShape });

const { uuid, transaction_id, company_id, active, complete, failed, updated_at } = transactionFields;
/** Body of a webhook delivery (docs/service.md §2.7): the fields the webhook handler acts on. */
export const webhookPayloadShape = z.looseObject({ uuid, transaction_id, company_id, active, complete, failed, updated_at });
