/** The reference host of examples/python-host, run by python3 as a child process on a free port. */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Target } from '../../src/conformance/run.js';

export interface PythonHost {
  url: string;
  /** What the host printed after its first line: access lines (with --access-log) and results. */
  lines(): string[];
  /** The host's access log so far (`access GET /kyc/status/{uuid} accept=…`), one line per request it received. */
  accessLog(): string[];
  /** The cookie of the example's fake login as `user`, as its login form sets it. */
  logIn(user: string): Promise<string>;
  /** The conformance target, logged in as `user`'s cookie. */
  targetFor(cookie: string): Target;
  close(): Promise<void>;
}

/** `kycUrl`: the sandbox, or a proxy in front of it; `options`: more of host.py's options. */
export async function startPythonHost(kycUrl: string, options: string[] = [], sandboxUrl = kycUrl): Promise<PythonHost> {
  const args = [
    '-B',
    'examples/python-host/host.py',
    '--kyc-url',
    kycUrl,
    '--port',
    '0',
    '--access-log',
    '--bundle-dir',
    'dist',
    ...options,
  ];
  const child = spawn('python3', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the Python host exited with ${code} before listening`)));
    const output = createInterface({ input: child.stdout });
    output.once('line', (line) => {
      resolve(line.replace(/^listening on /, ''));
      output.on('line', (next) => lines.push(next));
    });
  });
  return {
    url,
    lines: () => [...lines],
    accessLog: () => lines.filter((line) => line.startsWith('access ')),
    async logIn(user) {
      const answer = await fetch(`${url}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ user }),
        redirect: 'manual',
      });
      const cookie = answer.headers.getSetCookie()[0];
      if (answer.status !== 303 || !cookie) throw new Error(`the login answered ${answer.status}`);
      return cookie.split(';')[0]!;
    },
    targetFor: (cookie) => ({ sessionUrl: `${url}/kyc/session`, sandboxUrl, login: { cookies: [cookie], headers: {} } }),
    close: () => {
      child.kill();
      return exited;
    },
  };
}
