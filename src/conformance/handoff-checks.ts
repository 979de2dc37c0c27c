/**
 * The rules of the handoff's short link (docs/handoff.md), for a host whose session answer
 * advertises one (`typed_code`), followed as a phone follows it: scanners first (none may count),
 * then a phone all the way to the service's page, then the status. The phone is a device of its
 * own: no host cookies, no login.
 */
import { jsonOf, type Visitor } from './http.js';
import { Phone, type Chain, type Hop } from './phone.js';
import type { Verdicts } from './rules.js';
import type { Session } from './session-checks.js';
import { checkTypedCode, type TypedCode } from './typed-code-checks.js';

/** How long the status may take to say the link was opened (the desktop's budget is 250 ms; polls are not streams). */
const STATUS_WAIT_MS = 3_000;
/** How long the status is watched for a device that scanners must not make: the desktop's budget, past which nobody would see it. */
const SCANNED_WAIT_MS = 250;
/** A link's last segment must hold this much chance at least: 2^128 tokens. */
const MIN_BITS = 128;
/** iMessage's previews (and Facebook's) say this much of who they are. */
const PREVIEWER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) facebookexternalhit/1.1 Facebot Twitterbot/1.0';

/** What a session advertises, or why it is not what a phone can follow. */
export function typedCodeOf(session: Session): TypedCode | string | undefined {
  const typed = session.body.typed_code as { url?: unknown; code?: unknown } | undefined;
  if (typed === undefined) return undefined;
  const { url, code } = typed;
  const link = session.body.link;
  if (typeof url !== 'string' || typeof code !== 'string' || typeof link !== 'string' || !URL.canParse(url) || !URL.canParse(link))
    return `typed_code ${JSON.stringify(typed)} with link ${JSON.stringify(link)}: expected { url, code } (absolute URLs)`;
  return { url, code, link };
}

/** The status's handoff once it says one, or undefined after `waitMs`. */
async function handoffOf(owner: Visitor, uuid: string, waitMs: number): Promise<{ devices?: unknown } | undefined> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const handoff = (jsonOf(await owner.getStatus(uuid)) as { handoff?: { devices?: unknown } } | undefined)?.handoff;
    if (handoff || Date.now() >= deadline) return handoff;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The bits of chance a link's last segment carries at most, by the characters it uses. */
function bitsOf(segment: string): number {
  const alphabet = /^[0-9]+$/.test(segment) ? 10 : /^[0-9a-f]+$/i.test(segment) ? 16 : /^[A-Z2-7]+$/.test(segment) ? 32 : 64;
  return segment.length * Math.log2(alphabet);
}

const fromChain = (chain: Chain) => chain.hops.map((hop) => `${hop.method} ${new URL(hop.url).pathname} → ${hop.status}`).join(', ');

/** What is wrong with the device cookies a chain set, for a link on `linkUrl`. */
function cookieProblems(hops: Hop[], linkUrl: URL): string[] {
  const problems: string[] = [];
  for (const line of hops.flatMap((hop) => hop.headers.getSetCookie())) {
    const attributes = line
      .split(';')
      .slice(1)
      .map((attribute) => attribute.trim().split('=')[0]!.toLowerCase());
    if (!attributes.includes('httponly')) problems.push(`the device cookie is not HttpOnly: ${line}`);
    if (linkUrl.protocol === 'https:' && !attributes.includes('secure'))
      problems.push(
        `the device cookie of an https link is not Secure: ${line} (behind a proxy that ends TLS, take it from the public URL, not the request)`,
      );
    if (attributes.filter((name) => name === 'path').length > 1 || attributes.includes('domain'))
      problems.push(
        `a request path wrote the device cookie's attributes: ${line} (build its Path from the configured go URL, percent-encoded, never from the request's path)`,
      );
  }
  return problems;
}

/**
 * When `first` advertises a short link, checks it on transactions of their own (`next`): one for
 * the scanners and the phone, one for the typed code and the guessing probe.
 */
