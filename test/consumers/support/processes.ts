// Commands an app's user runs, as child processes, started once ready: by default once they print
// their first line (the sandbox prints its URL), or once `ready` resolves (given what they printed so far:
// a server that prints nothing answers, or one that prints its URL after a build); rejected with what
// they said on stderr when they exit first.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

export interface Started {
  child: ChildProcess;
  /** Everything it wrote on stdout so far. */
  stdout(): string;
  /** Everything it wrote on stderr so far. */
  stderr(): string;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startCommand(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
  ready?: (stdout: string) => Promise<unknown>,
): Promise<Started> {
  // A group of its own: `npx` runs the command as its child, and stopping one must stop both.
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, detached: true });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`${command} ${args.join(' ')} exited (${code}): ${stderr}`);
  });
  const isReady = () =>
    ready
      ? ready(stdout).then(
          () => true,
          () => false,
        )
      : Promise.resolve(stdout.includes('\n'));
  const started = async () => {
    // Until it is ready, or has exited (then `exited` has rejected).
    while (child.exitCode === null && child.signalCode === null && !(await isReady())) await sleep(50);
  };
  exited.catch(() => {});
  await Promise.race([started(), exited]).catch((error: unknown) => {
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
    throw error;
  });
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exit = once(child, 'exit');
      process.kill(-child.pid!, 'SIGTERM');
      await exit;
    },
  };
}
