import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { isIP } from 'node:net';
import { test } from 'node:test';
import { startDemo } from '../../demo/stack.js';
import { listeningSockets } from './sockets.js';
import { Phone } from '../server/handoff-host.js';

const LOOPBACK = ['127.0.0.1', '::1'];

/** The link of a new verification, as the demo page's widget gets it from the host backend. */
async function sessionLink(demoUrl: string): Promise<string> {
  const session = await fetch(`${demoUrl}kyc/session`, { method: 'POST', headers: { 'kyc-verify-session': 'new' } });
  assert.equal(session.status, 201);
  return ((await session.json()) as { link: string }).link;
}

test("by default the demo listens on loopback only, Vite's socket included", async () => {
  const demo = await startDemo({ port: 0 });
  try {
    const exposed = (await listeningSockets()).filter(({ address }) => !LOOPBACK.includes(address));
    assert.deepEqual(exposed, []);
    assert.equal(new URL(await sessionLink(demo.url)).origin, demo.sandbox.url);
  } finally {
    await demo.close();
  }
});

test("with sandboxHost 0.0.0.0 only the sandbox is on the network, and the QR code's link uses the machine's address", async () => {
  const demo = await startDemo({ port: 0, sandboxHost: '0.0.0.0' });
  try {
    const sandboxPort = Number(new URL(demo.sandbox.url).port);
    const exposed = (await listeningSockets()).filter(({ address }) => !LOOPBACK.includes(address));
    assert.deepEqual(exposed, [{ address: '0.0.0.0', port: sandboxPort }]);
    const link = new URL(await sessionLink(demo.url));
    assert.ok(isIP(link.hostname) && !LOOPBACK.includes(link.hostname), `${link} is reachable from a phone`);
    const page = await fetch(link);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /Verificación de identidad/);
  } finally {
    await demo.close();
  }
});

test("npm start prints the sandbox URL beside the demo URL, its controls' URL on loopback (which answer there only), and the handoff on", async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'demo/server.ts', '--host', '0.0.0.0'], {
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    while (!/handoff.*\n/.test(output)) await once(child.stdout, 'data');
    const demoUrl = /demo:\s+(http:\S+)/.exec(output)?.[1];
    const sandboxUrl = /sandbox \(the KYC service\): (http:\S+)/.exec(output)?.[1];
    const controlsUrl = /its controls, on this machine only: (http:\S+);/.exec(output)?.[1];
    assert.ok(demoUrl && sandboxUrl && controlsUrl, output);
    assert.equal((await fetch(demoUrl)).status, 200);
    assert.notEqual(new URL(sandboxUrl).hostname, '127.0.0.1');
    assert.equal((await fetch(`${controlsUrl}/clock`)).status, 200);
    assert.equal((await fetch(`${sandboxUrl}/sandbox/clock`)).status, 403, 'the network address serves the phone, not the controls');

    // The handoff is on, on 127.0.0.1: the link is the demo's own short link, which another tab opens as a phone would.
    assert.match(output, new RegExp(`the handoff is on: the QR code carries ${demoUrl}kyc/go/<token>`));
    const link = await sessionLink(demoUrl);
    assert.match(link, new RegExp(`^${demoUrl}kyc/go/[\\w-]{22}$`));
    const opened = await new Phone(`${demoUrl}kyc/go`).open(link);
    assert.equal(opened.status, 303);
    assert.equal(new URL(opened.headers.get('location')!).origin, sandboxUrl);
  } finally {
    child.kill('SIGINT');
    await once(child, 'exit');
  }
});
