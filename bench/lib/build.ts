import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Plugin } from 'vite';
import { repoRoot } from './repo.js';

export interface BrowserBuild {
  dir: string;
  /** Each emitted .js file (no source maps) and its bytes. */
  files: Map<string, Buffer>;
  remove(): Promise<void>;
}

/**
 * Builds one mode of vite.config.ts (`production`: the ES modules, `standalone`: the bundle) into a
 * fresh temp folder, with `external` packages left as imports on top of what the mode leaves out,
 * and `plugins` added to the config's own.
 */
export async function buildBrowser(
  mode: 'production' | 'standalone',
  external: RegExp[] = [],
  plugins: Plugin[] = [],
): Promise<BrowserBuild> {
  const dir = await mkdtemp(join(tmpdir(), `kyc-verify-bench-${mode}-`));
  await build({
    root: repoRoot,
    mode,
    logLevel: 'silent',
    plugins,
    build: { outDir: dir, emptyOutDir: true, sourcemap: false, rolldownOptions: { external } },
  });
  const files = new Map<string, Buffer>();
  for (const name of (await readdir(dir)).sort()) {
    if (name.endsWith('.js')) files.set(name, await readFile(join(dir, name)));
  }
  return { dir, files, remove: () => rm(dir, { recursive: true, force: true }) };
}
