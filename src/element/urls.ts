import { UUID_PATTERN } from '../shared/wire/codes.js';

const NANOID = /^[A-Za-z0-9_-]{6}$/;
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$|\.localhost$/;

/** Whether `id` is a transaction uuid or the 6-character nanoid of docs/service.md §2.3. */
export function isTransactionId(id: string): boolean {
  return UUID_PATTERN.test(id) || NANOID.test(id);
}

/**
 * The absolute link, resolved against `base`, when it is safe to show an end user: `https:`, or
 * `http:` on this machine. Anything else (`javascript:`, `data:`, plain `http:` on the network) gives `null`.
 */
export function safeLink(href: string, base: string): string | null {
  try {
    const url = new URL(href, base);
    const secure = url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.test(url.hostname));
    return secure ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A `:uuid` path segment, the placeholder of Express and Hono routes, which templates that
 * interpolate braces (Svelte's) leave alone; never part of a segment such as `host:8080`.
 */
const UUID_SEGMENT = /(?<=\/):uuid(?=[/?#]|$)/g;

/** The status URL for `uuid` from a `{uuid}` or `:uuid` template, resolved against `base`; `null` without a placeholder. */
export function statusUrlFor(template: string, uuid: string, base: string): string | null {
  const id = encodeURIComponent(uuid);
  const url = template.replaceAll('{uuid}', id).replaceAll(UUID_SEGMENT, id);
  // Unchanged: no placeholder (a uuid or nanoid never reads `{uuid}` or `:uuid`).
  if (url === template) return null;
  try {
    return new URL(url, base).href;
  } catch {
    return null;
  }
}
