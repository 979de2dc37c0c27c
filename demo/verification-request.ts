/**
 * The transaction a demo backend creates for the options its page chose (identity, challenges, tries,
 * expiration, webhooks at every step, the blacklist check): the demo's host (from the session URL's
 * query) and the documentation site's playground (site-src/worker) both build it here. Never trust a
 * real browser with these.
 */
import type { SessionTransactionRequest } from '../src/server/index.js';

/** The options the page chose, as a resume key: hashed, as they name a person (the nin) and the store keeps keys. */
export async function optionsKey(options: URLSearchParams): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(options.toString()));
  return Buffer.from(digest).toString('base64url');
}

/** The demo's user, from the options the page chose. */
export function demoRequest(options: URLSearchParams, webhook: string): SessionTransactionRequest {
  const expiration = Math.max(30, Number(options.get('expiration')) || 600);
  const capture = Math.min(120, expiration);
  return {
    company_id: 'sandbox-company',
    authorization_method: 'kyc_register',
    expiration,
    tries: Math.max(1, Number(options.get('tries')) || 3),
    webhook,
    metadata: {
      country: 'CL',
      nin: options.get('nin') || '11.111.111-1',
      challenges_required: Math.min(2, Math.max(0, Number(options.get('challenges')) || 0)),
      webhook_full_update: options.get('full_update') === 'true',
      fraud_check: options.get('fraud_check') === 'true',
      capture_document_expiration: capture,
      capture_facial_expiration: capture,
      capture_challenge_expiration: capture,
      show_timer: true,
    },
  };
}
