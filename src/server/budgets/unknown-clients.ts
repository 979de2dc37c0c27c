import { KycConfigurationError } from '../configuration-error.js';
import type { ResolvedBudgets } from './options.js';

/** The headers a proxy or platform sets with the client's address, and the reader of `clientAddressFrom` for each. */
const FORWARDED_BY: [header: string, reader: string][] = [
  ['cf-connecting-ip', "clientAddressFrom.platform('cloudflare')"],
  ['fly-client-ip', "clientAddressFrom.platform('fly')"],
  ['x-vercel-forwarded-for', "clientAddressFrom.platform('vercel')"],
  ['x-real-ip', "clientAddressFrom.header('x-real-ip')"],
  ['x-forwarded-for', 'clientAddressFrom.forwardedFor(<the number of your proxies>)'],
];

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i;

/**
 * For a kit without `clientAddress`: tells `onError` once, at the first session request that
 * comes from beyond this machine (a host that is not loopback, or a proxy's forwarding header),
 * that one client can then spend every budget alone, and which reader its headers call for.
 */
export function unknownClientsNote(budgets: ResolvedBudgets, tell: (error: KycConfigurationError) => void): (request: Request) => void {
  let told = false;
  return (request) => {
    if (told) return;
    const { host, hostname } = new URL(request.url);
    const forwarded = FORWARDED_BY.find(([header]) => request.headers.has(header));
    if (!forwarded && LOOPBACK.test(hostname)) return;
    told = true;
    const spend = [
      `${budgets.createdPerMinute} transactions created a minute`,
      `${budgets.sendsPerMinute} links sent a minute`,
      `${budgets.readsPerSecond} provider reads a second`,
      `${budgets.streamsPerProcess} streams a process`,
      `${budgets.typedCodeMissesPerMinute} typed-code misses a minute`,
    ].filter((limit) => !limit.startsWith('Infinity'));
    const reader = forwarded
      ? `${forwarded[1]} (this request carries ${forwarded[0]})`
      : 'the reader of clientAddressFrom for your proxy or platform';
    tell(
      new KycConfigurationError(
        `no clientAddress while serving ${host}: the per-address budgets are off, so one client can spend the whole kit's alone ` +
          `(${spend.join(', ')}) and the next visitors wait. Give createKycKit clientAddress: ${reader} (docs/budgets.md#client-addresses)`,
      ),
    );
  };
}
