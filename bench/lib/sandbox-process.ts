import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { spawnTsx } from './repo.js';

export interface SandboxProcess {
  url: string;
  close(): Promise<void>;
}

/**
 * The sandbox in its own process (its CLI), as the provider is another machine in production: its
 * work does not slow the proxy under test, only shares the machine's cores.
 */
export async function startSandboxProcess(): Promise<SandboxProcess> {
  const child = spawnTsx('src/sandbox/cli.ts', ['--port', '0']);
  const exited = once(child, 'exit');
  const lines = createInterface({ input: child.stdout! });
  const url = await (async () => {
    for await (const line of lines) {
      const match = /listening on (\S+)/.exec(line);
      if (match) return match[1]!;
    }
    throw new Error('the sandbox exited before listening');
  })();
  return {
    url,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
