import type { TransactionStatus } from '../../shared/transaction-state.js';

/** A strong ETag: the SHA-256 of the status object (Web Crypto, so it runs on any Fetch runtime). */
export async function etagOf(status: TransactionStatus): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(status)));
  const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `"${hex.slice(0, 32)}"`;
}
