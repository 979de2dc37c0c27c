/**
 * The whole demo, on loopback unless told: the sandbox (the KYC service), the demo host backend built with
 * kyc-verify/server, and the demo pages (Vite serves the npm-import page; the script-tag page
 * uses the built standalone bundle as it is). With `redisUrl`, the host backend is a fleet of
 * processes on that Redis behind a balancer (fleet.ts); without, one host in this process.
 * With `sandboxHost`, the sandbox alone listens there, so that a phone on the network opens its
 * verification page; the demo page, the host backend and Vite's hot-reload socket stay on loopback.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createServer as createVite, type ViteDevServer } from 'vite';
import { startSandbox, type SandboxHandle } from '../src/sandbox/index.js';
import { memoryFeed, redisFeed, type Feed } from './feed.js';
import { startFleet } from './fleet.js';
import { FLEET_FEED_CHANNEL, startDemoHost, type DemoHostOptions } from './host.js';
import { startMailServer, type MailServer } from './mail-server.js';

export interface DemoStack {
  /** The demo page. */
  url: string;
  /** The sandbox: its `url` is the origin of the verification links (the QR code) and of its controls. */
  sandbox: SandboxHandle;
  /** The SMTP server the host backend sends the link to, with every message it received. */
  mail: MailServer;
  /** Stops the host backend, as a crash or a deploy would. */
  stopHost(): Promise<void>;
  /** Starts the host backend again on the same port with the same store (as a database would keep it). */
  startHost(): Promise<void>;
  close(): Promise<void>;
}

export interface DemoStackOptions {
  port?: number;
  sandboxPort?: number;
  /** Interface the sandbox listens on (default 127.0.0.1); 0.0.0.0 lets a phone on the same network walk the flow. */
  sandboxHost?: string;
  /** Runs the host backend as `instances` processes on this Redis. */
  redisUrl?: string;
  /** With `redisUrl`; default 3. */
  instances?: number;
  /** How often the host sends the link (default the kit's: 3 per transaction, 60 s apart, 10 per visitor an hour). */
  sendLimits?: DemoHostOptions['sendLimits'];
  /**
   * Where phones reach the demo (`http://192.168.1.10:8080`), with `sandboxHost` `0.0.0.0`: the host
   * backend listens there too, and the QR code carries the kit's short link (docs/sandbox.md, "The demo from a phone").
   */
  publicUrl?: string;
  /** The short link on at the demo's own URL, on loopback (`npm start`'s default: a second tab is a phone, on one machine). */
  shortLinks?: boolean;
}

/** The host backend as the stack drives it, one process or a fleet. */
type HostBackend = Pick<DemoStack, 'url' | 'stopHost' | 'startHost'> & { close(): Promise<void> };

export async function startDemo(options: DemoStackOptions = {}): Promise<DemoStack> {
  const sandbox = await startSandbox({ port: options.sandboxPort ?? 0, host: options.sandboxHost });
  const vite: ViteDevServer = await createVite({
    root: 'demo',
    appType: 'mpa',
    logLevel: 'warn',
    // The hot-reload socket has a port of its own: on loopback (it would listen on every interface),
    // and a free one (the fixed default, 24678, fails for a second demo on the same machine).
    server: { middlewareMode: true, fs: { allow: ['..'] }, ws: { host: '127.0.0.1', port: await freeLoopbackPort() } },
  });
  // The backend log the page shows: the host's, which the mail server writes to as well.
  const feed: Feed = options.redisUrl ? redisFeed(options.redisUrl, FLEET_FEED_CHANNEL) : memoryFeed();
  const mail = await startMailServer((received) => feed.publish({ kind: 'mail', at: new Date().toISOString(), body: received }));
  const hostOptions = {
    kycUrl: sandbox.url,
    port: options.port ?? 0,
    fallback: vite.middlewares,
    smtpUrl: mail.url,
    sendLimits: options.sendLimits,
    shortLinks: options.shortLinks,
    ...(options.publicUrl && { publicUrl: options.publicUrl, host: options.sandboxHost }),
    // Signs the visitor ids: one key for the whole stack, so that a restarted host or another instance honours them.
    visitorSecret: process.env.KYC_DEMO_VISITOR_SECRET ?? randomBytes(32).toString('base64url'),
    // A fleet's instances share the log through Redis; one host in this process shares this one.
    ...(!options.redisUrl && { feed }),
  };
  const backend = await startBackend(options, hostOptions).catch(async (error: unknown) => {
    await Promise.all([vite.close(), sandbox.close(), mail.close(), feed.close()]);
    throw error;
  });
  return {
    url: `${backend.url}/`,
    sandbox,
    mail,
    stopHost: () => backend.stopHost(),
    startHost: () => backend.startHost(),
    async close() {
      await backend.close();
      await Promise.all([vite.close(), sandbox.close(), mail.close(), feed.close()]);
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

/** A port free on loopback a moment ago. */
async function freeLoopbackPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
