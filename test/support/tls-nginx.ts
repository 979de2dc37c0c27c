/**
 * Debian's nginx ending TLS for named hosts (`shop.test`, `verify.test`) in front of servers on
 * 127.0.0.1, as a site is deployed: a certificate the test makes for those names (openssl), and
 * nothing but `proxy_pass` (the upstream sees nginx's own Host and plain http). A browser reaches
 * them with `--host-resolver-rules` and the certificate's errors ignored.
 */
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './redis-server.js';

const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';

export interface TlsProxy {
  port: number;
  /** `MAP <name> 127.0.0.1:<port>` for each name: Chromium's `--host-resolver-rules`. */
  resolverRules: string;
  close(): Promise<void>;
}

/** nginx on a free loopback port, serving each of `sites` (host name → upstream URL) over TLS. */
export async function startTlsProxy(sites: Record<string, string>): Promise<TlsProxy> {
  const folder = await mkdtemp(join(tmpdir(), 'kyc-verify-tls-'));
  const names = Object.keys(sites);
  await promisify(execFile)('openssl', [
    ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${names[0]}`],
    ...['-addext', `subjectAltName=${names.map((name) => `DNS:${name}`).join(',')}`],
    ...['-keyout', join(folder, 'key.pem'), '-out', join(folder, 'cert.pem')],
  ]);
  const port = await freePort();
  const servers = Object.entries(sites).map(
    ([name, upstream]) => `  server {
    listen 127.0.0.1:${port} ssl;
    server_name ${name};
    ssl_certificate ${folder}/cert.pem;
    ssl_certificate_key ${folder}/key.pem;
    location / { proxy_pass ${upstream}; }
  }`,
  );
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${folder}/${kind};`).join('\n');
  await writeFile(
    join(folder, 'nginx.conf'),
    `daemon off;\nworker_processes 1;\npid ${folder}/nginx.pid;\nerror_log ${folder}/error.log;\nevents {}\nhttp {\n  access_log off;\n${temp}\n${servers.join('\n')}\n}\n`,
  );
  const nginx = spawn(NGINX, ['-p', folder, '-c', join(folder, 'nginx.conf')], { stdio: 'ignore' });
  const exited = once(nginx, 'exit');
  for (let attempt = 0; !(await listening(port)); attempt++) {
    if (nginx.exitCode !== null || attempt > 100) throw new Error(`nginx did not start (see ${folder}/error.log)`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    resolverRules: names.map((name) => `MAP ${name} 127.0.0.1:${port}`).join(', '),
    close: async () => {
      process.kill(nginx.pid!, 'SIGTERM');
      await exited;
      await rm(folder, { recursive: true, force: true });
    },
  };
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
