import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { test } from 'node:test';

test('the CLI prints its URL and serves the sandbox there until interrupted', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  // Keep reading stdout to the end: closing it early would break the CLI's later lines.
  let output = '';
  const firstLine = new Promise<void>((resolve) =>
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('\n')) resolve();
    }),
  );
  await firstLine;
  const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
  assert.ok(url, output);
  const response = await fetch(`${url}/openapi.json`);
  assert.equal(response.status, 200);
  child.kill('SIGINT');
  const [code] = await once(child, 'exit');
  assert.equal(code, 0);
});

test('the CLI refuses a port that is not a number', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', '--port', 'abc'], { stdio: 'ignore' });
  const [code] = await once(child, 'exit');
  assert.equal(code, 2);
});
