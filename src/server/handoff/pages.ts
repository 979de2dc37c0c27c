import type { PageStrings } from './page-strings.js';

/**
 * The handoff's pages: server-rendered, readable with no script and no style at all, so that a
 * strict Content Security Policy allows nothing but the form posting to this page.
 */
const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);

function page(strings: PageStrings, title: string, body: string, status: number, headers: Record<string, string> = {}): Response {
  const html = `<!doctype html>
<html lang="${strings.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)}</title>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
  return new Response(html, { status, headers: { ...HEADERS, ...headers } });
}

/**
 * The form for the typed code. After a wrong code, the error is in the title (read first as the
 * page loads), next to the field (which takes the focus), and tied to it with `aria-describedby`.
 */
export function codeForm(strings: PageStrings, error?: 'codeWrong' | 'tooMany', status = 200, headers?: Record<string, string>): Response {
  const message = error && strings[error];
  const described = message ? 'code-error code-hint' : 'code-hint';
  const body = `<h1>${escape(strings.formTitle)}</h1>
<p>${escape(strings.formIntro)}</p>
<form method="post">
<label for="code">${escape(strings.codeLabel)}</label>
<p id="code-hint">${escape(strings.codeHint)}</p>
${message ? `<p id="code-error" role="alert">${escape(message)}</p>\n` : ''}<input id="code" name="code" type="text" required maxlength="12" autocomplete="one-time-code" autocapitalize="characters" spellcheck="false" aria-describedby="${described}"${message ? ' aria-invalid="true" autofocus' : ''}>
<button type="submit">${escape(strings.submit)}</button>
</form>`;
  const title = message ? `${strings.errorPrefix}${strings.formTitle}` : strings.formTitle;
  return page(strings, title, body, status, headers);
}

/** A page that only says something: the link ended (or never was), the device is refused, or try again. */
export function notice(
  strings: PageStrings,
  which: 'ended' | 'otherDevice' | 'unavailable' | 'tooMany',
  status: number,
  headers?: Record<string, string>,
): Response {
  const title = strings[`${which}Title`];
  return page(strings, title, `<h1>${escape(title)}</h1>\n<p>${escape(strings[which])}</p>`, status, headers);
}
