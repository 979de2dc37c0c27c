import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root, so the bench runs the same from any working directory. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The open files a process may be given: Linux's default `fs.nr_open`, the most `ulimit -Hn` can reach. */
const MOST_FILES = 1_048_576;
/** Raises the hard limit of open files where the user may (root may; others keep theirs), then the soft one to it. */
const RAISE_FILE_LIMIT = `ulimit -Hn ${MOST_FILES} 2>/dev/null; ulimit -n "$(ulimit -Hn)"`;

/** The limit of open files a process started with `raiseFileLimit` gets. */
export const raisedFileLimit = (): number =>
  Number(execFileSync('sh', ['-c', `${RAISE_FILE_LIMIT}; ulimit -n`], { encoding: 'utf8' }).trim()) || Infinity;

/**
 * Runs a TypeScript file of this repository in its own Node process (through tsx), so its event loop and CPU time are its own.
 * With `raiseFileLimit`, its limit of open files is raised first (`ulimit` in a shell): the hard limit too where the user
 * may, then the soft one to it, for many sockets.
 */
export function spawnTsx(file: string, args: readonly string[], { raiseFileLimit = false } = {}): ChildProcess {
  const command = [process.execPath, '--import', 'tsx', file, ...args];
  const [program, ...rest] = raiseFileLimit ? ['sh', '-c', `${RAISE_FILE_LIMIT} && exec "$@"`, 'sh', ...command] : command;
  return spawn(program!, rest, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
}
