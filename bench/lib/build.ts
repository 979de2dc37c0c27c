import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type PluginOption } from 'vite';
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
 * and `plugins` (a bench's variant of the build) after the config's own.
 */
export async function buildBrowser(
  mode: 'production' | 'standalone',
  external: RegExp[] = [],
  plugins: PluginOption[] = [],
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

/** kyc-verify/ssr as shipped (vite.config.ts's `ssr` mode, minified), built into a fresh folder and imported. */
export async function buildServerRender(): Promise<typeof import('../../src/ssr/index.js')> {
  // Under the repository, where its imports (lit, @lit-labs/ssr) resolve.
  await mkdir(join(repoRoot, 'bench/out'), { recursive: true });
  const dir = await mkdtemp(join(repoRoot, 'bench/out/ssr-'));
  try {
    await build({ root: repoRoot, mode: 'ssr', logLevel: 'silent', build: { outDir: dir } });
    return (await import(join(dir, 'index.js'))) as typeof import('../../src/ssr/index.js');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
