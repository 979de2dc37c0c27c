// The command itself: its usage, and a host built with the kit passing every rule.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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
    const host = await startKitHost(sandbox.url, {
      breakage: (handlers) => ({ ...handlers, webhook: async () => new Response(null, { status: 500 }) }),
    });
    try {
      const { code, stdout } = await runCommand(argsOf(host.target));
      assert.equal(code, 1);
      assert.ok(failedLines(stdout).some((line) => line.startsWith(`✗ ${RULES.webhooks.name}`)));
    } finally {
      await host.close();
    }
  });

  it('checks a host behind a login with --cookie, and with --header, and passes every rule', async () => {
    for (const login of [
      ['--cookie', 'login=alice'],
      ['--header', 'Authorization: Bearer bob'],
    ]) {
      // A host of its own each: a run's guessing probe spends the site's typed-code misses for a minute.
      const host = await startKitHost(sandbox.url, { login: true });
      try {
        const { code, stdout } = await runCommand([...argsOf(host.target), ...login]);
        assert.deepEqual(failedLines(stdout), [], stdout);
        assert.match(stdout, /another user not tried: one login given/);
        assert.equal(code, 0);
      } finally {
        await host.close();
      }
    }
  });

  it('stops with one actionable line when the session POST needs a login it was not given', async () => {
    const host = await startKitHost(sandbox.url, { login: true });
    try {
      const { code, stdout } = await runCommand(argsOf(host.target));
      assert.equal(code, 1);
      assert.deepEqual(failedLines(stdout), [
        `✗ ${RULES.sessionCreates.name}: saw 401 ${await unauthenticatedBody(host.url)}, expected 201 or 200`,
      ]);
      const last = stdout.trimEnd().split('\n').at(-1)!;
      assert.match(
        last,
        /^stopped after 1 of \d+ rules: the session POST gave no transaction \(401 .*\): if your session URL needs a login/,
      );
      assert.match(last, /--cookie 'name=value'.*--header 'Authorization: Bearer …'/);
      assert.doesNotMatch(stdout, /not checked|webhook/);
    } finally {
      await host.close();
    }
  });

  it('stops with one line when nothing answers at the session URL, or the sandbox URL is no sandbox', async () => {
    const host = await startKitHost(sandbox.url);
    await host.close();
    const stopped = await runCommand(argsOf(host.target));
    assert.equal(stopped.code, 1);
    assert.match(
      stopped.stdout.trimEnd().split('\n').at(-1)!,
      /^stopped after 1 of \d+ rules: nothing answers at http:\/\/127\.0\.0\.1:\d+\/kyc\/session \(ECONNREFUSED\): start your backend/,
    );
    const notSandbox = await runCommand(argsOf({ ...host.target, sandboxUrl: host.url }));
    assert.equal(notSandbox.code, 1);
    assert.match(
      notSandbox.stdout,
      /^stopped after 0 of \d+ rules: the sandbox at http:\/\/127\.0\.0\.1:\d+ does not answer GET \/sandbox\/clock/,
    );
  });

  it('fails with the fix in one line when the URL the element follows answers 404', async () => {
    const host = await startKitHost(sandbox.url, {
      sendsStatusUrl: false,
      breakage: (handlers) => ({
        ...handlers,
        session: (request, context) =>
          request.method === 'GET' ? Promise.resolve(new Response(null, { status: 404 })) : handlers.session(request, context),
      }),
    });
    try {
      const { code, stdout } = await runCommand(argsOf(host.target));
      assert.equal(code, 1);
      assert.equal(failedLines(stdout).length, 1);
      assert.ok(failedLines(stdout)[0]!.startsWith(`✗ ${RULES.statusFollowed.name}: GET ${host.url}/kyc/session/`), stdout);
      assert.match(
        stdout.trimEnd().split('\n').at(-1)!,
        /^stopped after 2 of \d+ rules: GET http:\/\/127\.0\.0\.1:\d+\/kyc\/session\/[0-9a-f-]+ answered 404 to the transaction's owner: serve it, send `status_url`, or set `status-url=` on the page$/,
      );
    } finally {
      await host.close();
    }
  });

  it('follows no redirect to another origin, so the login never leaves for it', async () => {
    const elsewhere = createServer((req, res) => {
      reached.push(req.url!);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    const reached: string[] = [];
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const other = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
    const host = await startKitHost(sandbox.url, {
      login: true,
      breakage: (handlers) => ({
        ...handlers,
        status: async (request) => Response.redirect(`${other}${new URL(request.url).pathname}`, 302),
      }),
    });
    try {
      const { code, stdout } = await runCommand([...argsOf(host.target), '--cookie', 'login=alice']);
      assert.equal(code, 1);
      assert.match(failedLines(stdout)[0]!, new RegExp(`saw 302 a redirect to ${other}, another origin: not followed`));
      assert.deepEqual(reached, []);
    } finally {
      await host.close();
      await new Promise((resolve) => elsewhere.close(resolve));
    }
  });
});

/** What the kit answers a session POST without a login, as the report shows it. */
async function unauthenticatedBody(url: string): Promise<string> {
  const answer = await fetch(`${url}/kyc/session`, { method: 'POST', headers: { 'kyc-verify-session': 'resume' } });
  return (await answer.text()).slice(0, 100);
}
