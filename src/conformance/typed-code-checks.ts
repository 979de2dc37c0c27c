/**
 * The rules of the typed code (docs/handoff.md): its page, a right code followed as a phone's
 * browser follows it (every hop under the page's form-action), a wrong one, one posted from
 * another site; then a guessing probe that finds how many misses the host answers before it refuses.
 */
import { jsonOf, seen, type Visitor } from './http.js';
import { formActionAllows } from './form-action.js';
import { Phone } from './phone.js';
import type { Verdicts } from './rules.js';

/** What a session advertises: the typed code's page, the code, and the link. */
export interface TypedCode {
  url: string;
  code: string;
  link: string;
}

/** Misses the probe sends at most: a host that answers them all bounds nothing a script would notice. */
export const PROBE_MISSES = 100;
const ATTACKER = 'https://attacker.example';

/** `code` with its characters moved along its own alphabet: a code of the same shape that no transaction has, or hardly. */
function anotherCode(code: string, shift: number): string {
  const alphabet = [...new Set(code)].sort().join('') + '34679ACDEFGHJKMNPRTWXY';
  return [...code].map((character, index) => alphabet[(alphabet.indexOf(character) + shift + index) % alphabet.length]).join('');
}

export async function checkTypedCode(
  owner: Visitor,
  uuid: string,
  typed: TypedCode,
  verdicts: Verdicts,
  sandboxUrl: string,
): Promise<void> {
  const problems: string[] = [];
  const formPage = await new Phone().visit(typed.url);
  const policy = formPage.headers.get('content-security-policy');
  if (formPage.status !== 200 || !formPage.headers.get('content-type')?.startsWith('text/html'))
    problems.push(`the page: saw ${formPage.status}, expected 200 text/html`);
  if (!policy) problems.push('the page sends no Content-Security-Policy');
  if (!/<html[^>]*\slang="[^"]+"/.test(formPage.text)) problems.push('the page has no lang attribute');
  if (!/<form[^>]*method="post"/i.test(formPage.text) || !/<label[^>]*for="[^"]+"/.test(formPage.text))
    problems.push('the page has no POST form with a labelled field');

  const crossSite = await new Phone().post(typed.url, { code: typed.code }, { origin: ATTACKER, 'sec-fetch-site': 'cross-site' });
  const crossed = crossSite.hops.at(-1)!;
  if (crossSite.left || crossed.status < 400)
    problems.push(
      `the right code posted from ${ATTACKER} (Sec-Fetch-Site: cross-site) saw ${crossed.status}${crossSite.left ? ` to ${crossSite.left}` : ''}: ` +
        'refuse a form POST whose Sec-Fetch-Site is not same-origin or whose Origin is not the page\u2019s (403)',
    );
  const wrong = (await new Phone().post(typed.url, { code: anotherCode(typed.code, 1) })).hops[0]!;
  if (wrong.status < 400 || wrong.status >= 500)
    problems.push(`a wrong code: saw ${wrong.status}, expected 400 or 404 with the form again`);

  const chain = await new Phone().post(typed.url, { code: typed.code.toLowerCase() });
  const serviceOrigin = new URL(sandboxUrl).origin;
  const reached = chain.left !== undefined && new URL(chain.left).origin === serviceOrigin;
  const refused = chain.hops[0]!.status === 429;
  if (!reached)
    problems.push(
      `the right code, typed in lower case: saw ${chain.hops.map((hop) => hop.status).join(' → ')}${chain.left ? ` to ${chain.left}` : ''}, expected redirects to the service's page` +
        (refused
          ? ' (the site\u2019s typed-code misses were spent: by an earlier run\u2019s guessing probe? Run again after its Retry-After)'
          : ''),
    );
  const blocked = [...chain.hops.slice(1).map((hop) => hop.url), ...(chain.left ? [chain.left] : [])].filter(
    (url) => !formActionAllows(policy, typed.url, url),
  );
  if (blocked.length)
    problems.push(
      `the page's form-action (${policy}) does not allow ${blocked.map((url) => new URL(url).origin).join(', ')}, where the right code is redirected: ` +
        'browsers check every hop after a form, so the phone stays on the form; allow exactly the service\u2019s verification origin',
    );
  if (reached && !(jsonOf(await owner.getStatus(uuid)) as { handoff?: unknown } | undefined)?.handoff)
    problems.push('after the right code was typed, the status says no handoff');
  verdicts.judge('handoffTypedCode', problems);
  await probeGuessing(typed, verdicts);
}

/** Wrong codes, one after another from one client, until the host refuses one (429): how many it answered. */
async function probeGuessing(typed: TypedCode, verdicts: Verdicts): Promise<void> {
  const phone = new Phone();
  for (let miss = 0; miss < PROBE_MISSES; miss++) {
    const answer = (await phone.post(typed.url, { code: anotherCode(typed.code, miss + 2) })).hops[0]!;
    if (answer.status === 429) {
      const retry = answer.headers.get('retry-after');
      return verdicts.pass('handoffGuessing', `refused after ${miss} wrong codes${retry ? ` (Retry-After ${retry} s)` : ''}`);
    }
    if (answer.status !== 400 && answer.status !== 404)
      return verdicts.fail(
        'handoffGuessing',
        `wrong code ${miss + 1}: saw ${seen({ what: '', ...answer })}, expected 400 or 404, then 429`,
      );
  }
  verdicts.fail(
    'handoffGuessing',
    `${PROBE_MISSES} wrong codes in a row from one client were all looked up: bound the misses of the whole site, ` +
      'whoever sends them (the kit: budgets.typedCodeMissesPerMinute), not only per client address',
  );
}
