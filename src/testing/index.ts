/**
 * `kyc-verify/testing`: helpers for an integrator's own tests over a running sandbox, in process or
 * by URL (docs/testing.md). No browser code, no test framework, no Playwright: a page to walk is
 * anything shaped like Playwright's `Page`.
 */
import type { SandboxOptions } from '../sandbox/index.js';
import { loadSandbox } from '../sandbox/peers.js';
import { TestSandbox, type ConnectOptions } from './sandbox.js';

export { TestSandbox, SandboxAnswerError, type ConnectOptions, type DeliveryFilter, type WaitOptions } from './sandbox.js';
export { walkVerificationPage, type LocatorLike, type PageLike, type PageWalkEnd } from './phone.js';
export type * from './types.js';

/** A sandbox already running: its URL (`http://127.0.0.1:4010`), or the handle `startSandbox` gave. */
export function connectSandbox(sandbox: string | { url: string }, options?: ConnectOptions): TestSandbox {
  return new TestSandbox(typeof sandbox === 'string' ? sandbox : sandbox.url, options);
}

/**
 * A test sandbox of its own, started in process on a free loopback port (`kyc-verify/sandbox`'s
 * peers installed: without them, an error that names the packages to install). It is driven on
 * loopback, where its controls answer, whatever interface `options.host` opens it on.
 */
export async function startTestSandbox(
  options: SandboxOptions = {},
  connect?: ConnectOptions,
): Promise<TestSandbox & { close(): Promise<void> }> {
  // Loaded only here, so that a suite driving a sandbox by URL needs none of the sandbox's peers.
  const loaded = await loadSandbox();
  if ('missing' in loaded) throw new Error(`startTestSandbox(): ${loaded.missing}`);
  const handle = await loaded.startSandbox({ port: 0, ...options });
  const onEveryInterface = ['0.0.0.0', '::'].includes(options.host ?? '');
  const url = onEveryInterface ? `http://127.0.0.1:${new URL(handle.url).port}` : handle.url;
  return Object.assign(connectSandbox(url, connect), { close: () => handle.close() });
}
