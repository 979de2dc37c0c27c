/**
 * The alert rules the package ships (ops/prometheus/kyc-verify.rules.yml, docs/operations.md "Alerts"), checked
 * by Prometheus's own tool: valid rules, and each alert firing on synthetic series that should raise it, and not
 * before its time (test/operators/kyc-verify.rules.test.yml).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';

const promtool = process.env.PROMTOOL ?? '/usr/bin/promtool';
const run = (args: string[]) => promisify(execFile)(promtool, args, { encoding: 'utf8' });

describe('the alert rules of ops/prometheus', () => {
  it('pass promtool check rules', async () => {
    const { stdout } = await run(['check', 'rules', 'ops/prometheus/kyc-verify.rules.yml']);
    assert.match(stdout, /SUCCESS: 9 rules found/);
  });

  it('pass their unit tests: each alert fires on the series that should raise it', async () => {
    const { stdout } = await run(['test', 'rules', 'test/operators/kyc-verify.rules.test.yml']);
    assert.match(stdout, /SUCCESS/);
    // Every alert of the file has a test that expects it to fire.
    const rules = await readFile('ops/prometheus/kyc-verify.rules.yml', 'utf8');
    const tests = await readFile('test/operators/kyc-verify.rules.test.yml', 'utf8');
    for (const [, name] of rules.matchAll(/- alert: (\w+)/g))
      assert.match(tests, new RegExp(`alertname: ${name}\\n\\s+exp_alerts:\\n\\s+- exp_labels`), name);
  });

  it('ship in the package', async () => {
    const { files } = JSON.parse(await readFile('package.json', 'utf8')) as { files: string[] };
    assert.ok(files.includes('ops/'));
  });
});
