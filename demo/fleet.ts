/**
 * The demo's host backend as a fleet: `instances` processes (instance.ts) on one Redis behind a
 * round-robin balancer on the demo's port, which also serves the demo page (`fallback`).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { roundRobin, type Handle } from './balancer.js';
import { isHostPath, type DemoHostOptions, type FleetMember } from './host.js';
import { addedUp, type Funnel } from './telemetry.js';

export interface FleetOptions {
  kycUrl: string;
  redisUrl: string;
  instances: number;
  port: number;
  fallback: Handle;
  /** What every instance sends the link with, and its limits. */
  smtpUrl?: string;
  sendLimits?: DemoHostOptions['sendLimits'];
  /** The short link on at the balancer's URL. */
  shortLinks?: boolean;
  /** Shared by every instance, so that each honours the visitor ids the others issued. */
  visitorSecret: string;
}

export interface Fleet {
  /** The balancer's URL. */
  url: string;
  /** Stops every instance (the balancer answers 502 meanwhile), as a deploy would. */
  stopInstances(): Promise<void>;
  startInstances(): Promise<void>;
  close(): Promise<void>;
}

interface Instance {
  url: string;
  child: ChildProcess;
}

export async function startFleet(options: FleetOptions): Promise<Fleet> {
  let running: Instance[] = [];
  const toInstances = roundRobin(
    () => running.map((instance) => instance.url),
    (error) => console.warn(`balancer: an instance did not answer: ${error.message}`),
  );
  /** The panel's funnel for the whole fleet: each instance counts what it served. */
  const fleetFunnel = async (res: ServerResponse) => {
    const funnels = await Promise.all(running.map(async ({ url }) => (await (await fetch(`${url}/demo/funnel`)).json()) as Funnel));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(addedUp(funnels)));
  };
  const server = createServer((req, res) => {
    if (req.url === '/demo/funnel') return void fleetFunnel(res).catch(() => res.writeHead(502).end());
    if (isHostPath(new URL(req.url ?? '/', 'http://balancer').pathname)) toInstances(req, res);
    else options.fallback(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const startInstances = async () => {
    const names = Array.from({ length: options.instances }, (_, index) => `instance ${index + 1}`);
    running = await Promise.all(
      names.map((instance) => startInstance({ ...options, fleet: { redisUrl: options.redisUrl, instance, publicUrl: url } })),
    );
  };
  const stopInstances = async () => {
    const stopping = running;
    running = [];
    await Promise.all(stopping.map(stopInstance));
  };
  await startInstances().catch(async (error: unknown) => {
    await stopInstances();
    server.close();
    throw error;
  });

  return {
    url,
    stopInstances,
    startInstances,
    async close() {
      await stopInstances();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** What an instance is started with: its host's options that are plain data. */
export type InstanceOptions = Pick<DemoHostOptions, 'kycUrl' | 'smtpUrl' | 'sendLimits' | 'visitorSecret' | 'shortLinks'> & {
  fleet: FleetMember;
};

async function startInstance({ kycUrl, smtpUrl, sendLimits, visitorSecret, shortLinks, fleet }: InstanceOptions): Promise<Instance> {
  const options: InstanceOptions = { kycUrl, smtpUrl, sendLimits, visitorSecret, shortLinks, fleet };
  const child = fork('demo/instance.ts', [JSON.stringify(options)], { execArgv: ['--import', 'tsx'] });
  const [message] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(([code]) => Promise.reject(new Error(`${fleet.instance} exited with ${code} before listening`))),
  ])) as [{ url: string }];
  return { url: message.url, child };
}

async function stopInstance({ child }: Instance): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}
