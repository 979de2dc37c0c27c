/**
 * The whole demo on loopback: the sandbox (the KYC service), the demo host backend built with
 * kyc-verify/server, and the demo pages (Vite serves the npm-import page; the script-tag page
 * uses the built standalone bundle as it is). With `redisUrl`, the host backend is a fleet of
 * processes on that Redis behind a balancer (fleet.ts); without, one host in this process.
 */
import { createServer as createVite, type ViteDevServer } from 'vite';
import { startSandbox, type SandboxHandle } from '../src/sandbox/index.js';
import { startFleet } from './fleet.js';
import { startDemoHost, type DemoHostOptions } from './host.js';

export interface DemoStack {
  /** The demo page. */
  url: string;
  sandbox: SandboxHandle;
  /** Stops the host backend, as a crash or a deploy would. */
  stopHost(): Promise<void>;
  /** Starts the host backend again on the same port with the same store (as a database would keep it). */
  startHost(): Promise<void>;
  close(): Promise<void>;
}

export interface DemoStackOptions {
  port?: number;
  sandboxPort?: number;
  /** Runs the host backend as `instances` processes on this Redis. */
  redisUrl?: string;
  /** With `redisUrl`; default 3. */
  instances?: number;
}

/** The host backend as the stack drives it, one process or a fleet. */
type HostBackend = Pick<DemoStack, 'url' | 'stopHost' | 'startHost'> & { close(): Promise<void> };

export async function startDemo(options: DemoStackOptions = {}): Promise<DemoStack> {
  const sandbox = await startSandbox({ port: options.sandboxPort ?? 0 });
  const vite: ViteDevServer = await createVite({
    root: 'demo',
    appType: 'mpa',
    logLevel: 'warn',
    server: { middlewareMode: true, fs: { allow: ['..'] } },
  });
  const backend = await startBackend(options, { kycUrl: sandbox.url, port: options.port ?? 0, fallback: vite.middlewares }).catch(
    async (error: unknown) => {
      await Promise.all([vite.close(), sandbox.close()]);
      throw error;
    },
  );
  return {
    url: `${backend.url}/`,
    sandbox,
    stopHost: () => backend.stopHost(),
    startHost: () => backend.startHost(),
    async close() {
      await backend.close();
      await Promise.all([vite.close(), sandbox.close()]);
    },
  };
}

async function startBackend(
  options: DemoStackOptions,
  hostOptions: DemoHostOptions & Required<Pick<DemoHostOptions, 'port' | 'fallback'>>,
): Promise<HostBackend> {
  if (options.redisUrl) {
    const fleet = await startFleet({ ...hostOptions, redisUrl: options.redisUrl, instances: options.instances ?? 3 });
    return { url: fleet.url, stopHost: fleet.stopInstances, startHost: fleet.startInstances, close: fleet.close };
  }
  let host = await startDemoHost(hostOptions);
  const port = Number(new URL(host.url).port);
  return {
    url: host.url,
    stopHost: () => host.close(),
    async startHost() {
      host = await startDemoHost({ ...hostOptions, port, store: host.store });
    },
    close: () => host.close(),
  };
}
