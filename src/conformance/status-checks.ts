/** The rules of the status URL: its object, who may read it, revalidation, the state as the service moves, and the stream. */
import { jsonOf, seen, type AnswerLog, type Visitor } from './http.js';
import type { RuleId, Verdicts } from './rules.js';
import { differences, statusProblems } from './status-object.js';

/** How long the host may take to show a change of the service (its read budget, a webhook on its way). */
const FOLLOW_MS = 8_000;
const POLL_MS = 250;
const STREAM_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function checkPendingStatus(owner: Visitor, uuid: string, verdicts: Verdicts): Promise<void> {
  const answer = await owner.getStatus(uuid);
  const body = jsonOf(answer) as Record<string, unknown> | undefined;
  const problems = answer.status === 200 ? statusProblems(body, uuid) : [`saw ${seen(answer)}, expected 200`];
  if (answer.status === 200 && body?.state !== 'pending') problems.push(`state: ${JSON.stringify(body?.state)}, expected "pending"`);
  verdicts.judge('statusShape', problems);
  const etag = answer.headers.get('etag');
  if (!etag) return verdicts.pass('etag', 'no ETag offered');
  const again = await owner.getStatus(uuid, { 'if-none-match': etag });
  verdicts.judge('etag', again.status === 304 ? [] : [`If-None-Match: ${etag} saw ${again.status}, expected 304`]);
}

/**
 * `stranger` has no cookies and no login; `other` is another visitor with a transaction of their
 * own, when the run can make one (not with a single login given).
 */
export async function checkStrangers(uuid: string, stranger: Visitor, other: Visitor | undefined, verdicts: Verdicts): Promise<void> {
  const problems: string[] = [];
  const visitors: [string, Visitor][] = [
    ['without cookies', stranger],
    ...(other ? [['with another visitor\u2019s cookies', other] as [string, Visitor]] : []),
  ];
  for (const [who, visitor] of visitors) {
    const answer = await visitor.getStatus(uuid);
    if (answer.status !== 404) problems.push(`${who}: saw ${seen(answer)}, expected 404`);
  }
  verdicts.judge('statusStranger', problems, other ? undefined : 'another user not tried: one login given');
}

export async function checkUnknown(owner: Visitor, verdicts: Verdicts): Promise<void> {
  const answer = await owner.getStatus(crypto.randomUUID());
  verdicts.judge('statusUnknown', answer.status === 404 ? [] : [`saw ${seen(answer)}, expected 404`]);
}

/** A status object as the service's state makes it: what the host must show. */
export type ExpectedStatus = Record<string, unknown>;

/**
 * Polls until the host shows `expected` (state, step and code), then compares every field. An end
 * that is not the expected one is final: no use waiting.
 */
export async function followTo(owner: Visitor, uuid: string, expected: ExpectedStatus): Promise<string[]> {
  const deadline = Date.now() + FOLLOW_MS;
  const wanted = `${expected.state}/${expected.step}/${expected.code}`;
  let last = 'no answer';
  for (;;) {
    const answer = await owner.getStatus(uuid);
    const body = jsonOf(answer) as Record<string, unknown> | undefined;
    if (answer.status === 200 && body) {
      const shown = ['state', 'step', 'code'].every((name) => body[name] === expected[name]);
      const ended = body.state !== 'pending' && body.state !== expected.state;
      if (shown || ended || Date.now() > deadline) {
        const problems = [...statusProblems(body, uuid), ...differences(body, expected)];
        return shown ? problems : [`expected ${wanted}: ${problems.join('; ')}`];
      }
      last = `${body.state}/${body.step}/${body.code}`;
    } else last = seen(answer);
    if (Date.now() > deadline) return [`expected ${wanted}, saw ${last} for ${FOLLOW_MS / 1000} s`];
    await sleep(POLL_MS);
  }
}

/** Judges `rule` by following the transaction `uuid` through each of the service's moves in turn. */
export async function checkFollows(
  rule: RuleId,
  owner: Visitor,
  uuid: string,
  moves: (() => Promise<ExpectedStatus>)[],
  verdicts: Verdicts,
): Promise<void> {
  for (const move of moves) {
    const problems = await followTo(owner, uuid, await move());
    if (problems.length) return verdicts.fail(rule, problems.join('; '));
  }
  verdicts.pass(rule);
}

