/**
 * What the kit's telemetry costs a poll (docs/operations.md): the CPU time of the status handler answering polls of
 * 200 pending transactions, without telemetry and with an OpenTelemetry SDK registered (metrics, and a span per poll,
 * every one sampled), in rounds that alternate the two kits in this process so that the shared machine's drift
 * falls on both alike. The polls go through the handler's own plain answer, as `toNodeHandler` writes it: no
 * socket, no load generator, so that what is measured is the kit's share of a poll, where telemetry adds its cost
 * (a poll over HTTP costs more, so the same cost is a smaller share of it).
 */
import { PLAIN_ANSWER, type PlainAnswering } from '../../src/server/handlers/plain-answer.js';
import { createKycKit, toNodeHandler } from '../../src/server/index.js';
import type { Figure } from '../lib/figure.js';
import { listen } from '../lib/http.js';
import { createTransactions, LOAD_BUDGETS } from '../lib/kit-host.js';
import { sandboxClient } from '../lib/provider.js';
import { percentile } from '../lib/stats.js';
import { startBenchTelemetry } from '../lib/telemetry.js';

const TRANSACTIONS = 200;
/** 25 polls of each transaction a round, then the kits' clock a second on: one provider read per transaction per 25 polls, as the status-proxy run over HTTP has it (5,000 polls/s over 200 transactions), whatever this machine's speed. */
const POLLS_PER_ROUND = 25 * TRANSACTIONS;
const ROUNDS = 6;
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

/** CPU time (user and system, µs) per poll over `count` polls of `uuids`. */
async function cpuPerPoll({ uuids, answer }: Awaited<ReturnType<typeof pollable>>, count: number): Promise<number> {
  let next = 0;
  const calls = uuids.map((uuid) => ({
    method: 'GET',
    url: `/kyc/status/${uuid}`,
    header: () => null,
    request: () => new Request(`http://127.0.0.1/kyc/status/${uuid}`),
  }));
  const started = process.cpuUsage();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const answered = await answer(calls[next++ % calls.length]!);
        if (answered.status !== 200) throw new Error(`a poll answered ${answered.status}`);
      }
    }),
  );
  const { user, system } = process.cpuUsage(started);
  clock += 1000;
  return (user + system) / count;
}

export async function measureTelemetryCost(kycUrl: string): Promise<Figure[]> {
  const off = await pollable(kycUrl);
  const telemetry = startBenchTelemetry();
  const on = await pollable(kycUrl);
  try {
    const offRuns: number[] = [];
    const onRuns: number[] = [];
    await cpuPerPoll(off, POLLS_PER_ROUND); // warm both paths before measuring
    await cpuPerPoll(on, POLLS_PER_ROUND);
    for (let round = 0; round < ROUNDS; round++) {
      offRuns.push(await cpuPerPoll(off, POLLS_PER_ROUND));
      onRuns.push(await cpuPerPoll(on, POLLS_PER_ROUND));
    }
    const prefix = `Status proxy, the kit's share of a poll (${ROUNDS} alternating rounds of ${POLLS_PER_ROUND.toLocaleString('en')} polls):`;
    return [
      { figure: `${prefix} CPU per poll, telemetry off`, unit: 'µs', median: percentile(offRuns, 50), runs: ROUNDS },
      { figure: `${prefix} CPU per poll, telemetry on`, unit: 'µs', median: percentile(onRuns, 50), runs: ROUNDS },
      { figure: `${prefix} telemetry on ÷ off`, unit: '×', median: percentile(onRuns, 50) / percentile(offRuns, 50), runs: ROUNDS },
    ];
  } finally {
    off.kit.close();
    on.kit.close();
    await telemetry.shutdown();
  }
}
