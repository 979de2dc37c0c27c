/** The reference host of examples/python-host, run by python3 as a child process on a free port. */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Target } from '../../src/conformance/run.js';

export interface PythonHost {
  url: string;
  target: Target;
  /** The host's access log so far (`access GET /kyc/status/{uuid} accept=…`), one line per request it received. */
  accessLog(): string[];
  close(): Promise<void>;
}

export async function startPythonHost(sandboxUrl: string): Promise<PythonHost> {
  const child = spawn('python3', ['examples/python-host/host.py', '--kyc-url', sandboxUrl, '--port', '0', '--access-log'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const accessLog: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the Python host exited with ${code} before listening`)));
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      resolve(line.replace(/^listening on /, ''));
      lines.on('line', (access) => accessLog.push(access));
    });
  });
  return {
    url,
    target: { sessionUrl: `${url}/kyc/session`, statusUrl: `${url}/kyc/status/{uuid}`, sandboxUrl },
    accessLog: () => [...accessLog],
    close: () => {
      child.kill();
      return exited;
    },
  };
}
