// The examples of docs/testing.md (examples/testing/) as an integrator runs them: a fresh copy of
// the folder, its kyc-verify the packed package, installed with npm (the frameworks from the registry);
// node:test and Vitest start the sandbox in process, Playwright Test drives Chromium against a
// sandbox started by the package's own command and reached by URL.
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { packInto, run } from './support/packed.js';
import { startCommand } from './support/processes.js';

const EXAMPLES = resolve('examples/testing');

describe('the examples of docs/testing.md, against the packed package', () => {
  let scratch: string;
  let app: string;

  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'kyc-verify-testing-'));
    app = join(scratch, 'app');
    await cp(EXAMPLES, app, { recursive: true, filter: (path) => !/[/\\]node_modules$/.test(path) });
    const manifest = JSON.parse(await readFile(join(app, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    assert.equal(manifest.devDependencies['kyc-verify'], 'file:../..', 'examples/testing depends on the package of this repository');
    manifest.devDependencies['kyc-verify'] = `file:${await packInto(scratch)}`;
    await writeFile(join(app, 'package.json'), JSON.stringify(manifest, null, 2));
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: app });
  });
  after(() => rm(scratch, { recursive: true, force: true }));

  it('node:test: the in-process sandbox, a duplicated and a dropped webhook; an app with a login verified to its onResult', async () => {
    // Without NODE_TEST_CONTEXT, which would make it report to this runner instead of printing.
    const { NODE_TEST_CONTEXT: _, ...env } = process.env;
    const { stdout } = await run(process.execPath, ['--test', 'node-test.test.mjs', 'app-with-login.test.mjs'], { cwd: app, env });
    assert.match(stdout, /# pass 4\n# fail 0/);
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
