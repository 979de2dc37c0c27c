/** The reference host of examples/python-host, run by python3 as a child process on a free port. */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Target } from '../../src/conformance/run.js';

export interface PythonHost {
  url: string;
  target: Target;
  close(): Promise<void>;
}

export async function startPythonHost(sandboxUrl: string): Promise<PythonHost> {
  const child = spawn('python3', ['examples/python-host/host.py', '--kyc-url', sandboxUrl, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the Python host exited with ${code} before listening`)));
    createInterface({ input: child.stdout }).once('line', (line) => resolve(line.replace(/^listening on /, '')));
  });
  return {
    url,
    target: { sessionUrl: `${url}/kyc/session`, statusUrl: `${url}/kyc/status/{uuid}`, sandboxUrl },
    close: () => {
      child.kill();
      return exited;
    },
  };
}
