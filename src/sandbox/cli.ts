#!/usr/bin/env node
/** `kyc-verify-sandbox [options]` (`npm run sandbox -- [options]`): runs the sandbox until interrupted and prints its URL. */
import { parseCommandLine, USAGE } from './cli-options.js';
import { startSandbox } from './index.js';

const commandLine = parseCommandLine(process.argv.slice(2));
if ('help' in commandLine) {
  process.stdout.write(USAGE);
  process.exit(0);
}
if ('error' in commandLine) {
  console.error(`kyc-verify sandbox: ${commandLine.error}\nRun kyc-verify-sandbox --help for the options.`);
  process.exit(2);
}

const sandbox = await startSandbox(commandLine.options).catch((error: Error) => {
  console.error(`kyc-verify sandbox: ${error.message}`);
  process.exit(1);
});
console.log(`kyc-verify sandbox listening on ${sandbox.url}`);
console.log(`  OpenAPI document: ${sandbox.url}/openapi.json`);
console.log('  Clients: sandbox-client / sandbox-secret (see docs/sandbox.md)');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void sandbox.close().then(() => process.exit(0));
  });
}
