/**
 * What the kit's telemetry costs a poll (docs/operations.md): the CPU time of the status handler answering polls of
 * 200 pending transactions, without telemetry and with an OpenTelemetry SDK registered as docs/operations.md advises
 * (metrics, and a span per poll, one trace in 10 sampled: bench/lib/telemetry.ts), the two kits in this process
 * taking turns by slices of polls so that the shared machine's drift falls on both alike; the ratio is taken per
 * round, and its median and spread reported. The polls go through the handler's own plain answer, as `toNodeHandler` writes it: no
 * socket, no load generator, so that what is measured is the kit's share of a poll, where telemetry adds its cost
 * (a poll over HTTP costs more, so the same cost is a smaller share of it).
 */
import { PLAIN_ANSWER, type PlainAnswering } from '../../src/server/handlers/plain-answer.js';
import { createKycKit, toNodeHandler } from '../../src/server/index.js';
import type { Figure } from '../lib/figure.js';
import { listen } from '../lib/http.js';
import { createTransactions, LOAD_BUDGETS } from '../lib/kit-host.js';
import { sandboxClient } from '../lib/provider.js';
import { percentile, sampled } from '../lib/stats.js';
import { startBenchTelemetry } from '../lib/telemetry.js';
import { mainThreadMicros, processMicros } from '../lib/thread-cpu.js';

const TRANSACTIONS = 200;
/** 25 polls of each transaction per kit a round, then the kits' clock a second on: one provider read per transaction per 25 polls, as the status-proxy run over HTTP has it (5,000 polls/s over 200 transactions), whatever this machine's speed. */
const POLLS_PER_ROUND = 25 * TRANSACTIONS;
/** Within a round the kits take turns by slices of this many polls (off, on, on, off, …): the shared machine's drift within a round falls on both alike. */
const POLLS_PER_SLICE = 250;
const ROUNDS = 20;
/** Polls under way at once, as many widgets would have. */
const CONCURRENCY = 50;

/** The kits' clock: moved a second on after each round, so that each status is read once a round. */
let clock = Date.now();

/** A kit's status handler with its own transactions, created through its session handler. */
async function pollable(kycUrl: string) {
  const kit = createKycKit({
    client: sandboxClient(kycUrl, { now: () => clock }),
    buildRequest: () => ({
      company_id: 'sandbox-company',
      authorization_method: 'kyc_register',
      expiration: 3600,
      metadata: { nin: '11.111.111-1' },
    }),
    onResult: () => {},
    budgets: LOAD_BUDGETS,
  });
  const session = toNodeHandler(kit.session);
  const host = await listen(session);
  const uuids = await createTransactions(host.url, TRANSACTIONS).finally(() => host.close());
  const answer = (kit.status as unknown as { [PLAIN_ANSWER]: PlainAnswering })[PLAIN_ANSWER];
  return { kit, uuids, answer };
}

type Pollable = Awaited<ReturnType<typeof pollable>>;

/** The polls a kit answers, one per transaction in turn. */
function pollsOf({ uuids, answer }: Pollable) {
  const calls = uuids.map((uuid) => ({
    method: 'GET',
    url: `/kyc/status/${uuid}`,
    header: () => null,
    request: () => new Request(`http://127.0.0.1/kyc/status/${uuid}`),
  }));
  let next = 0;
  /** The CPU time (µs) of the next `count` polls: the main thread's, and the process's. */
  return async (count: number): Promise<Cpu> => {
    const last = next + count;
    const thread = mainThreadMicros();
    const all = processMicros();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < last) {
          const answered = await answer(calls[next++ % calls.length]!);
          if (answered.status !== 200) throw new Error(`a poll answered ${answered.status}`);
        }
      }),
    );
    return { thread: mainThreadMicros() - thread, process: processMicros() - all };
  };
}

/** CPU time, µs: the main thread's, and the whole process's. */
interface Cpu {
  thread: number;
  process: number;
}

const added = (a: Cpu, b: Cpu): Cpu => ({ thread: a.thread + b.thread, process: a.process + b.process });

/** One round: each kit answers POLLS_PER_ROUND polls, by turns of a slice, the kit going first alternating; then the clock a second on. CPU per poll of each. */
async function round(off: (count: number) => Promise<Cpu>, on: (count: number) => Promise<Cpu>) {
  let offCpu: Cpu = { thread: 0, process: 0 };
  let onCpu: Cpu = { thread: 0, process: 0 };
  for (let slice = 0; slice < POLLS_PER_ROUND / POLLS_PER_SLICE; slice++) {
    const offFirst = slice % 2 === 0;
    if (offFirst) offCpu = added(offCpu, await off(POLLS_PER_SLICE));
    onCpu = added(onCpu, await on(POLLS_PER_SLICE));
    if (!offFirst) offCpu = added(offCpu, await off(POLLS_PER_SLICE));
  }
  clock += 1000;
  const perPoll = (cpu: Cpu): Cpu => ({ thread: cpu.thread / POLLS_PER_ROUND, process: cpu.process / POLLS_PER_ROUND });
  return { off: perPoll(offCpu), on: perPoll(onCpu) };
}

export async function measureTelemetryCost(kycUrl: string): Promise<Figure[]> {
  const off = await pollable(kycUrl);
  const telemetry = startBenchTelemetry();
  const on = await pollable(kycUrl);
  try {
    const pollOff = pollsOf(off);
    const pollOn = pollsOf(on);
    await round(pollOff, pollOn); // warms both paths before measuring
    const rounds: Awaited<ReturnType<typeof round>>[] = [];
    for (let index = 0; index < ROUNDS; index++) rounds.push(await round(pollOff, pollOn));
    const figures = (cpu: keyof Cpu, what: string) => {
      const ratios = rounds.map((measured) => measured.on[cpu] / measured.off[cpu]);
      console.error(
        `bench: status-proxy: telemetry on ÷ off, ${what}, per round: p10 ${percentile(ratios, 10).toFixed(3)}, median ${percentile(ratios, 50).toFixed(3)}, p90 ${percentile(ratios, 90).toFixed(3)}`,
      );
      const prefix = `Status proxy, the kit's share of a poll, ${what} (${ROUNDS} rounds of ${POLLS_PER_ROUND.toLocaleString('en')} polls by each kit, by turns):`;
      return [
        sampled(
          `${prefix} CPU per poll, telemetry off`,
          'µs',
          rounds.map((measured) => measured.off[cpu]),
        ),
        sampled(
          `${prefix} CPU per poll, telemetry on`,
          'µs',
          rounds.map((measured) => measured.on[cpu]),
        ),
        sampled(`${prefix} telemetry on ÷ off, per round`, '×', ratios),
      ];
    };
    return [...figures('thread', 'main thread'), ...figures('process', 'all threads')];
  } finally {
    off.kit.close();
    on.kit.close();
    await telemetry.shutdown();
  }
}
