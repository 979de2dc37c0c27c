#!/usr/bin/env node
/** `kyc-verify-sandbox [options]` (`npm run sandbox -- [options]`): runs the sandbox until interrupted and prints its URL. */
import { parseCommandLine, USAGE } from './cli-options.js';
import { loadSandbox } from './peers.js';

const commandLine = parseCommandLine(process.argv.slice(2));
if ('error' in commandLine) {
  console.error(`kyc-verify sandbox: ${commandLine.error}\nRun kyc-verify-sandbox --help for the options.`);
  process.exit(2);
}
const loaded = await loadSandbox();
if ('help' in commandLine) {
  process.stdout.write(USAGE + ('missing' in loaded ? `\n${loaded.missing}\n` : ''));
  process.exit(0);
}
if ('missing' in loaded) {
  console.error(`kyc-verify sandbox: ${loaded.missing}`);
  process.exit(1);
}

const sandbox = await loaded.startSandbox(commandLine.options).catch((error: Error) => {
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
