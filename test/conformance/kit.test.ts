// The command itself: its usage, and a host built with the kit passing every rule.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RULES } from '../../src/conformance/rules.js';
import { useSandbox } from '../server/harness.js';
import { argsOf, failedLines, runCommand } from './command.js';
import { startKitHost } from './kit-host.js';

describe('kyc-verify-conformance', () => {
  const sandbox = useSandbox();

  it('prints its usage for --help and exits 0', async () => {
    const { code, stdout } = await runCommand(['--help']);
    assert.equal(code, 0);
    for (const option of ['--session-url', '--status-url', '--sandbox-url']) assert.match(stdout, new RegExp(option));
  });

  it('exits 2 when the status URL has no {uuid}', async () => {
    const { code, stderr } = await runCommand([
      '--session-url',
      'http://127.0.0.1:1/s',
      '--status-url',
      'http://127.0.0.1:1/s',
      '--sandbox-url',
      'http://127.0.0.1:1',
    ]);
    assert.equal(code, 2);
    assert.match(stderr, /\{uuid\}/);
  });

  it('passes every rule, one line each, against a host built with the kit, and exits 0', async () => {
    const host = await startKitHost(sandbox.url);
    try {
      const { code, stdout } = await runCommand(argsOf(host.target));
      assert.deepEqual(failedLines(stdout), []);
      assert.equal(stdout.split('\n').filter((line) => line.startsWith('✓')).length, Object.keys(RULES).length);
      assert.equal(code, 0);
      assert.deepEqual(host.sent, [], 'the send checks made the host send nothing');
    } finally {
      await host.close();
    }
  });

  it('exits 1 when a rule fails', async () => {
    const host = await startKitHost(sandbox.url, (handlers) => ({ ...handlers, webhook: async () => new Response(null, { status: 500 }) }));
    try {
      const { code, stdout } = await runCommand(argsOf(host.target));
      assert.equal(code, 1);
      assert.ok(failedLines(stdout).some((line) => line.startsWith(`✗ ${RULES.webhooks.name}`)));
    } finally {
      await host.close();
    }
  });
});
