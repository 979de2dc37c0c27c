#!/usr/bin/env node
/** `npm run sandbox [-- --port N] [--host H]`: runs the sandbox until interrupted and prints its URL. */
import { parseArgs } from 'node:util';
import { startSandbox } from './index.js';

const DEFAULT_PORT = 4010;

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: String(DEFAULT_PORT) },
    host: { type: 'string', default: '127.0.0.1' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`kyc-verify sandbox: --port must be an integer from 0 to 65535, not "${values.port}"`);
  process.exit(2);
}

const sandbox = await startSandbox({ port, host: values.host });
console.log(`kyc-verify sandbox listening on ${sandbox.url}`);
console.log(`  OpenAPI document: ${sandbox.url}/openapi.json`);
console.log('  Clients: sandbox-client / sandbox-secret (see README, "Sandbox")');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void sandbox.close().then(() => process.exit(0));
  });
}
