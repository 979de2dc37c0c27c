import { startChildServer, type ChildServer } from './child-server.js';

/**
 * The sandbox in its own process (its CLI), as the provider is another machine in production: its
 * work does not slow the proxy under test, only shares the machine's cores. The create benchmark
 * makes tens of thousands of live transactions in seconds, past the default cap of 10,000.
 */
export function startSandboxProcess(): Promise<ChildServer> {
  return startChildServer('src/sandbox/cli.ts', ['--port', '0', '--max-transactions', '1000000']);
}

/** Moves the flow of `uuid` at the sandbox with an issue code, as the person's phone would. */
export async function applyOutcome(sandboxUrl: string, uuid: string, code: string): Promise<void> {
  const answer = await fetch(`${sandboxUrl}/sandbox/transactions/${uuid}/outcome`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  if (answer.status !== 200) throw new Error(`outcome ${code} for ${uuid}: ${answer.status} ${await answer.text()}`);
}
