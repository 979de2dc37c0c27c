/** What follows from a transaction's fields: its link's expiry and its end-user link. Imports nothing (browser-safe). */

/** When the link expires (docs/service.md §2.4: `created_at` plus `expiration` seconds), in epoch ms; NaN when `created_at` is not a date. */
export function expiryMsOf({ created_at, expiration }: { created_at: string; expiration: number }): number {
  return Date.parse(created_at) + expiration * 1000;
}

/** The same expiry as an ISO date-time, or null when `created_at` is not a date. */
export function expiryOf(transaction: { created_at: string; expiration: number }): string | null {
  const expiry = expiryMsOf(transaction);
  return Number.isNaN(expiry) ? null : new Date(expiry).toISOString();
}

/** The end-user link of docs/service.md §4.5: `{verification_url}/transactions/<uuid>`. */
export function verificationLink(verificationUrl: string, uuid: string): string {
  return `${verificationUrl.replace(/\/+$/, '')}/transactions/${encodeURIComponent(uuid)}`;
}
