/**
 * What the kit checks in the service's answers and in webhook bodies. Only the fields the kit
 * relies on are checked; the rest passes through untouched, so a field the service adds (or a
 * nullability it changes) does not break an integration.
 */
import { z } from 'zod';
import { UUID_PATTERN } from '../handlers/owner.js';

const flags = { active: z.boolean(), complete: z.boolean(), failed: z.boolean() };
const nullableText = z.string().nullable();

export const errorEnvelopeShape = z.looseObject({
  code: z.number(),
  resource: z.string(),
  message: z.string(),
  errors: nullableText.optional().transform((errors) => errors ?? null),
});

export const tokenShape = z.looseObject({ access_token: z.string().min(1), expires_in: z.number().positive() });

const transactionShape = z.looseObject({
  uuid: z.string().min(1),
  ...flags,
  step: nullableText,
  code: nullableText,
  issue_description: nullableText,
  created_at: z.string(),
  updated_at: z.string(),
  expiration: z.number(),
  validator_url: nullableText.optional(),
});

export const transactionEnvelopeShape = z.looseObject({ data: transactionShape });

export const credentialEnvelopeShape = z.looseObject({
  data: z.looseObject({ name: z.string(), last_name: z.string(), nin: z.string() }),
});

/** Body of a webhook delivery (spec §2.7). */
export const webhookPayloadShape = z.looseObject({
  // The same test as the status handler's: a uuid it answers for is one whose deliveries are taken.
  uuid: z.string().regex(UUID_PATTERN),
  transaction_id: z.string(),
  company_id: z.string(),
  ...flags,
  updated_at: z.string(),
});
