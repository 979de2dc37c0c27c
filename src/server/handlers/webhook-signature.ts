/**
 * The webhook signature that docs/service.md §5.5 announces: HMAC-SHA256 of the raw body with a shared
 * secret. The header's encoding is not specified yet, so hex and base64 (and base64url) are
 * accepted, with or without a `sha256=` prefix. Web Crypto only, so it runs on any Fetch runtime.
 */

const encoder = new TextEncoder();

async function hmacOf(secret: string, body: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, body));
}

/** The signature of `body` as lower-case hex: what a sender puts in the header. */
export async function signWebhookBody(secret: string, body: string | Uint8Array<ArrayBuffer>): Promise<string> {
  const mac = await hmacOf(secret, typeof body === 'string' ? encoder.encode(body) : body);
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Whether `header` carries the HMAC of `body`, compared in constant time. */
export async function hasValidSignature(secret: string, body: Uint8Array<ArrayBuffer>, header: string | null): Promise<boolean> {
  const given = header === null ? null : decodeSignature(header.trim().replace(/^sha256=/i, ''));
  const expected = await hmacOf(secret, body);
  return given !== null && constantTimeEqual(given, expected);
}

function decodeSignature(text: string): Uint8Array | null {
  if (/^[0-9a-f]{64}$/i.test(text)) return Uint8Array.from(text.match(/../g)!, (pair) => parseInt(pair, 16));
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/').replace(/=?$/, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** Compares every byte whatever the first difference, so timing reveals nothing of the expected MAC. */
function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}
