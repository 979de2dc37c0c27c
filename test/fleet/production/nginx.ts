/**
 * Debian's nginx in front of the instances, as a deployment runs it: TLS for the public name,
 * HTTP/2, and the upstream and proxy settings docs/fleet.md shows ("Behind nginx"), on a free loopback port,
 * with its configuration, logs and temporary files in a folder of the test's, stopped by its pid.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { Certificate } from './tls.js';

const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';

export interface NginxOptions {
  /** A folder of the test's: the configuration, the logs and nginx's temporary files go there. */
  dir: string;
  port: number;
  hostname: string;
  certificate: Certificate;
  /** docs/fleet.md's `upstream` block, its `server` lines pointed in order at these ports on loopback (their parameters as they are). */
  upstream: { block: string; ports: number[] };
  /** What the server block routes: docs/fleet.md's `location` block, as it is. */
  location: string;
}

export interface Nginx {
  /** One line per request answered: `<status> <method> <uri> <upstream statuses>` (`502, 200`: passed on to the next instance). */
  accessLog(): Promise<string[]>;
  /** The error log's lines where nginx set an instance aside (took it for dead for a while after a failed attempt). */
  setAside(): Promise<string[]>;
  stop(): Promise<void>;
}

export async function startNginx({ dir, port, hostname, certificate, upstream, location }: NginxOptions): Promise<Nginx> {
  // The workers run as an unprivileged user when the master is root: they must reach their temporary files.
  await chmod(dir, 0o755);
  const file = (name: string) => join(dir, name);
  const config = `
pid ${file('nginx.pid')};
error_log ${file('error.log')} warn;
worker_processes 1;
events { worker_connections 4096; }
http {
  log_format shop '$status $request_method $uri $upstream_status';
  access_log ${file('access.log')} shop;
  client_body_temp_path ${file('client-body')};
  proxy_temp_path ${file('proxy')};
  fastcgi_temp_path ${file('fastcgi')};
  uwsgi_temp_path ${file('uwsgi')};
  scgi_temp_path ${file('scgi')};
${onLoopback(upstream.block, upstream.ports)}
  server {
    listen 127.0.0.1:${port} ssl http2;
    server_name ${hostname};
    ssl_certificate ${certificate.chain};
    ssl_certificate_key ${certificate.key};
${location}
  }
}
`;
  await writeFile(file('nginx.conf'), config);
  const child = spawn(NGINX, ['-p', dir, '-c', file('nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk));
  // Fast shutdown: the master stops its workers (killed, it would leave them serving the port).
  const killOnExit = () => void child.kill('SIGTERM');
  process.once('exit', killOnExit);
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${errors}`);
    if (Date.now() > deadline) {
      killOnExit();
      throw new Error(`nginx did not listen on ${port} within 10 s: ${errors}`);
    }
    await delay(50);
  }
  return {
    accessLog: async () => (await readFile(file('access.log'), 'utf8')).split('\n').filter(Boolean),
    setAside: async () =>
      (await readFile(file('error.log'), 'utf8')).split('\n').filter((line) => line.includes('upstream server temporarily disabled')),
    async stop() {
      process.off('exit', killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      // Fast shutdown: the streams still open are cut, as the test is over.
      process.kill(child.pid!, 'SIGTERM');
      await exited;
    },
  };
}

/** `block` with the address of each of its `server` lines replaced, in order, by 127.0.0.1 and the next of `ports`. */
function onLoopback(block: string, ports: number[]): string {
  const servers = block.match(/^\s*server [^\s;]+/gm) ?? [];
  if (servers.length !== ports.length)
    throw new Error(`the upstream block names ${servers.length} servers, not ${ports.length}:\n${block}`);
  let next = 0;
  return block.replace(/^(\s*server )[^\s;]+/gm, (_line, start: string) => `${start}127.0.0.1:${ports[next++]}`);
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
