// The package as a user gets it: built, packed once, unpacked into node_modules/kyc-verify of a
// folder that holds a copy of each consumer. The frameworks resolve from the repo's node_modules,
// linked as the node_modules of the folder above (React 18 from its consumer's own), and nothing
// lies under a node_modules path, which svelte-check would skip.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

export const run = promisify(execFile);

const FIXTURES = resolve('test/consumers/fixtures');

export interface Packed {
  /** The folder of the copied consumer `name` (a folder of test/consumers/fixtures). */
  consumer(name: string): string;
  remove(): Promise<void>;
}

/**
 * Builds the package and packs it into `folder`: the tarball's path. Under `npm run
 * test:consumers` the package is packed once for every file (with-packed.ts), and that tarball is
 * the answer.
 */
export async function packInto(folder: string): Promise<string> {
  if (process.env.KYC_VERIFY_TARBALL) return process.env.KYC_VERIFY_TARBALL;
  await run('npm', ['run', 'build'], { maxBuffer: 1 << 24 });
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', folder]);
  const [{ filename }] = JSON.parse(stdout) as [{ filename: string }];
  return join(folder, filename);
}

/**
 * A fresh app in a folder of its own under the system's temporary folder, away from the repo's
 * node_modules: `npm install` of `packages`, with `kyc-verify` meaning `tarball`, as a user runs it
 * (from npm's cache when it has them).
 */
export async function installApp(app: string, tarball: string, packages: string[]): Promise<void> {
  await mkdir(app, { recursive: true });
  await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  const specs = packages.map((name) => (name === 'kyc-verify' ? tarball : name));
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...specs], { cwd: app });
}

export async function packForConsumers(): Promise<Packed> {
  const scratch = await mkdtemp(join(tmpdir(), 'kyc-verify-consumers-'));
  const tarball = await packInto(scratch);
  await symlink(resolve('node_modules'), join(scratch, 'node_modules'), 'dir');
  const apps = join(scratch, 'apps');
  const unpacked = join(apps, 'node_modules', 'kyc-verify');
  await mkdir(unpacked, { recursive: true });
  await run('tar', ['-xzf', tarball, '-C', unpacked, '--strip-components=1']);
  await cp(FIXTURES, apps, { recursive: true });
  return {
    consumer: (name) => join(apps, name),
    remove: () => rm(scratch, { recursive: true, force: true }),
  };
}
