/**
 * The rules of the handoff's short link (docs/handoff.md), for a host whose session answer
 * advertises one (`typed_code`): the link redirects in one hop and tells the status, and the
 * typed-code page is a form that leads there. The phone is a device of its own: no host cookies.
 */
import { jsonOf, seen, type Answer, type Visitor } from './http.js';
import type { Verdicts } from './rules.js';
import type { Session } from './session-checks.js';

/** How long the status may take to say the link was opened (the desktop's budget is 250 ms; polls are not streams). */
const STATUS_WAIT_MS = 3_000;

const isRedirect = (status: number) => status === 302 || status === 303 || status === 307;

/** An answer of a plain request, as the checker's log keeps them, for `seen`. */
async function asAnswer(what: string, response: Response): Promise<Answer> {
  return { what, status: response.status, headers: response.headers, text: await response.text() };
}

/** `code` (or a short link) with its last character changed: a code of the same shape that no transaction has, or hardly. */
function anotherCode(code: string): string {
  const last = code.at(-1) === '3' ? '4' : '3';
  return `${code.slice(0, -1)}${last}`;
}

export async function checkHandoff(owner: Visitor, session: Session, verdicts: Verdicts): Promise<void> {
  const typed = session.body.typed_code as { url?: unknown; code?: unknown } | undefined;
  if (typed === undefined) {
    verdicts.pass('handoffShortLink', 'no short link advertised (no typed_code)');
    return verdicts.pass('handoffTypedCode', 'no short link advertised (no typed_code)');
  }
  const { url, code } = typed;
  if (typeof url !== 'string' || typeof code !== 'string' || session.body.link !== `${url}/${code}`) {
    const problem = `typed_code ${JSON.stringify(typed)} with link ${JSON.stringify(session.body.link)}: expected { url, code } and link <url>/<code>`;
    verdicts.fail('handoffShortLink', problem);
    return verdicts.fail('handoffTypedCode', problem);
  }
  await checkShortLink(owner, session, `${url}/${code}`, verdicts);
  await checkTypedCode(url, code, verdicts);
}

async function checkShortLink(owner: Visitor, session: Session, link: string, verdicts: Verdicts): Promise<void> {
  const problems: string[] = [];
  const opened = await asAnswer('the short link', await fetch(link, { redirect: 'manual' }));
  const location = opened.headers.get('location') ?? '';
  if (!isRedirect(opened.status) || !URL.canParse(location))
    problems.push(`the short link: saw ${seen(opened)}, expected 303 to the verification link`);
  else if (location.startsWith(link.slice(0, link.lastIndexOf('/'))))
    problems.push(`the short link redirects to ${location}: one hop to the service's link, not another of the host's`);
  const cookie = opened.headers.get('set-cookie');
  if (cookie && !/;\s*httponly/i.test(cookie)) problems.push(`the device cookie is not HttpOnly: ${cookie}`);
  const deadline = Date.now() + STATUS_WAIT_MS;
  let handoff: unknown;
  while (!handoff && Date.now() < deadline) {
    handoff = (jsonOf(await owner.getStatus(session.uuid)) as { handoff?: unknown } | undefined)?.handoff;
    if (!handoff) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const devices = (handoff as { devices?: unknown } | undefined)?.devices;
  if (!(typeof devices === 'number' && devices >= 1))
    problems.push(`the status after the link was opened says handoff ${JSON.stringify(handoff)}, expected { opened_at, devices ≥ 1 }`);
  const unknown = await asAnswer('an unknown short link', await fetch(anotherCode(link), { redirect: 'manual' }));
  if (unknown.status !== 404) problems.push(`an unknown code: saw ${seen(unknown)}, expected 404`);
  verdicts.judge('handoffShortLink', problems);
}

async function checkTypedCode(url: string, code: string, verdicts: Verdicts): Promise<void> {
  const problems: string[] = [];
  const form = await asAnswer('the typed-code page', await fetch(url));
  if (form.status !== 200 || !form.headers.get('content-type')?.startsWith('text/html'))
    problems.push(`the page: saw ${seen(form)}, expected 200 text/html`);
  if (!form.headers.get('content-security-policy')) problems.push('the page sends no Content-Security-Policy');
  if (!/<html[^>]*\slang="[^"]+"/.test(form.text)) problems.push('the page has no lang attribute');
  if (!/<form[^>]*method="post"/i.test(form.text) || !/<label[^>]*for="[^"]+"/.test(form.text))
    problems.push('the page has no POST form with a labelled field');
  const post = (typed: string) => fetch(url, { method: 'POST', body: new URLSearchParams({ code: typed }), redirect: 'manual' });
  const right = await asAnswer('the right code', await post(code.toLowerCase()));
  if (!isRedirect(right.status))
    problems.push(`the right code, typed in lower case: saw ${seen(right)}, expected a redirect to the short link`);
  const wrong = await asAnswer('a wrong code', await post(anotherCode(code)));
  if (wrong.status < 400 || wrong.status >= 500) problems.push(`a wrong code: saw ${seen(wrong)}, expected 400 or 404 with the form again`);
  verdicts.judge('handoffTypedCode', problems);
}
