/**
 * The operators' script: verifications walked on the fleet as people and the service would walk
 * them, each ending one way, and what each must add to the kit's metrics. Every desktop that
 * streams waits for each step to reach its stream before the next (as the element shows it), so
 * the kit reads every step; a verification nobody watches is read at its end only.
 */
import type { TransactionStatus } from '../../../src/server/index.js';
import type { SandboxEvent, SandboxTransaction } from '../../../src/testing/index.js';
import { eventually, type CountedSandbox, type Fleet } from '../../fleet/harness.js';
import { openStream } from '../../server/sse-client.js';

/** What the script caused, as the kit must count it fleet-wide. */
export class Expected {
  created = 0;
  readonly refused = new Map<string, number>();
  readonly steps = new Map<string, number>();
  /** By `state/code`. */
  readonly ends = new Map<string, number>();
  /** The transactions whose end onResult must hear. */
  readonly ended: string[] = [];
  /** Owners, transaction ids and the RUT: what no metric or span may carry. */
  readonly personal = new Set<string>(['11.111.111-1', '111111111']);

  add(map: Map<string, number>, key: string): void {
    map.set(key, (map.get(key) ?? 0) + 1);
  }

  /** A transaction's steps (each once) and its end, from the service's answers. */
  walked(uuid: string, answers: SandboxTransaction[]): void {
    for (const step of new Set(['Session_start', ...answers.map((answer) => answer.step)])) this.add(this.steps, step);
    const last = answers.at(-1)!;
    const state = last.active ? 'pending' : last.complete ? 'successful' : last.failed ? 'failed' : 'expired';
    if (state === 'pending') return;
    this.add(this.ends, `${state}/${last.code}`);
    this.ended.push(uuid);
    for (const answer of answers) this.personal.add(answer.transaction_id);
  }
}

export const PUBLIC_GO_URL = 'https://shop.example/kyc/go';

export interface World {
  fleet: Fleet;
  service: CountedSandbox;
  expected: Expected;
  /** The relay's URL that delivers a session's webhooks to instance `index` alone. */
  webhookTo(index: number): string;
}

/** A session created as a fresh owner (on `instance`, else through the balancer); its uuid and link. */
export async function createSession(world: World, name: string, headers: Record<string, string> = {}, instance?: number) {
  const owner = `${name}-${crypto.randomUUID()}`;
  world.expected.personal.add(owner);
  const target = instance === undefined ? world.fleet.url : world.fleet.instances[instance]!.url;
  const answer = await world.fleet.postSession(owner, 'new', target, headers);
  if (answer.status !== 201) throw new Error(`session answered ${answer.status}: ${await answer.text()}`);
  world.expected.created++;
  const { uuid, link } = (await answer.json()) as { uuid: string; link: string };
  return { owner, uuid, link };
}

/**
 * A desktop streaming its verification from `instance` while the person does each of `events`:
 * each event's status reaches the stream before the next (the kit read every step).
 */
export async function walkWatched(world: World, uuid: string, owner: string, instance: number, events: SandboxEvent[]) {
  const stream = await openStream(`${world.fleet.instances[instance]!.url}/kyc/status/${uuid}`, { 'x-user': owner });
  const shows = (answer: SandboxTransaction) => () =>
    stream.seen('status').some((event) => {
      const shown = JSON.parse(event.data) as TransactionStatus;
      return shown.updated_at !== null && Date.parse(shown.updated_at) >= Date.parse(answer.updated_at);
    });
  const answers: SandboxTransaction[] = [];
  try {
    await stream.next('status');
    for (const event of events) {
      const answer = await world.service.testing.outcome(uuid, event);
      answers.push(answer);
      // Within a read's latency when the step's webhook asks for one; the stream's 10 s safety-net read at the latest.
      await eventually(shows(answer), 15_000, `${uuid} at ${answer.step}/${answer.code} on its stream`);
    }
  } finally {
    stream.close();
  }
  world.expected.walked(uuid, answers);
}

/** Events no desktop watches: the kit reads the transaction at its end only. */
export async function walkUnwatched(world: World, uuid: string, events: SandboxEvent[]) {
  const answers: SandboxTransaction[] = [];
  for (const event of events) answers.push(await world.service.testing.outcome(uuid, event));
  world.expected.walked(uuid, [answers.at(-1)!]);
}

/** Resolves once onResult has been heard for each transaction the script ended. */
export async function resultsDelivered(world: World): Promise<void> {
  const heard = () => new Set(world.fleet.results().map((report) => report.uuid));
  await eventually(() => world.expected.ended.every((uuid) => heard().has(uuid)), 30_000, 'onResult for every ended transaction');
}
