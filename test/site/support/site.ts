// The documentation site, built as a fresh clone builds it: `npm run docs` in a copy of the
// repository's own files (those git tracks or would track: nothing built or ignored comes along,
// no dist/, no earlier site/), with the installed node_modules beside them. Under `npm run
// test:site` it is built once for every file (with-site.ts) and SITE_DIR names it.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface BuiltSite {
  /** The built site's folder. */
  dir: string;
  remove(): Promise<void>;
}

/** The repository's files, as a clone has them (and the new files not ignored). */
async function repositoryFiles(): Promise<string[]> {
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { maxBuffer: 1 << 24 });
  return stdout.split('\0').filter((file) => file && existsSync(file));
}

export async function buildSite(): Promise<BuiltSite> {
  if (process.env.SITE_DIR) return { dir: process.env.SITE_DIR, remove: async () => {} };
  const clone = await mkdtemp(join(tmpdir(), 'kyc-verify-site-'));
  for (const file of await repositoryFiles()) {
    await mkdir(dirname(join(clone, file)), { recursive: true });
    await cp(file, join(clone, file));
  }
  await symlink(resolve('node_modules'), join(clone, 'node_modules'), 'dir');
  await run('npm', ['run', 'docs'], { cwd: clone, maxBuffer: 1 << 24 });
  return { dir: join(clone, 'site'), remove: () => rm(clone, { recursive: true, force: true }) };
}
