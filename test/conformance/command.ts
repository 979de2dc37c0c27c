/** Runs `kyc-verify-conformance` from its source, as a child process, against a target. */
import { execFile } from 'node:child_process';
import type { Target } from '../../src/conformance/run.js';

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCommand(args: string[]): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'src/conformance/cli.ts', ...args], (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

export const argsOf = (target: Target) => [
  '--session-url',
  target.sessionUrl,
  ...(target.statusUrl ? ['--status-url', target.statusUrl] : []),
  '--sandbox-url',
  target.sandboxUrl,
  ...(target.login?.cookies ?? []).flatMap((cookie) => ['--cookie', cookie]),
  ...Object.entries(target.login?.headers ?? {}).flatMap(([name, value]) => ['--header', `${name}: ${value}`]),
];

/** The rule lines of a report that did not pass. */
export const failedLines = (stdout: string) => stdout.split('\n').filter((line) => line.startsWith('✗'));