export async function checkHandoff(
  owner: Visitor,
  first: Session,
  next: () => Promise<Session>,
  verdicts: Verdicts,
  sandboxUrl: string,
): Promise<void> {
  const session = typedCodeOf(first) === undefined ? first : await next();
  const typed = typedCodeOf(session);
  if (typed === undefined) {
    for (const rule of ['handoffShortLink', 'handoffScanners', 'handoffTypedCode', 'handoffGuessing'] as const)
      verdicts.pass(rule, 'no short link advertised (no typed_code)');
    return;
  }
  if (typeof typed === 'string') {
    for (const rule of ['handoffShortLink', 'handoffScanners', 'handoffTypedCode', 'handoffGuessing'] as const) verdicts.fail(rule, typed);
    return;
  }
  const scanned = await scan(owner, session.uuid, typed.link);
  const phone = await checkShortLink(owner, session.uuid, typed, verdicts, sandboxUrl);
  const after = phone ? await handoffOf(owner, session.uuid, 0) : undefined;
  if (phone && after?.devices !== 1)
    scanned.push(`after the scanners and then one phone, the status says handoff ${JSON.stringify(after)}: expected devices 1`);
  verdicts.judge('handoffScanners', scanned);
  // The typed code on a transaction of its own: a device that typed it must be the first.
  const typedSession = await next();
  const another = typedCodeOf(typedSession);
  if (typeof another !== 'object') return verdicts.fail('handoffTypedCode', `the second session: ${another ?? 'no typed_code'}`);
  await checkTypedCode(owner, typedSession.uuid, another, verdicts, sandboxUrl);
}

/** A HEAD, a mail scanner (follows redirects, keeps no cookie) and a previewer (keeps cookies): what is wrong once they fetched the link. */
async function scan(owner: Visitor, uuid: string, link: string): Promise<string[]> {
  await fetch(link, { method: 'HEAD', redirect: 'manual' });
  await fetch(`${link}${link.includes('?') ? '&' : '?'}via=email`).then((response) => response.body?.cancel());
  await new Phone({ 'user-agent': PREVIEWER }).open(link);
  const handoff = await handoffOf(owner, uuid, SCANNED_WAIT_MS);
  return handoff
    ? [
        `after a HEAD, a scanner's GET and a previewer's, before any phone, the status says handoff ${JSON.stringify(handoff)}: ` +
          'count a device only when a browser navigates (Sec-Fetch-Mode: navigate when sent; not a HEAD or a known previewer) and comes back with the cookie the first answer set',
      ]
    : [];
}

/** The phone follows the link to the service's page; its status then says handoff. Whether the phone got there. */
async function checkShortLink(owner: Visitor, uuid: string, typed: TypedCode, verdicts: Verdicts, sandboxUrl: string): Promise<boolean> {
  const problems: string[] = [];
  const linkUrl = new URL(typed.link);
  const token = linkUrl.pathname.split('/').at(-1) ?? '';
  if (bitsOf(token) < MIN_BITS || token.toUpperCase().includes(typed.code.toUpperCase()))
    problems.push(
      `the link's last segment ${JSON.stringify(token)} carries ${Math.floor(bitsOf(token))} bits at most: a link needs a token of ${MIN_BITS} random bits (the typed code belongs to the typed path alone)`,
    );
  const chain = await new Phone().open(typed.link);
  const reached = chain.left !== undefined && new URL(chain.left).origin === new URL(sandboxUrl).origin;
  if (!reached) {
    const last = chain.hops.at(-1)!;
    const hint =
      last.status === 404
        ? ': is kit.go mounted at that path? A mount that hides the path the browser used (give the kit publicUrl; toNodeHandler reads req.originalUrl) builds links where nothing answers'
        : '';
    problems.push(`a phone opening the link saw ${fromChain(chain)}, expected redirects on the host to the service's page${hint}`);
  }
  problems.push(...cookieProblems(chain.hops, linkUrl));
  const hostile = `${linkUrl.origin}${linkUrl.pathname.replace(/\/[^/]*$/, '')};Path=/;Domain=attacker.example/${token}`;
  problems.push(...cookieProblems([await new Phone().visit(hostile)], linkUrl));
  if (reached) {
    const handoff = await handoffOf(owner, uuid, STATUS_WAIT_MS);
    if (!(typeof handoff?.devices === 'number' && handoff.devices >= 1))
      problems.push(
        `the status after a phone opened the link says handoff ${JSON.stringify(handoff)}, expected { opened_at, devices ≥ 1 }`,
      );
  }
  const unknownToken = `${token.slice(0, -1)}${token.at(-1) === 'A' ? 'B' : 'A'}`;
  const unknown = await new Phone().visit(typed.link.replace(/[^/]*$/, unknownToken));
  if (unknown.status !== 404) problems.push(`an unknown link: saw ${unknown.status}, expected 404`);
  verdicts.judge('handoffShortLink', problems);
  return reached;
}
