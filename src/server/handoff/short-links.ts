import type { Store } from '../state/store.js';
import { newCode, newToken } from './codes.js';

/** What a link's token stands for: the transaction, where its link leads, and what the handoff needs to answer it. */
export interface ShortLink {
  uuid: string;
  transactionId: string;
  /** The service's verification link, where the short link leads. */
  target: string;
  /** The go URL the link was given under, as phones reach it: the link is `<goUrl>/<token>`, the device cookie's path is its path. */
  goUrl: string;
  /** The code a person types for it (until a device opens it). */
  code: string;
  /** The window the link's devices are counted in (devices.ts): the same for every count of this link. */
  countWindowMs: number;
}

/** Draws before giving up: with 22⁸ codes, a clash is rare and two in a row never happen but in a full store. */
const MAX_DRAWS = 5;
/** The life of a link whose transaction says no expiry: the service's default `expiration` (docs/service.md §8). */
const DEFAULT_LIFE_MS = 600_000;
/** Beyond its life, how long a count of devices may still be read (clocks of a fleet differ by that much at most). */
const COUNT_MARGIN_MS = 60_000;

const linkKey = (token: string) => `handoff:link:${token}`;
const codeKey = (code: string) => `handoff:code:${code}`;

/**
 * A fresh token and code for `link`, kept until the transaction expires (`untilExpiryMs`): every
 * record of the handoff dies with its transaction. The code is taken by a lease first, so that no
 * two live transactions of the fleet share one; the token needs none (128 random bits). Both are
 * recorded before anyone is given them.
 */
export async function registerShortLink(
  store: Store,
  link: Pick<ShortLink, 'uuid' | 'transactionId' | 'target' | 'goUrl'>,
  untilExpiryMs: number,
): Promise<{ token: string; code: string }> {
  const ttlMs = untilExpiryMs || DEFAULT_LIFE_MS;
  const token = newToken();
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    const code = newCode();
    if (!(await store.acquire(codeKey(code), token, ttlMs))) continue;
    const recorded: ShortLink = { ...link, code, countWindowMs: ttlMs + COUNT_MARGIN_MS };
    await store.setShared(linkKey(token), JSON.stringify(recorded), ttlMs);
    await store.setShared(codeKey(code), token, ttlMs);
    return { token, code };
  }
  throw new Error(`no free code in ${MAX_DRAWS} draws`);
}

/** The link of `token`, or undefined when no live transaction has it. */
export async function shortLinkOf(store: Store, token: string): Promise<ShortLink | undefined> {
  const recorded = await store.getShared(linkKey(token));
  return recorded === undefined ? undefined : (JSON.parse(recorded) as ShortLink);
}

/** The token a typed code stands for, or undefined when no live transaction has it (or a device opened its link). */
export async function tokenOfCode(store: Store, code: string): Promise<string | undefined> {
  return (await store.getShared(codeKey(code))) || undefined;
}

/** The code of `link` while it can still be typed (no device opened it yet), else undefined. */
export async function liveCodeOf(store: Store, token: string, link: ShortLink): Promise<string | undefined> {
  return (await tokenOfCode(store, link.code)) === token ? link.code : undefined;
}

/**
 * Once a device opened the link, nobody needs to type its code: it stops answering, so that
 * guessing can only find codes nobody has used yet. (Written empty for a millisecond: the store
 * deletes nothing else by key.) Its lease keeps it from another transaction until it expires.
 */
export async function retireCode(store: Store, code: string): Promise<void> {
  await store.setShared(codeKey(code), '', 1);
}