/** Whether the backend says it streams the status of `uuid`: its session answer or its status answer says `"stream": true`. */
export async function offersStream(owner: Visitor, uuid: string, session: Record<string, unknown>): Promise<boolean> {
  if (session.stream === true) return true;
  return (jsonOf(await owner.getStatus(uuid)) as Record<string, unknown> | undefined)?.stream === true;
}

/**
 * A backend that does not say `"stream": true` is not asked for a stream, as the element asks
 * none. One that says it must stream: opened while `drive` takes the transaction to its end, the
 * stream must bring a status event at once and one with the end.
 */
export async function checkStream(
  owner: Visitor,
  uuid: string,
  offered: boolean,
  drive: () => Promise<unknown>,
  log: AnswerLog,
  verdicts: Verdicts,
) {
  if (!offered) return verdicts.pass('stream', 'no stream offered (no answer says "stream": true): not asked for one');
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), STREAM_MS);
  let refused: unknown;
  try {
    const response = await owner.openStatus(uuid, { accept: 'text/event-stream' }, abort.signal);
    const type = response.headers.get('content-type') ?? '';
    if (!type.startsWith('text/event-stream')) {
      const answer = await log.record(`status GET ${uuid} (event stream asked)`, response);
      return verdicts.fail('stream', `says "stream": true, but saw ${seen(answer)} ${type}, expected text/event-stream`);
    }
    // Each event's data is logged as an answer, for the personal-data rule.
    const events = logged(readEvents(response.body!), (event) => log.keep(`status event ${uuid}`, response, event.data));
    const first = await events.next();
    const problems = first.done ? ['the stream ended before any status event'] : eventProblems(first.value, uuid);
    if (problems.length) return verdicts.fail('stream', problems.join('; '));
    // The moves run while the events are read; a move the sandbox refuses ends the reading.
    const driven = drive().catch((error: unknown) => {
      refused = error;
      abort.abort();
    });
    for await (const event of events) {
      const eventIssues = eventProblems(event, uuid);
      if (eventIssues.length) return verdicts.fail('stream', eventIssues.join('; '));
      if (JSON.parse(event.data).state !== 'pending') {
        await driven;
        return verdicts.pass('stream');
      }
    }
    await driven;
    verdicts.fail('stream', 'the stream ended without the status event of the end');
  } catch (error) {
    if (refused) verdicts.fail('stream', `the sandbox refused a move: ${refused}`);
    else verdicts.fail('stream', abort.signal.aborted ? `no status event of the end within ${STREAM_MS / 1000} s` : String(error));
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
}

async function* logged<T>(events: AsyncGenerator<T>, keep: (event: T) => void): AsyncGenerator<T> {
  for await (const event of events) {
    keep(event);
    yield event;
  }
}

interface ServerSentEvent {
  event: string;
  data: string;
}

function eventProblems({ event, data }: ServerSentEvent, uuid: string): string[] {
  if (event !== 'status') return [`an event named ${JSON.stringify(event)}, expected "status"`];
  let body: unknown;
  try {
    body = JSON.parse(data);
  } catch {
    return [`event data ${data.slice(0, 120)} is not JSON`];
  }
  return statusProblems(body, uuid).map((problem) => `in a status event: ${problem}`);
}

/** The events of a Server-Sent Events body other than heartbeats (`ping`) and `retry`-only blocks. */
async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const decoder = new TextDecoder();
  let buffered = '';
  const reader = body.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      buffered += decoder.decode(read.value, { stream: true });
      const blocks = buffered.split(/\r?\n\r?\n/);
      buffered = blocks.pop()!;
      for (const block of blocks) {
        const fields = block.split(/\r?\n/).map((line) => /^([^:]*):? ?(.*)$/.exec(line)!.slice(1) as [string, string]);
        const data = fields.filter(([name]) => name === 'data').map(([, value]) => value);
        const event = fields.find(([name]) => name === 'event')?.[1] ?? 'message';
        if (data.length && event !== 'ping') yield { event, data: data.join('\n') };
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}
