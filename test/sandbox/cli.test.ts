import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { test } from 'node:test';
import { newTransaction, SandboxClient, webhookReceiver } from './helpers.js';

/** Runs the CLI with `args` until it exits; its exit code and what it wrote. */
async function runCli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', ...args]);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const [code] = await once(child, 'exit');
  return { code, stdout, stderr };
}

/** Starts the CLI with `args` and resolves once it printed its URL; the child keeps running until killed. */
async function startCli(...args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  // Keep reading stdout to the end: closing it early would break the CLI's later lines.
  let output = '';
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  await new Promise<void>((resolve) =>
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('\n')) resolve();
    }),
  );
  const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
  assert.ok(url, output);
  return { child, url, errors: () => errors };
}

test('the CLI prints its URL and serves the sandbox there until interrupted', async () => {
  const { child, url } = await startCli('--port', '0');
  const response = await fetch(`${url}/openapi.json`);
  assert.equal(response.status, 200);
  child.kill('SIGINT');
  const [code] = await once(child, 'exit');
  assert.equal(code, 0);
});

test('the CLI refuses a port that is not a number', async () => {
  assert.equal((await runCli('--port', 'abc')).code, 2);
});

test('--help prints the usage with every option and exits 0', async () => {
  const { code, stdout } = await runCli('--help');
  assert.equal(code, 0);
  assert.match(stdout, /^Usage: kyc-verify-sandbox \[options\]/);
  for (const option of ['--port', '--host', '--public-url', '--allow-host', '--max-transactions', '--retention', '--help']) {
    assert.ok(stdout.includes(option), option);
  }
});

test('an unknown option is named on stderr, with a pointer to --help, and exits 2', async () => {
  const { code, stdout, stderr } = await runCli('--verbose');
  assert.equal(code, 2);
  assert.equal(stdout, '');
  assert.match(stderr, /Unknown option '--verbose'/);
  assert.match(stderr, /--help/);
});

test('a failed webhook delivery is told in one line on the console', async () => {
  const receiver = await webhookReceiver(500);
  const { child, url, errors } = await startCli('--port', '0');
  try {
    const sandbox = new SandboxClient({
      url,
      transactionsCreated: () => 0,
      webhookDeliveries: () => [],
      webhooksSettled: async () => {},
      addWebhookFault: () => assert.fail('not in process'),
      clearWebhookFaults: () => {},
      close: async () => {},
    });
    const { body } = await sandbox.create(await sandbox.token(), newTransaction({ webhook: receiver.url }));
    await sandbox.outcomes(body.data.uuid, '016');
    while (!errors().includes('\n')) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(errors(), `kyc-verify sandbox: webhook delivery to ${receiver.url} failed: answered 500 (1 attempt)\n`);
  } finally {
    child.kill('SIGINT');
    await once(child, 'exit');
  }
});
