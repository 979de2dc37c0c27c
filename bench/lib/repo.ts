import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root, so the bench runs the same from any working directory. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Runs a TypeScript file of this repository in its own Node process (through tsx), so its event loop and CPU time are its own. */
export function spawnTsx(file: string, args: readonly string[]): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', file, ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
}
