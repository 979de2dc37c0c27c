/**
 * The whole demo on loopback: the sandbox (the KYC service), the demo host backend built with
 * kyc-verify/server, and the demo pages (Vite serves the npm-import page; the script-tag page
 * uses the built standalone bundle as it is).
 */
import { createServer as createVite, type ViteDevServer } from 'vite';
import { startSandbox, type SandboxHandle } from '../src/sandbox/index.js';
import { startDemoHost, type DemoHost, type DemoHostOptions } from './host.js';

export interface DemoStack {
  /** The demo page. */
  url: string;
  sandbox: SandboxHandle;
  host: DemoHost;
  /** Stops the host backend, as a crash or a deploy would. */
  stopHost(): Promise<void>;
  /** Starts the host backend again on the same port with the same store (as a database would keep it). */
  startHost(): Promise<void>;
  close(): Promise<void>;
}

export interface DemoStackOptions {
  port?: number;
  sandboxPort?: number;
}

export async function startDemo(options: DemoStackOptions = {}): Promise<DemoStack> {
  const sandbox = await startSandbox({ port: options.sandboxPort ?? 0 });
  const vite: ViteDevServer = await createVite({
    root: 'demo',
    appType: 'mpa',
    logLevel: 'warn',
    server: { middlewareMode: true, fs: { allow: ['..'] } },
  });
  const hostOptions: DemoHostOptions = { kycUrl: sandbox.url, port: options.port ?? 0, fallback: vite.middlewares };
  let host = await startDemoHost(hostOptions).catch(async (error: unknown) => {
    await Promise.all([vite.close(), sandbox.close()]);
    throw error;
  });
  const port = Number(new URL(host.url).port);

  return {
    url: `${host.url}/`,
    sandbox,
    get host() {
      return host;
    },
    stopHost: () => host.close(),
    async startHost() {
      host = await startDemoHost({ ...hostOptions, port, store: host.store });
    },
    async close() {
      await host.close();
      await Promise.all([vite.close(), sandbox.close()]);
    },
  };
}
