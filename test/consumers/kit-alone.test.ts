// The kit as a Node app that uses only createKycClient, createKycKit and toNodeHandler installs it:
// `npm install kyc-verify zod` (the README's line), no Hono. A session and its status over real
// HTTP, with the sandbox (from the repository) as the KYC service. Without @opentelemetry/api (an optional
// peer) the kit loads, answers and measures nothing.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { access, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startSandbox } from '../../src/sandbox/index.js';
import { installApp, packInto } from './support/packed.js';
import { startCommand } from './support/processes.js';

const APP = `
import { createServer } from 'node:http';
import { createKycClient, createKycKit, toNodeHandler } from 'kyc-verify/server';

const url = process.env.SANDBOX_URL;
const client = createKycClient({ authUrl: url, baseUrl: url, credentialUrl: url, clientId: 'sandbox-client', clientSecret: 'sandbox-secret' });
const kit = createKycKit({
  client,
  buildRequest: () => ({ company_id: 'sandbox-company', authorization_method: 'kyc_register', metadata: { nin: '12.345.678-5' } }),
  onResult: () => {},
});
const session = toNodeHandler(kit.session);
const server = createServer(session).listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + server.address().port));
`;

describe('the kit installed alone (kyc-verify and zod)', () => {
  let scratch: string;
  let app: string;

  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'kyc-verify-kit-alone-'));
    app = join(scratch, 'app');
    await installApp(app, await packInto(scratch), ['kyc-verify', 'zod']);
  });
  after(() => rm(scratch, { recursive: true, force: true }));

  it('installs neither hono, @hono/node-server nor @opentelemetry/api', async () => {
    const installed = await readdir(join(app, 'node_modules'), { recursive: true });
    for (const absent of ['hono', '@hono/node-server', '@opentelemetry/api'])
      assert.equal(installed.includes(absent), false, `${absent} is installed`);
    await access(join(app, 'node_modules', 'zod'));
  });

  it('creates a session through toNodeHandler and answers its status at <session-url>/<uuid>', async () => {
    const sandbox = await startSandbox({ port: 0 });
    await writeFile(join(app, 'app.mjs'), APP);
    const server = await startCommand(process.execPath, ['app.mjs'], app, { SANDBOX_URL: sandbox.url }).catch(async (error: unknown) => {
      await sandbox.close();
      throw error;
    });
    try {
      const sessionUrl = `${server.stdout().split('\n')[0]}/kyc/session`;
      const created = await fetch(sessionUrl, { method: 'POST', headers: { 'kyc-verify-session': 'resume' } });
      assert.equal(created.status, 201);
      const { uuid } = (await created.json()) as { uuid: string };
      const status = await fetch(`${sessionUrl}/${uuid}`);
      assert.equal(status.status, 200);
      const answer = (await status.json()) as { uuid: string; state: string };
      assert.deepEqual([answer.uuid, answer.state], [uuid, 'pending']);
    } finally {
      await server.stop();
      await sandbox.close();
    }
  });

  it('declares no type of @opentelemetry/api, an optional peer it does not install, in what kyc-verify/server exports', async () => {
    // The kit's declarations, followed from the entry through every relative import, as a strict type check would read them.
    const seen = new Set<string>();
    const bare = new Set<string>();
    const follow = async (file: string): Promise<void> => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const [, specifier] of (await readFile(file, 'utf8')).matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
        if (specifier!.startsWith('.')) await follow(resolve(dirname(file), specifier!.replace(/\.js$/, '.d.ts')));
        else bare.add(specifier!);
      }
    };
    await follow(join(app, 'node_modules', 'kyc-verify', 'dist', 'lib', 'server', 'index.d.ts'));
    assert.ok(seen.size > 10, `${seen.size} declaration files`);
    assert.deepEqual(
      [...bare].filter((name) => name.startsWith('@opentelemetry/')),
      [],
    );
  });

  it('says which packages to install when kyc-verify-sandbox runs without its peers: one line, and at the end of --help', async () => {
    const sandbox = join(app, 'node_modules', '.bin', 'kyc-verify-sandbox');
    const install = 'npm install zod hono @hono/node-server @hono/zod-openapi';
    const started = await run(sandbox, ['--port', '0']);
    assert.equal(started.code, 1);
    assert.equal(started.stderr, `kyc-verify sandbox: the sandbox needs @hono/node-server, which is not installed: ${install}\n`);
    const help = await run(sandbox, ['--help']);
    assert.equal(help.code, 0);
    assert.ok(help.stdout.startsWith('Usage: kyc-verify-sandbox'), help.stdout);
    assert.ok(help.stdout.trimEnd().endsWith(install), help.stdout);
  });

  it("says which packages to install when startTestSandbox() of kyc-verify/testing runs without the sandbox's peers", async () => {
    const script = `import('kyc-verify/testing').then(({ startTestSandbox }) => startTestSandbox()).catch((error) => { console.error(error.message); process.exit(3); });`;
    await writeFile(join(app, 'start-test-sandbox.mjs'), script);
    const started = await run(process.execPath, [join(app, 'start-test-sandbox.mjs')]);
    assert.equal(started.code, 3);
    assert.equal(
      started.stderr,
      'startTestSandbox(): the sandbox needs @hono/node-server, which is not installed: npm install zod hono @hono/node-server @hono/zod-openapi\n',
    );
  });
});

/** Runs a command to its end: its exit code and what it printed. */
function run(command: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: 30_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
