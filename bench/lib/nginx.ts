/** Debian's nginx in front of a server, with its default proxy settings: what an integrator's first reverse proxy looks like. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Listening } from './http.js';

const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Nothing but `proxy_pass`: every other proxy setting is nginx's default (HTTP/1.0 upstream, buffering on). */
const config = (folder: string, port: number, upstream: string) => `daemon off;
worker_processes 1;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log;
events {}
http {
  access_log off;
  client_body_temp_path ${folder}/client-body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass ${upstream};
    }
  }
}
`;

/** Starts nginx on a free loopback port in front of `upstream` (a URL); `close()` stops it and removes its folder. */
export async function startNginx(upstream: string): Promise<Listening> {
  const folder = await mkdtemp(join(tmpdir(), 'kyc-bench-nginx-'));
  const port = await freePort();
  const configFile = join(folder, 'nginx.conf');
  await writeFile(configFile, config(folder, port, upstream));
  const nginx = spawn(NGINX, ['-p', folder, '-c', configFile], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = once(nginx, 'exit');
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited with ${nginx.exitCode} (see ${folder}/error.log)`);
    if (
      await fetch(url).then(
        () => true,
        () => false,
      )
    )
      break;
    if (attempt > 100) throw new Error('nginx did not answer within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    urls: [url],
    close: async () => {
      nginx.kill('SIGTERM');
      await exited;
      await rm(folder, { recursive: true, force: true });
    },
  };
}
