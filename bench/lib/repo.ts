import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root, so the bench runs the same from any working directory. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Runs a TypeScript file of this repository in its own Node process (through tsx), so its event loop and CPU time are its own.
 * With `raiseFileLimit`, its limit of open files is raised to the hard limit first (`ulimit -n` in a shell), for many sockets.
 */
export function spawnTsx(file: string, args: readonly string[], { raiseFileLimit = false } = {}): ChildProcess {
  const command = [process.execPath, '--import', 'tsx', file, ...args];
  const [program, ...rest] = raiseFileLimit ? ['sh', '-c', 'ulimit -n "$(ulimit -Hn)" && exec "$@"', 'sh', ...command] : command;
  return spawn(program!, rest, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
}
