import type { Store } from '../state/store.js';
import { newCode } from './codes.js';

/** What a short code stands for: the transaction, and where its link leads. */
export interface ShortLink {
  uuid: string;
  transactionId: string;
  /** The service's verification link, where the short link redirects. */
  target: string;
}

/** Draws before giving up: with 22⁶ codes, a clash is rare and two in a row never happen but in a full store. */
const MAX_DRAWS = 5;

const codeKey = (code: string) => `handoff:code:${code}`;

/**
 * A fresh code for `link`, kept for `ttlMs` (the transaction's life): taken by a lease first, so
 * that no two transactions of the fleet ever share one, then recorded where every process finds it.
 */
export async function registerShortLink(store: Store, link: ShortLink, ttlMs: number): Promise<string> {
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    const code = newCode();
    if (!(await store.acquire(codeKey(code), link.uuid, ttlMs))) continue;
    await store.setShared(codeKey(code), JSON.stringify(link), ttlMs);
    return code;
  }
  throw new Error(`no free short code in ${MAX_DRAWS} draws`);
}

/** The transaction behind `code`, or undefined when no live transaction has it. */
export async function shortLinkOf(store: Store, code: string): Promise<ShortLink | undefined> {
  const recorded = await store.getShared(codeKey(code));
  return recorded === undefined ? undefined : (JSON.parse(recorded) as ShortLink);
}
