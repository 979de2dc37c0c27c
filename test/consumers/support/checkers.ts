// The type checkers a user of each framework runs, on a consumer's tsconfig.json (its app) or
// tsconfig.misuse.json (a deliberate misuse that must be refused).
import { resolve } from 'node:path';
import { run } from './packed.js';

export type Checker = 'tsc' | 'vue-tsc' | 'svelte-check' | 'ngc';

const ARGUMENTS: Record<Checker, (tsconfig: string) => string[]> = {
  tsc: (tsconfig) => ['-p', tsconfig],
  'vue-tsc': (tsconfig) => ['-p', tsconfig],
  'svelte-check': (tsconfig) => ['--tsconfig', tsconfig, '--output', 'human', '--fail-on-warnings'],
  ngc: (tsconfig) => ['-p', tsconfig],
};

/** Runs `checker` on `tsconfig` in folder `cwd`; resolves with its output, rejects with it when it finds errors. */
export async function check(checker: Checker, cwd: string, tsconfig: string): Promise<string> {
  try {
    const { stdout, stderr } = await run(resolve('node_modules/.bin', checker), ARGUMENTS[checker](tsconfig), { cwd });
    return stdout + stderr;
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    throw new Error(stdout + stderr, { cause: error });
  }
}
