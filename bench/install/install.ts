/**
 * Install: what `npm install kyc-verify` brings to someone who only uses the element, and to users
 * of the host kit and of the sandbox, who add its optional peers. The package is packed from this
 * repository and installed from its tarball into an empty project, with the registry for the rest,
 * as a user would install it from npm.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { packPackage } from '../../scripts/pack.js';
import type { Figure } from '../lib/figure.js';
import { repoRoot } from '../lib/repo.js';

const run = promisify(execFile);

interface Footprint {
  packages: number;
  bytes: number;
}

/** A package's folder: `node_modules/<name>` or `node_modules/@<scope>/<name>`, at any depth. */
const PACKAGE_FOLDER = /(?:^|\/)node_modules\/(?:@[^/]+\/)?[^/.@][^/]*$/;

/** The packages under a node_modules folder (nested ones included) and the bytes of all their files (symbolic links not followed). */
async function footprintOf(nodeModules: string): Promise<Footprint> {
  const footprint = { packages: 0, bytes: 0 };
  for (const entry of await readdir(nodeModules, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile()) footprint.bytes += (await stat(path)).size;
    else if (entry.isDirectory() && PACKAGE_FOLDER.test(join('node_modules', relative(nodeModules, path)))) footprint.packages++;
  }
  return footprint;
}

/** What each kind of user installs beside kyc-verify (README, "Install"): the browser-only user, nothing. */
const INSTALLS: { user: string; beside: string[] }[] = [
  { user: 'browser-only', beside: [] },
  { user: 'host kit', beside: ['zod'] },
  { user: 'sandbox', beside: ['zod', 'hono', '@hono/node-server', '@hono/zod-openapi'] },
];

const figure = (name: string, unit: string, value: number): Figure => ({ figure: `Install: ${name}`, unit, median: value, runs: 1 });

/** Installs the tarball and `beside` into an empty project, as `npm install kyc-verify …` would. */
async function install(tarball: string, project: string, beside: string[]): Promise<Footprint> {
  await mkdir(project);
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'kyc-verify-user', private: true }));
  await run('npm', ['install', tarball, ...beside, '--no-audit', '--no-fund', '--prefer-offline'], { cwd: project });
  return footprintOf(join(project, 'node_modules'));
}

export async function measureInstall(): Promise<Figure[]> {
  const scratch = await mkdtemp(join(tmpdir(), 'kyc-verify-install-'));
  try {
    const packed = await packPackage(repoRoot, scratch);
    const figures = [figure('tarball, packed', 'bytes', packed.size), figure('tarball, unpacked', 'bytes', packed.unpackedSize)];
    for (const { user, beside } of INSTALLS) {
      const installed = await install(packed.tarball, join(scratch, user.replace(/\W/g, '-')), beside);
      const command = `\`npm install ${['kyc-verify', ...beside].join(' ')}\``;
      figures.push(figure(`${user}, ${command}, packages`, 'packages', installed.packages));
      figures.push(figure(`${user}, ${command}, files`, 'bytes', installed.bytes));
    }
    return figures;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
