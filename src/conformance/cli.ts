#!/usr/bin/env node
/** `kyc-verify-conformance`: checks a running host backend against the host protocol, rule by rule. Exit code 0 when every rule passes. */
import { parseArgs } from 'node:util';
import { formatReport } from './report.js';
import { runConformance } from './run.js';

const HELP = `Usage: kyc-verify-conformance --session-url URL --status-url URL --sandbox-url URL

Checks a host backend that <kyc-verify> talks to against the host protocol, while the
kyc-verify sandbox plays the KYC service behind it. Prints one line per rule (✓ or ✗);
exits 0 when every rule passes, 1 when one fails, 2 on a usage error.

  --session-url URL   the host's session URL, e.g. http://127.0.0.1:8080/kyc/session
  --status-url URL    the host's status URL, {uuid} where the uuid goes,
                      e.g. http://127.0.0.1:8080/kyc/status/{uuid}
  --sandbox-url URL   the sandbox the host uses as its KYC service (npx kyc-verify-sandbox),
                      e.g. http://127.0.0.1:4010; the check moves its transactions and its clock
  --help              this text

The host must create its transactions in that sandbox with a webhook, and tell visitors apart
by a cookie it sets (as a browser keeps it). Moving the sandbox's clock expires every pending
transaction in it: use a sandbox of the check's own.`;

function usage(message: string): never {
  console.error(`kyc-verify-conformance: ${message}\n\n${HELP}`);
  process.exit(2);
}

let values: Record<string, string | boolean | undefined>;
try {
  ({ values } = parseArgs({
    options: {
      'session-url': { type: 'string' },
      'status-url': { type: 'string' },
      'sandbox-url': { type: 'string' },
      help: { type: 'boolean' },
    },
  }));
} catch (error) {
  usage((error as Error).message);
}
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const [sessionUrl, statusUrl, sandboxUrl] = (['session-url', 'status-url', 'sandbox-url'] as const).map((name) => {
  const value = values[name];
  if (typeof value !== 'string' || !URL.canParse(value)) usage(`--${name} must be an absolute URL`);
  return value;
});
if (!statusUrl!.includes('{uuid}')) usage('--status-url must hold {uuid} where the transaction uuid goes');

const verdicts = await runConformance({ sessionUrl: sessionUrl!, statusUrl: statusUrl!, sandboxUrl: sandboxUrl! }).catch(
  (error: unknown) => {
    console.error(`kyc-verify-conformance: the check could not run: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
console.log(formatReport(verdicts));
process.exit(verdicts.every((verdict) => verdict.passed) ? 0 : 1);
