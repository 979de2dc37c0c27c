// The examples of docs/testing.md (examples/testing/) as an integrator runs them: a fresh app with
// the packed package, the sandbox's peers and each test framework installed from the registry;
// node:test and Vitest start the sandbox in process, Playwright Test drives Chromium against a
// sandbox started by the package's own command and reached by URL.
import assert from 'node:assert/strict';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { installApp, packInto, run } from './support/packed.js';
import { startCommand } from './support/processes.js';

const EXAMPLES = resolve('examples/testing');
const PEERS = ['hono', '@hono/node-server', '@hono/zod-openapi', 'zod'];

describe('the examples of docs/testing.md, against the packed package', () => {
  let scratch: string;
  let app: string;

  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'kyc-verify-testing-'));
    app = join(scratch, 'app');
    await installApp(app, await packInto(scratch), ['kyc-verify', ...PEERS, 'vitest', '@playwright/test']);
    await cp(EXAMPLES, app, { recursive: true });
  });
  after(() => rm(scratch, { recursive: true, force: true }));

  it('node:test: the in-process sandbox, a duplicated and a dropped webhook', async () => {
    // Without NODE_TEST_CONTEXT, which would make it report to this runner instead of printing.
    const { NODE_TEST_CONTEXT: _, ...env } = process.env;
    const { stdout } = await run(process.execPath, ['--test', 'node-test.test.mjs'], { cwd: app, env });
    assert.match(stdout, /# pass 3\n# fail 0/);
  });

  it('Vitest: a reordered pair and a delayed end', async () => {
    const { stdout } = await run('npx', ['vitest', 'run', 'vitest.test.ts'], { cwd: app, env: { ...process.env, CI: '1', NO_COLOR: '1' } });
    assert.match(stdout, /Tests\s+3 passed \(3\)/);
  });

  it('Playwright Test: the verification page walked to each end, against a sandbox reached by URL', async () => {
    const sandbox = await startCommand('npx', ['kyc-verify-sandbox', '--port', '0'], app, {});
    const receiver = await startCommand(
      process.execPath,
      ['--input-type=module', '-e', "const r = await (await import('./webhook-receiver.mjs')).startWebhookReceiver(); console.log(r.url);"],
      app,
      {},
    );
    try {
      const sandboxUrl = /listening on (\S+)/.exec(sandbox.stdout())![1]!;
      const { stdout } = await run('npx', ['playwright', 'test', '--reporter=line'], {
        cwd: app,
        env: { ...process.env, SANDBOX_URL: sandboxUrl, WEBHOOK_URL: receiver.stdout().trim(), CHROME_PATH: CHROMIUM_PATH },
      });
      assert.match(stdout, /2 passed/);
    } finally {
      await receiver.stop();
      await sandbox.stop();
    }
  });
});
