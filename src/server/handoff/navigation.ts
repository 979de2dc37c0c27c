/**
 * Who is opening a link (docs/handoff.md#scanners-are-not-devices): a person's browser, or a
 * program that fetches links on its own (a mail scanner, a chat app drawing a preview, a prefetch).
 * Only the first may become a device; the kit also waits for the cookie it set to come back.
 */

/** Link previewers, by the name each gives in User-Agent (iMessage's previews say facebookexternalhit too). */
const PREVIEWERS =
  /facebookexternalhit|Facebot|Twitterbot|Slackbot|WhatsApp|TelegramBot|Discordbot|LinkedInBot|SkypeUriPreview|Googlebot|bingbot/i;

/**
 * Whether `request` may be a person's browser opening the link: a GET that navigates to a document
 * (what Sec-Fetch-Mode and Sec-Fetch-Dest say, when the browser sends them), not a prefetch or a
 * prerender, and not a known previewer. A HEAD never is.
 */
export function mayBeAPerson(request: Request): boolean {
  const { headers } = request;
  if (request.method !== 'GET') return false;
  const mode = headers.get('sec-fetch-mode');
  const destination = headers.get('sec-fetch-dest');
  if ((mode !== null && mode !== 'navigate') || (destination !== null && destination !== 'document')) return false;
  if (/prefetch|prerender/i.test(`${headers.get('sec-purpose') ?? ''} ${headers.get('purpose') ?? ''}`)) return false;
  return !PREVIEWERS.test(headers.get('user-agent') ?? '');
}

/**
 * Whether a form POST comes from another site: the browser says so (Sec-Fetch-Site other than
 * same-origin), or names another origin than the page's (`Origin`, `null` included). A client that
 * sends neither is no browser, and carries no visitor into anything.
 */
export function isCrossSite(request: Request, ownOrigin: string): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin') return true;
  const origin = request.headers.get('origin');
  return origin !== null && origin !== ownOrigin;
}
