/**
 * One run of the checker against a host and the sandbox behind it. The owner is one browser (its
 * cookies, and the login given); its transactions follow one another, each started with `new`
 * once the one before ended (successful, failed, streamed), as "Try again" does, so that one
 * logged-in user is enough. Expiry comes last, since moving the sandbox's clock expires every
 * pending transaction.
 */
import { checkCaching, checkPersonalData } from './answer-checks.js';
import { AnswerLog, StatusUrls, Visitor, type HostUrls, type Login } from './http.js';
import { Verdicts, type Findings, type RuleId } from './rules.js';
import { SandboxDriver, type ServiceTransaction } from './sandbox-driver.js';
import { checkHandoff } from './handoff-checks.js';
import { checkSendGuard } from './send-checks.js';
import {
  checkFollowed,
  checkGuard,
  checkNew,
  checkResume,
  firstSession,
  startSession,
  unreachable,
  type Session,
} from './session-checks.js';
import {
  checkFollows,
  checkPendingStatus,
  checkStrangers,
  checkStream,
  checkUnknown,
  followTo,
  offersStream,
  type ExpectedStatus,
} from './status-checks.js';
import { expectedStatus } from './status-object.js';
import { ISSUE_CODES } from '../shared/issue-codes.js';

export interface Target extends HostUrls {
  sandboxUrl: string;
  /** What logs the check in, for a host whose session URL needs a login. */
  login?: Login;
}

/** The most events a flow may need before it ends failed (tries are the host's choice; docs/service.md §8 default 3). */
const MAX_TRIES = 10;

export async function runConformance(target: Target): Promise<Findings> {
  const { sandboxUrl, login, ...urls } = target;
  const loggedIn = Boolean(login && (login.cookies.length || Object.keys(login.headers).length));
  const run = { urls, statusUrls: new StatusUrls(urls), log: new AnswerLog(), login };
  const sandbox = new SandboxDriver(sandboxUrl);
  const verdicts = new Verdicts();
  const nins = new Set<string>();
  const webhooks = new Set<string | null>();
  const created: string[] = [];
  /** Applies `code` to `uuid` in the sandbox, noting the nin and the webhook the host created it with. */
  const move = (uuid: string, code: string) => async () => {
    const transaction = await sandbox.outcome(uuid, code);
    if (transaction.metadata.nin) nins.add(transaction.metadata.nin);
    webhooks.add(transaction.webhook);
    return transaction;
  };
  /** Runs a rule's check; a failure it did not foresee (the sandbox refusing a move, a host that hangs up) fails that rule. */
  const judged = (rule: RuleId, check: () => Promise<unknown>) =>
    check().catch((error: unknown) => verdicts.has(rule) || verdicts.fail(rule, `the check stopped: ${error}`));
  /** The owner's next transaction, once the one before ended. */
  const next = async () => {
    const started = await startSession(owner, 'new');
    created.push(started.uuid);
    return started;
  };

  const clock = await sandbox.now().catch((error: unknown) => unreachable(error));
  if (typeof clock === 'string') {
    verdicts.stop(
      `the sandbox at ${sandboxUrl} does not answer GET /sandbox/clock (${clock}): give --sandbox-url the sandbox your backend uses`,
    );
    return verdicts.findings();
  }
  const owner = new Visitor(run);
  const stranger = new Visitor(run, false);
  const first = await firstSession(owner, loggedIn, verdicts);
  if (first) {
    created.push(first.uuid);
    await checkFollowed(owner, first, verdicts);
  }
  if (!first || verdicts.stopped) return verdicts.findings();

  await checkResume(owner, first, verdicts);
  await checkPendingStatus(owner, first.uuid, verdicts);
  // Another browser with a transaction of its own; with one login given, every browser is the same user.
  const other = loggedIn ? undefined : new Visitor(run);
  const otherSession = other && (await startSession(other).catch(() => undefined));
  if (otherSession) created.push(otherSession.uuid);
  await checkStrangers(first.uuid, stranger, other, verdicts);
  await checkUnknown(owner, verdicts);
  await checkGuard(owner, verdicts);
  await judged('sendGuarded', () => checkSendGuard(owner, first, stranger, verdicts));
  // When advertised, on transactions of their own (opening a link adds handoff to its status), each
  // ended, and seen ended by the host, before the next starts: a host bounds a visitor's pending transactions.
  const handoffSessions: string[] = [];
  const endHandoffSessions = async () => {
    for (const uuid of handoffSessions.splice(0))
      await move(uuid, '016')()
        .then((ended) => followTo(owner, uuid, expectedStatus(ended)))
        .catch(() => {});
  };
  const nextForHandoff = async () => {
    await endHandoffSessions();
    const session = await next();
    handoffSessions.push(session.uuid);
    return session;
  };
  await judged('handoffShortLink', () => checkHandoff(owner, first, nextForHandoff, verdicts, sandboxUrl));
  await endHandoffSessions();
  await judged('statusSuccessful', () =>
    checkFollows('statusSuccessful', owner, first.uuid, [showing(move(first.uuid, '002')), showing(move(first.uuid, '012'))], verdicts),
  );
  const latest = await checkNew(owner, first, verdicts);
  if (latest) created.push(latest.uuid);
  await judged('statusFailed', async () => {
    const { uuid } = latest ?? (await next());
    await checkFollows('statusFailed', owner, uuid, [showing(move(uuid, '002')), showing(failUntilEnded(uuid, move))], verdicts);
  });
  await judged('stream', async () => {
    const { uuid, body } = await next();
    const offered = await offersStream(owner, uuid, body);
    await checkStream(owner, uuid, offered, () => move(uuid, '002')().then(move(uuid, '012')), run.log, verdicts);
  });
  await judged('statusExpired', async () => {
    const started = await next();
    await checkFollows('statusExpired', owner, started.uuid, [expire(started, sandbox)], verdicts);
  });
  await checkWebhooks(created, webhooks, sandbox, verdicts);
  checkPersonalData(run.log.answers, [...nins], verdicts);
  checkCaching(run.log.answers, verdicts);
  return verdicts.findings();
}

