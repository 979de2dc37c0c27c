/**
 * One run of the checker against a host and the sandbox behind it. Each visitor is a browser of
 * its own (its own cookies). Success, failure and the stream each follow a transaction of their
 * own, side by side; expiry comes last, since moving the sandbox's clock expires every pending one.
 */
import { checkCaching, checkPersonalData } from './answer-checks.js';
import { AnswerLog, Visitor, type HostUrls } from './http.js';
import { Verdicts, type RuleId, type Verdict } from './rules.js';
import { SandboxDriver, type ServiceTransaction } from './sandbox-driver.js';
import { checkHandoff } from './handoff-checks.js';
import { checkSendGuard } from './send-checks.js';
import { checkGuard, checkNew, checkResume, checkStatusUrl, startSession, type Session } from './session-checks.js';
import {
  checkFollows,
  checkPendingStatus,
  checkStrangers,
  checkStream,
  checkUnknown,
  offersStream,
  type ExpectedStatus,
} from './status-checks.js';
import { expectedStatus } from './status-object.js';
import { ISSUE_CODES } from '../shared/issue-codes.js';

export interface Target extends HostUrls {
  sandboxUrl: string;
}

/** The most events a flow may need before it ends failed (tries are the host's choice; docs/service.md §8 default 3). */
const MAX_TRIES = 10;

export async function runConformance(target: Target): Promise<Verdict[]> {
  const log = new AnswerLog();
  const sandbox = new SandboxDriver(target.sandboxUrl);
  const verdicts = new Verdicts();
  const visitor = () => new Visitor(target, log);
  const nins = new Set<string>();
  const created: string[] = [];
  /** Applies `code` to `uuid` in the sandbox, noting the nin the host created it with. */
  const move = (uuid: string, code: string) => async () => {
    const transaction = await sandbox.outcome(uuid, code);
    if (transaction.metadata.nin) nins.add(transaction.metadata.nin);
    return transaction;
  };
  const session = async (owner: Visitor) => {
    const started = await startSession(owner);
    created.push(started.uuid);
    return started;
  };
  /** Runs a rule's check; a failure it did not foresee (the sandbox refusing a move, a host that hangs up) fails that rule. */
  const judged = (rule: RuleId, check: () => Promise<unknown>) =>
    check().catch((error: unknown) => verdicts.has(rule) || verdicts.fail(rule, `the check stopped: ${error}`));

  const owner = visitor();
  const first = await startSession(owner, verdicts);
  if (first) {
    created.push(first.uuid);
    await checkStatusUrl(owner, first, verdicts);
    await checkResume(owner, first, verdicts);
    await checkPendingStatus(owner, first.uuid, verdicts);
    const other = visitor();
    const failing = await session(other).catch(() => undefined);
    await checkStrangers(first.uuid, visitor(), other, verdicts);
    await checkUnknown(owner, verdicts);
    await checkGuard(owner, verdicts);
    await judged('sendGuarded', () => checkSendGuard(owner, first, visitor(), verdicts));
    // A transaction of its own: opening its link adds handoff to its status.
    await judged('handoffShortLink', async () => {
      const phoneOwner = visitor();
      await checkHandoff(phoneOwner, await session(phoneOwner), verdicts);
    });
    await Promise.all([
      judged('statusSuccessful', async () => {
        await checkFollows(
          'statusSuccessful',
          owner,
          first.uuid,
          [showing(move(first.uuid, '002')), showing(move(first.uuid, '012'))],
          verdicts,
        );
        const again = await checkNew(owner, first, verdicts);
        if (again) created.push(again.uuid);
      }),
      judged('statusFailed', async () => {
        const { uuid } = failing ?? (await session(other));
        await checkFollows('statusFailed', other, uuid, [showing(move(uuid, '002')), showing(failUntilEnded(uuid, move))], verdicts);
      }),
      judged('stream', async () => {
        const streamer = visitor();
        const { uuid, body } = await session(streamer);
        const offered = await offersStream(streamer, uuid, body);
        await checkStream(streamer, uuid, offered, () => move(uuid, '002')().then(move(uuid, '012')), log, verdicts);
      }),
    ]);
    await judged('statusExpired', async () => {
      const expiring = visitor();
      const started = await session(expiring);
      await checkFollows('statusExpired', expiring, started.uuid, [expire(started, sandbox)], verdicts);
    });
  }
  await checkWebhooks(created, sandbox, verdicts);
  checkPersonalData(log.answers, [...nins], verdicts);
  checkCaching(log.answers, verdicts);
  return verdicts.list(first ? 'an earlier step failed' : 'the session POST gave no transaction');
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

async function checkWebhooks(uuids: string[], sandbox: SandboxDriver, verdicts: Verdicts): Promise<void> {
  const deliveries = (await Promise.all(uuids.map((uuid) => sandbox.deliveries(uuid)))).flat();
  if (!deliveries.length) return verdicts.fail('webhooks', 'no delivery at all: set `webhook` when creating the transaction');
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
