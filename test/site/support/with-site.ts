// Runs a command with the documentation site built once (site.ts) for every test file of a run:
// SITE_DIR names the built folder, removed after.
//   tsx test/site/support/with-site.ts <command> [args…]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { buildSite } from './site.js';

const [command, ...args] = process.argv.slice(2);
const site = await buildSite();
try {
  const child = spawn(command!, args, { stdio: 'inherit', env: { ...process.env, SITE_DIR: site.dir } });
  const [code] = (await once(child, 'exit')) as [number | null];
  process.exitCode = code ?? 1;
} finally {
  await site.remove();
}
