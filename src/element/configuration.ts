import { verificationLink } from '../shared/wire/links.js';
import type { SessionAnswer } from './controllers/read-session.js';
import { isTransactionId, safeLink, statusUrlFor } from './urls.js';

/** The attributes that say where a transaction's status and link are, and the page's URL they are relative to. */
export interface Locations {
  statusUrl: string;
  sessionUrl: string;
  verificationUrl: string;
  link: string;
  /** The page's base URL (`document.baseURI`). */
  base: string;
}

/** What the session answer said about where its transaction is: the link to show, the status URL to follow, the code to type. */
export type Told = Pick<SessionAnswer, 'link' | 'statusUrl' | 'typedCode'>;

/** The transaction the element follows, with everything resolved and checked. */
export interface Followed {
  id: string;
  link: string;
  statusUrl: string;
  /** What the session answer said, kept when the attributes change. */
  told: Told | null;
}

/**
 * Where transaction `id`'s status and link are, or what is wrong with the configuration. The status
 * URL is `status-url` when set, else the session answer's, else `<session-url>/{uuid}`.
 */
export function locate(id: string, told: Told | null, locations: Locations): Followed | string {
  if (!isTransactionId(id)) return `${id}: not a uuid or nanoid`;
  const { statusUrl: template, sessionUrl, verificationUrl, base } = locations;
  const statusTemplate = template || (sessionUrl && `${sessionUrl.replace(/\/+$/, '')}/{uuid}`);
  const statusUrl = (!template && told?.statusUrl) || (statusTemplate && statusUrlFor(statusTemplate, id, base));
  if (!statusUrl) return 'status-url needs {uuid} or :uuid (or set session-url)';
  const wanted = told?.link || locations.link || (verificationUrl && verificationLink(verificationUrl, id));
  if (!wanted) return 'no link: set verification-url or link';
  const link = safeLink(wanted, base);
  if (!link) return `${wanted}: only https (http on localhost)`;
  return { id, link, statusUrl, told };
}
