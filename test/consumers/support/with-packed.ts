// Runs a command with the package built and packed once, for every test file of a run:
// KYC_VERIFY_TARBALL names the tarball (packed.ts's packInto answers it), removed after.
//   tsx test/consumers/support/with-packed.ts <command> [args…]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packInto } from './packed.js';

const [command, ...args] = process.argv.slice(2);
const folder = await mkdtemp(join(tmpdir(), 'kyc-verify-pack-'));
try {
  const tarball = await packInto(folder);
  const child = spawn(command!, args, { stdio: 'inherit', env: { ...process.env, KYC_VERIFY_TARBALL: tarball } });
  const [code] = (await once(child, 'exit')) as [number | null];
  process.exitCode = code ?? 1;
} finally {
  await rm(folder, { recursive: true, force: true });
}
