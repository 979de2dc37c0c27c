import type { PageStrings } from './page-strings.js';
import { PAGE_STYLE, pageStyleSource } from './page-style.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);

/**
 * The handoff's pages: server-rendered, readable with no script and no style at all, under a
 * Content Security Policy that allows nothing but the form and the page's own style: posting to
 * this page, and the redirect that follows a right code, to the service's verification page
 * (`form-action` covers every hop of a form's redirects, so that origin is named, and no other).
 */
export class HandoffPages {
  readonly #headers: Promise<Record<string, string>>;
  readonly #siteName: string | undefined;

  /**
   * `verificationOrigin`: where a right code leads (the client's verification URL's origin);
   * `siteName`: who asks, shown above each page's heading and in its title.
   */
  constructor(verificationOrigin: string, siteName: string | undefined) {
    this.#siteName = siteName || undefined;
    this.#headers = pageStyleSource.then((style) => ({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none'; style-src ${style}; form-action 'self' ${verificationOrigin}; frame-ancestors 'none'; base-uri 'none'`,
      'cache-control': 'no-store',
      // Not no-referrer: under it a browser's form POST says `Origin: null`, which the cross-site check refuses.
      // Same-origin only: the service's page, and every other site, gets no referrer from these pages.
      'referrer-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
    }));
  }

  /**
   * The form for the typed code. After a wrong code, the error is in the title (read first as the
   * page loads), next to the field (which takes the focus), and tied to it with `aria-describedby`.
   * The form has no action: it posts to the URL the browser shows, whatever the mount.
   */
  codeForm(strings: PageStrings, error?: 'codeWrong' | 'tooMany', status = 200, headers?: Record<string, string>): Promise<Response> {
    const message = error && strings[error];
    const described = message ? 'code-error code-hint' : 'code-hint';
    const body = `<h1>${escape(strings.formTitle)}</h1>
<p>${escape(strings.formIntro)}</p>
<form method="post">
<label for="code">${escape(strings.codeLabel)}</label>
<p id="code-hint">${escape(strings.codeHint)}</p>
${message ? `<p id="code-error" role="alert">${escape(message)}</p>\n` : ''}<input id="code" name="code" type="text" required maxlength="16" autocomplete="one-time-code" inputmode="text" autocapitalize="characters" spellcheck="false" enterkeyhint="go" aria-describedby="${described}"${message ? ' aria-invalid="true" autofocus' : ''}>
<button type="submit">${escape(strings.submit)}</button>
</form>`;
    const title = message ? `${strings.errorPrefix}${strings.formTitle}` : strings.formTitle;
    return this.#page(strings, title, body, status, headers);
  }

  /** A page that only says something: the link ended (or never was), the device is refused, it keeps no cookie, or try again. */
  notice(
    strings: PageStrings,
    which: 'ended' | 'otherDevice' | 'unavailable' | 'tooMany' | 'cookies',
    status: number,
    headers?: Record<string, string>,
  ): Promise<Response> {
    const title = strings[`${which}Title`];
    return this.#page(strings, title, `<h1>${escape(title)}</h1>\n<p>${escape(strings[which])}</p>`, status, headers);
  }

  /** A right code whose verification is on an origin the form may not lead to: a link the person follows. */
  continueTo(strings: PageStrings, target: string, headers?: Record<string, string>): Promise<Response> {
    const body = `<h1>${escape(strings.formTitle)}</h1>\n<p>${escape(strings.codeRight)}</p>\n<a class="button" href="${escape(target)}">${escape(strings.submit)}</a>`;
    return this.#page(strings, strings.formTitle, body, 200, headers);
  }

  async #page(strings: PageStrings, title: string, body: string, status: number, headers: Record<string, string> = {}): Promise<Response> {
    const site = this.#siteName ? `<p class="site">${escape(this.#siteName)}</p>\n` : '';
    const html = `<!doctype html>
<html lang="${strings.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(this.#siteName ? `${title} · ${this.#siteName}` : title)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
${site}${body}
</main>
</body>
</html>
`;
    return new Response(html, { status, headers: { ...(await this.#headers), ...headers } });
  }
}
