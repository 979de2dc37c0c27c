import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { spawnTsx } from './repo.js';

export interface ChildServer {
  url: string;
  /** Every port's URL, when it listens on several (`listening on <url> <url>…`), `url` first. */
  urls: string[];
  close(): Promise<void>;
}

/**
 * A server of this repository in its own process, whose event loop and CPU time are its own:
 * `file` runs with `args` and prints `… listening on <url>` (or several URLs, space-separated) once it listens; `close()` sends
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
  const urls = await (async () => {
    for await (const line of lines) {
      const match = /listening on (\S+(?: \S+)*)/.exec(line);
      if (match) return match[1]!.split(' ');
    }
    throw new Error(`${file} exited before listening`);
  })();
  return {
    url: urls[0]!,
    urls,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
