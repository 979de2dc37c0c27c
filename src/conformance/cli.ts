#!/usr/bin/env node
/** `kyc-verify-conformance`: checks a running host backend against the host protocol, rule by rule. Exit code 0 when every rule passes. */
import { parseArgs } from 'node:util';
import { loginOf } from './login.js';
import { allPassed, formatReport } from './report.js';
import { runConformance } from './run.js';

const HELP = `Usage: kyc-verify-conformance --session-url URL --sandbox-url URL [options]

Checks a host backend that <kyc-verify> talks to against the host protocol, while the
kyc-verify sandbox plays the KYC service behind it. Prints one line per rule (✓ or ✗);
exits 0 when every rule passes, 1 when one fails, 2 on a usage error.

  --session-url URL   the page's session-url, absolute, e.g. http://127.0.0.1:8080/kyc/session
  --sandbox-url URL   the sandbox the host uses as its KYC service (npm run sandbox, or
                      npx kyc-verify-sandbox), e.g. http://127.0.0.1:4010; the check moves its
                      transactions and its clock
  --status-url URL    the page's status-url, if it sets one ({uuid} where the uuid goes). Without
                      it the check follows what the element follows: the session answer's
                      status_url, else <session-url>/{uuid}
  --cookie NAME=VALUE a cookie of a logged-in browser, for a host behind a login (repeat it)
  --header 'NAME: VALUE'  a header that logs in, e.g. 'Authorization: Bearer …' (repeat it)
  --help              this text

The login (--cookie, --header) goes to the session URL's origin only; no redirect to another
origin is followed. Without a login the host must tell visitors apart by a cookie it sets (as a
browser keeps it). The host must create its transactions in that sandbox with a webhook. Moving
the sandbox's clock expires every pending transaction in it: use a sandbox of the check's own.`;

function usage(message: string): never {
  console.error(`kyc-verify-conformance: ${message}\n\n${HELP}`);
  process.exit(2);
}

let values: Record<string, string | string[] | boolean | undefined>;
try {
  ({ values } = parseArgs({
    options: {
      'session-url': { type: 'string' },
      'status-url': { type: 'string' },
      'sandbox-url': { type: 'string' },
      cookie: { type: 'string', multiple: true },
      header: { type: 'string', multiple: true },
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
const [sessionUrl, sandboxUrl] = (['session-url', 'sandbox-url'] as const).map((name) => {
  const value = values[name];
  if (typeof value !== 'string' || !URL.canParse(value)) usage(`--${name} must be an absolute URL`);
  return value;
});
const statusUrl = values['status-url'] as string | undefined;
if (statusUrl !== undefined && !statusUrl.includes('{uuid}')) usage('--status-url must hold {uuid} where the transaction uuid goes');
const login = loginOf((values.cookie as string[] | undefined) ?? [], (values.header as string[] | undefined) ?? []);
if (typeof login === 'string') usage(login);

const findings = await runConformance({ sessionUrl: sessionUrl!, sandboxUrl: sandboxUrl!, ...(statusUrl && { statusUrl }), login }).catch(
  (error: unknown) => {
    console.error(`kyc-verify-conformance: the check could not run: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
console.log(formatReport(findings));
process.exit(allPassed(findings) ? 0 : 1);
