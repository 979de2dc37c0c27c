/** The sandbox's server, loaded only when its optional peer packages are installed; otherwise the one line that says which to install. */
import type { startSandbox } from './index.js';

/** The peer packages the sandbox imports (package.json's optional peerDependencies). */
export const SANDBOX_PEERS = ['zod', 'hono', '@hono/node-server', '@hono/zod-openapi'];

export type LoadedSandbox = { startSandbox: typeof startSandbox } | { missing: string };

export async function loadSandbox(): Promise<LoadedSandbox> {
  try {
    return await import('./index.js');
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    const absent = code === 'ERR_MODULE_NOT_FOUND' && SANDBOX_PEERS.find((peer) => message?.includes(`'${peer}'`));
    if (!absent) throw error;
    return { missing: `the sandbox needs ${absent}, which is not installed: npm install ${SANDBOX_PEERS.join(' ')}` };
  }
}
