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

/** A session for `visitor`, asked with `kind`; throws when the host gives none. */
export async function startSession(visitor: Visitor, kind: 'resume' | 'new' = 'resume'): Promise<Session> {
  const { problems, session } = readSession(await visitor.postSession(kind), kind === 'new' ? [201] : [201, 200]);
  if (problems.length || !session) throw new Error(`the session POST (${kind}) failed: ${problems.join('; ')}`);
  return session;
}

/**
 * The run's first session, judged by the creation rule. When the host gives none, the run
 * stops with what to do about it: nothing after it can be checked without a transaction.
 */
export async function firstSession(visitor: Visitor, loggedIn: boolean, verdicts: Verdicts): Promise<Session | undefined> {
  const url = visitor.urls.sessionUrl;
  const answer = await visitor.postSession('resume').catch((error: unknown) => {
    const reason = unreachable(error);
    verdicts.fail('sessionCreates', `POST ${url}: ${reason}`);
    verdicts.stop(`nothing answers at ${url} (${reason}): start your backend, or give --session-url where it listens`);
  });
  if (!answer) return undefined;
  const { problems, session } = readSession(answer, [201, 200]);
  verdicts.judge('sessionCreates', problems);
  if (!problems.length) return session;
  verdicts.stop(`the session POST gave no transaction (${seen(answer)}): ${adviceFor(answer, visitor.urls.sessionUrl, loggedIn)}`);
  return undefined;
}

/** Why a request got no answer at all, in a few words (`ECONNREFUSED`). */
export const unreachable = (error: unknown) => {
  const { cause, message } = error as { cause?: { code?: string; message?: string }; message?: string };
  return cause?.code ?? cause?.message ?? message ?? String(error);
};

function adviceFor(answer: Answer, sessionUrl: string, loggedIn: boolean): string {
  if (answer.status === 401 || (answer.status === 403 && !loggedIn)) {
    return loggedIn
      ? 'the --cookie and --header given do not log in: copy them again from a logged-in browser on this origin'
      : "if your session URL needs a login, give the check one: --cookie 'name=value' (from a logged-in browser) or --header 'Authorization: Bearer …'";
  }
  if (answer.status === 403) {
    return `the host refused the element's own request (Origin ${new URL(sessionUrl).origin}, Sec-Fetch-Site: same-origin, kyc-verify-session: resume): give --session-url as the browser reaches it`;
  }
  if (answer.status === 404 || answer.status === 405)
    return `nothing takes POST ${sessionUrl}: --session-url must be the page's session-url, absolute`;
  return 'fix the session POST first: every other rule follows a transaction it creates';
}

/**
 * The URL the element will follow for the first transaction (the page's status-url, else the
 * answer's status_url, else <session-url>/{uuid}) must answer its status to the owner. A run
 * stops when it does not: every status rule reads it.
 */
export async function checkFollowed(visitor: Visitor, session: Session, verdicts: Verdicts): Promise<void> {
  const url = visitor.statusUrlOf(session.uuid);
  const how = visitor.how(session.uuid);
  const answer = await visitor.getStatus(session.uuid);
  const problems =
    answer.status === 200 ? statusProblems(jsonOf(answer), session.uuid) : [`GET ${url} (${how}): saw ${seen(answer)}, expected 200`];
  verdicts.judge('statusFollowed', problems, `${url}: ${how}`);
  if (answer.status === 404) {
    verdicts.stop(`GET ${url} answered 404 to the transaction's owner: serve it, send \`status_url\`, or set \`status-url=\` on the page`);
  } else if (answer.status !== 200) {
    verdicts.stop(
      `GET ${url} answered ${answer.status} to the transaction's owner: every status rule reads it; it must answer 200 with the status object`,
    );
  }
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
