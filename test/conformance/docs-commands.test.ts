// The commands docs/conformance.md gives for a clone, run as they are written there: the sandbox,
// the Python host, and the check logged in with the host's own --login-cookie. Only the ports
// (free ones) are the test's.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { freePort } from '../support/redis-server.js';
import { startCommand, type Started } from '../consumers/support/processes.js';

const run = promisify(execFile);
const PAGE = await readFile('docs/conformance.md', 'utf8');

/** The sh block after `marker`, its lines with continuations joined and comments removed. */
function commandsAfter(marker: string): string[] {
  const block = /```sh\n([\s\S]*?)\n```/.exec(PAGE.slice(PAGE.indexOf(marker)))![1]!;
  return block
    .replaceAll('\\\n', ' ')
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter(Boolean);
}

describe('docs/conformance.md, in a clone', () => {
  const started: Started[] = [];
  after(() => Promise.all(started.map((process) => process.stop())));

  it('checks the Python host with the commands it gives: every rule passes', { timeout: 120_000 }, async () => {
    const [sandbox, host, check] = commandsAfter('## A reference backend without Node');
    const [sandboxPort, hostPort] = [String(await freePort()), String(await freePort())];
    const shell = (line: string) => ['-c', line.replaceAll('4010', sandboxPort).replaceAll('8080', hostPort)];
    started.push(await startCommand('sh', shell(sandbox!), '.', {}, () => fetch(`http://127.0.0.1:${sandboxPort}/sandbox/clock`)));
    started.push(await startCommand('sh', shell(host!), '.', {}));
    const { stdout } = await run('sh', shell(check!));
    assert.match(stdout, /\n(\d+) of \1 rules passed\n$/);
  });
});