type Move = (uuid: string, code: string) => () => Promise<ServiceTransaction>;

/** The status the service's transaction makes, after `move`. */
const showing = (move: () => Promise<ServiceTransaction>) => async (): Promise<ExpectedStatus> => expectedStatus(await move());

/** Rejected selfies (014), one try each, until the transaction ends failed. */
function failUntilEnded(uuid: string, move: Move) {
  return async () => {
    for (let attempt = 1; ; attempt++) {
      const transaction = await move(uuid, '014')();
      if (!transaction.active || attempt === MAX_TRIES) return transaction;
    }
  };
}

/**
 * Moves the sandbox's clock past the expiry the host announced; the service then ends the
 * transaction with step and code time_out. Its `expires_at` against the service's own is
 * compared in the other flows, which give the service's transaction.
 */
function expire(session: Session, sandbox: SandboxDriver) {
  return async (): Promise<ExpectedStatus> => {
    const expiresAt = Date.parse(String(session.body.expires_at));
    if (Number.isNaN(expiresAt)) throw new Error(`no expires_at to move the clock past: ${JSON.stringify(session.body.expires_at)}`);
    await sandbox.advanceClock(Math.max(1, Math.ceil((expiresAt - (await sandbox.now())) / 1000) + 1));
    return { state: 'expired', step: 'time_out', code: 'time_out', issue_description: ISSUE_CODES.time_out };
  };
}

/** `webhooks`: the `webhook` of each transaction the run moved, as the service has it (null: none). */
async function checkWebhooks(uuids: string[], webhooks: Set<string | null>, sandbox: SandboxDriver, verdicts: Verdicts): Promise<void> {
  const deliveries = (await Promise.all(uuids.map((uuid) => sandbox.deliveries(uuid)))).flat();
  if (!deliveries.length) {
    const named = [...webhooks].filter(Boolean);
    return verdicts.fail(
      'webhooks',
      named.length
        ? `no delivery at all, though the transactions name ${named.join(', ')}`
        : 'no delivery at all: the transactions were created without `webhook`; set it to your webhook URL',
    );
  }
  const unanswered = deliveries.filter((delivery) => delivery.state !== 'delivered');
  verdicts.judge(
    'webhooks',
    unanswered.slice(0, 3).map(({ reason, attempts }) => {
      const last = attempts.at(-1);
      return `a ${reason} delivery saw ${last?.status ?? last?.error ?? 'no attempt'}, expected 2xx`;
    }),
    `${deliveries.length} deliveries answered 2xx`,
  );
}
