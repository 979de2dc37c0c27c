/** The rules of the session POST: creating, resuming, starting anew, and refusing what a hostile page would send. */
import { jsonOf, seen, type Answer, type Visitor } from './http.js';
import type { Verdicts } from './rules.js';
import { statusProblems } from './status-object.js';

/** A transaction a session POST gave a visitor. */
export interface Session {
  uuid: string;
  body: Record<string, unknown>;
}

/** What is wrong with a session answer, and the session when there is one to follow. */
function readSession(answer: Answer, statuses: number[]): { problems: string[]; session?: Session } {
  const body = jsonOf(answer) as Record<string, unknown> | undefined;
  if (!statuses.includes(answer.status)) return { problems: [`saw ${seen(answer)}, expected ${statuses.join(' or ')}`] };
  if (typeof body?.uuid !== 'string') return { problems: [`no uuid in ${answer.text.slice(0, 200)}`] };
  const problems = statusProblems(body, body.uuid);
  const link = typeof body.link === 'string' && URL.canParse(body.link) ? new URL(body.link) : null;
  if (!link || !/^https?:$/.test(link.protocol)) problems.push(`link: ${JSON.stringify(body.link)}, expected an absolute http(s) URL`);
  if (body.state !== 'pending') problems.push(`state: ${JSON.stringify(body.state)}, expected "pending" for a new transaction`);
  return { problems, session: { uuid: body.uuid, body } };
}

/** A session for `visitor`; throws when the host gives none. */
export async function startSession(visitor: Visitor): Promise<Session>;
/** A session for `visitor`, judged by the creation rule; undefined when the host gives none. */
export async function startSession(visitor: Visitor, verdicts: Verdicts): Promise<Session | undefined>;
export async function startSession(visitor: Visitor, verdicts?: Verdicts): Promise<Session | undefined> {
  const { problems, session } = readSession(await visitor.postSession('resume'), [201, 200]);
  if (!verdicts && problems.length) throw new Error(`the session POST failed: ${problems.join('; ')}`);
  verdicts?.judge('sessionCreates', problems);
  return session;
}

/** A session answer's `status_url`, resolved against the session URL, must answer that transaction's status. */
export async function checkStatusUrl(visitor: Visitor, session: Session, verdicts: Verdicts): Promise<void> {
  const statusUrl = session.body.status_url;
  if (statusUrl === undefined) return verdicts.pass('sessionStatusUrl', 'no status_url sent: the element follows <session-url>/{uuid}');
  const url =
    typeof statusUrl === 'string' && URL.canParse(statusUrl, visitor.urls.sessionUrl) && new URL(statusUrl, visitor.urls.sessionUrl);
  if (!url) return verdicts.fail('sessionStatusUrl', `status_url: ${JSON.stringify(statusUrl)}, expected a URL`);
  const answer = await visitor.get(`status GET ${url.href}`, url.href);
  const body = jsonOf(answer) as Record<string, unknown> | undefined;
  const problems = answer.status === 200 ? statusProblems(body ?? {}, session.uuid) : [`${url.href}: saw ${seen(answer)}, expected 200`];
  verdicts.judge('sessionStatusUrl', problems, `follows ${url.href}`);
}

export async function checkResume(visitor: Visitor, first: Session, verdicts: Verdicts): Promise<void> {
  const answer = await visitor.postSession('resume');
  const { problems, session } = readSession(answer, [200]);
  if (session && session.uuid !== first.uuid) problems.push(`uuid ${session.uuid}, expected the pending ${first.uuid}`);
  verdicts.judge('sessionResumes', problems);
}

/** After `ended` has ended: `new` must create another. */
export async function checkNew(visitor: Visitor, ended: Session, verdicts: Verdicts): Promise<Session | undefined> {
  const { problems, session } = readSession(await visitor.postSession('new'), [201]);
  if (session?.uuid === ended.uuid) problems.push(`the ended ${ended.uuid} again, expected a new transaction`);
  verdicts.judge('sessionNew', problems);
  return session;
}

const FOREIGN_ORIGIN = 'https://attacker.example';

/** Requests a hostile page (or an old browser on one) would make, each with the visitor's cookies. */
const CROSS_SITE_PROBES: [string, Record<string, string | null>][] = [
  ['a foreign Origin with Sec-Fetch-Site: cross-site', { origin: FOREIGN_ORIGIN, 'sec-fetch-site': 'cross-site' }],
  ['a foreign Origin without Sec-Fetch-Site', { origin: FOREIGN_ORIGIN, 'sec-fetch-site': null }],
  ['Sec-Fetch-Site: cross-site without Origin', { origin: null, 'sec-fetch-site': 'cross-site' }],
];

/** The guard of the session POST; a refused request must answer 403. */
export async function checkGuard(visitor: Visitor, verdicts: Verdicts): Promise<void> {
  const bare = await visitor.postSession(null);
  verdicts.judge('sessionNeedsHeader', bare.status === 403 ? [] : [`saw ${seen(bare)}, expected 403`]);
  const problems: string[] = [];
  for (const [probe, headers] of CROSS_SITE_PROBES) {
    const answer = await visitor.postSession('resume', headers);
    if (answer.status !== 403) problems.push(`${probe}: saw ${seen(answer)}, expected 403`);
  }
  verdicts.judge('sessionRefusesCrossSite', problems);
}
