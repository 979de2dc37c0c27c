import { verificationLink } from '../shared/wire/links.js';
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

/** The transaction the element follows, with everything resolved and checked. */
export interface Followed {
  id: string;
  link: string;
  statusUrl: string;
  /** The link the session answer gave, kept when the attributes change. */
  sessionLink: string | null;
}

/** Where transaction `id`'s status and link are, or what is wrong with the configuration. */
export function locate(id: string, sessionLink: string | null, locations: Locations): Followed | string {
  if (!isTransactionId(id)) return `${id}: not a uuid or nanoid`;
  const { statusUrl: template, sessionUrl, verificationUrl, base } = locations;
  const statusTemplate = template || (sessionUrl && `${sessionUrl.replace(/\/+$/, '')}/{uuid}`);
  const statusUrl = statusTemplate && statusUrlFor(statusTemplate, id, base);
  if (!statusUrl) return 'status-url needs {uuid} or :uuid (or set session-url)';
  const wanted = sessionLink || locations.link || (verificationUrl && verificationLink(verificationUrl, id));
  if (!wanted) return 'no link: set verification-url or link';
  const link = safeLink(wanted, base);
  if (!link) return `${wanted}: only https (http on localhost)`;
  return { id, link, statusUrl, sessionLink };
}
