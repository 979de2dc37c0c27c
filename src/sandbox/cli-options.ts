/** The command line of `kyc-verify-sandbox`: its usage text and what it asks of startSandbox. */
import { parseArgs } from 'node:util';
import type { SandboxOptions, WebhookFaultRequest } from './index.js';
import { DEFAULT_ENDED_RETENTION_SECONDS, DEFAULT_MAX_TRANSACTIONS, FAULT_LIMITS } from './defaults.js';

const DEFAULT_PORT = 4010;

export const USAGE = `Usage: kyc-verify-sandbox [options]

Runs the kyc-verify sandbox, a local emulator of the KYC service, until interrupted.

Options:
  --port N                  port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --host H                  interface to listen on (default 127.0.0.1; 0.0.0.0 for every interface)
  --public-url URL          the sandbox's address as others reach it, origin of the links it makes
                            (default http://<host, or this machine's network address>:<port>)
  --allow-host H            a host that webhooks and redirect_uri may point at: a name, an IP address,
                            a CIDR range, or * for any; repeat it, or separate hosts with commas
                            (default: any on loopback; else loopback and the public URL's host)
  --max-transactions N      most transactions kept, live and ended (default ${DEFAULT_MAX_TRANSACTIONS})
  --retention SECONDS       how long an ended transaction stays readable (default ${DEFAULT_ENDED_RETENTION_SECONDS})
  --webhook-fault F         a fault on every webhook delivery, for testing a receiver: drop, reorder (every
                            pair swapped), duplicate=N (each arrives N times, 2 to ${FAULT_LIMITS.times}) or delay=SECONDS
                            (on the sandbox clock); repeat it to add more; one fault applies per delivery
  -h, --help                print this help and exit
`;

export type CommandLine = { help: true } | { error: string } | { options: SandboxOptions };

export function parseCommandLine(args: string[]): CommandLine {
  try {
    const { values } = parseArgs({
      args,
      options: {
        port: { type: 'string', default: String(DEFAULT_PORT) },
        host: { type: 'string', default: '127.0.0.1' },
        'public-url': { type: 'string' },
        'allow-host': { type: 'string', multiple: true },
        'max-transactions': { type: 'string' },
        retention: { type: 'string' },
        'webhook-fault': { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) return { help: true };
    const optional = (flag: string, text: string | undefined, least: number) =>
      text === undefined ? undefined : integerOf(flag, text, least);
    return {
      options: {
        port: integerOf('--port', values.port, 0, 65535),
        host: values.host,
        publicUrl: values['public-url'],
        allowedHosts: values['allow-host']?.flatMap((hosts) => hosts.split(',').filter(Boolean)),
        maxTransactions: optional('--max-transactions', values['max-transactions'], 1),
        endedRetentionSeconds: optional('--retention', values.retention, 0),
        webhookFaults: values['webhook-fault']?.map(faultOf),
      },
    };
  } catch (error) {
    // parseArgs names an unknown option or a missing value; integerOf a value out of range.
    return { error: (error as Error).message };
  }
}

/** The integer an option gives, in range, or an error that says why not. */
function integerOf(flag: string, text: string, least: number, most = Number.MAX_SAFE_INTEGER): number {
  const value = Number(text);
  if (/^\d+$/.test(text) && value >= least && value <= most) return value;
  throw new Error(`${flag} must be an integer from ${least}${most === Number.MAX_SAFE_INTEGER ? ' up' : ` to ${most}`}, not "${text}"`);
}

/** A fault of `--webhook-fault`, applied to every delivery. */
function faultOf(text: string): WebhookFaultRequest {
  const [kind, value] = text.split('=', 2);
  if ((kind === 'drop' || kind === 'reorder') && value === undefined) return { fault: kind, every: true };
  if (kind === 'duplicate' && value !== undefined) {
    return { fault: kind, times: integerOf('--webhook-fault duplicate', value, 2, FAULT_LIMITS.times), every: true };
  }
  const seconds = Number(value);
  if (kind === 'delay' && /^\d+(\.\d+)?$/.test(value ?? '') && seconds <= FAULT_LIMITS.delaySeconds) {
    return { fault: kind, delay_seconds: seconds, every: true };
  }
  throw new Error(
    `--webhook-fault must be drop, reorder, duplicate=N or delay=SECONDS (at most ${FAULT_LIMITS.delaySeconds}), not "${text}"`,
  );
}
