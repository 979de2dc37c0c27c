import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { spawnTsx } from './repo.js';

export interface ChildServer {
  url: string;
  close(): Promise<void>;
}

/**
 * A server of this repository in its own process, whose event loop and CPU time are its own:
 * `file` runs with `args` and prints `… listening on <url>` once it listens; `close()` sends
 * SIGTERM and waits for the exit.
 */
export async function startChildServer(
  file: string,
  args: readonly string[],
  options?: { raiseFileLimit?: boolean },
): Promise<ChildServer> {
  const child = spawnTsx(file, args, options);
  const exited = once(child, 'exit');
  const lines = createInterface({ input: child.stdout! });
  const url = await (async () => {
    for await (const line of lines) {
      const match = /listening on (\S+)/.exec(line);
      if (match) return match[1]!;
    }
    throw new Error(`${file} exited before listening`);
  })();
  return {
    url,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
