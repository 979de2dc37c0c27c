/**
 * `npm start [-- --host 0.0.0.0] [--sandbox-port N] [--public-url http://<lan-ip>:8080] [--no-handoff]`: the demo
 * stack; prints the demo's URL and the sandbox's; Ctrl-C stops all of it. The QR code carries the kit's short link
 * (the handoff, docs/handoff.md), on the demo's own URL: a second tab that opens it is a phone (`--no-handoff`: the
 * service's own link). `--host` is where the sandbox listens, so that a phone on the same network can open its
 * pages (the demo page stays on loopback); with `--public-url`, the host backend listens there too, and the short
 * link is on that URL.
 * `REDIS_URL=redis://… npm start` runs the host backend as `INSTANCES` processes (default 3) on
 * that Redis, behind a round-robin balancer on the same port.
 */
import { parseArgs } from 'node:util';
import { startDemo, type DemoStackOptions } from './stack.js';

const { values } = parseArgs({
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    'sandbox-port': { type: 'string', default: '0' },
    'public-url': { type: 'string' },
    handoff: { type: 'boolean', default: true },
  },
  allowNegative: true,
});
const port = Number(process.env.PORT ?? 8080);
const redisUrl = process.env.REDIS_URL || undefined;
const instances = Number(process.env.INSTANCES) || 3;
const options: DemoStackOptions = {
  redisUrl,
  instances,
  sandboxHost: values.host,
  sandboxPort: Number(values['sandbox-port']),
  publicUrl: values['public-url'],
  shortLinks: values.handoff,
};
const demo = await startDemo({ ...options, port }).catch((error: NodeJS.ErrnoException) => {
  if (error.code !== 'EADDRINUSE') throw error;
  console.warn(`port ${port} is in use; picking a free one (set PORT to choose)`);
  return startDemo({ ...options, port: 0 });
});
console.log(`kyc-verify demo:    ${demo.url}${redisUrl ? ` (host backend: ${instances} instances on Redis)` : ''}`);
const controls = `http://127.0.0.1:${new URL(demo.sandbox.url).port}/sandbox`;
console.log(`sandbox (the KYC service): ${demo.sandbox.url}  (its controls, on this machine only: ${controls}; docs/sandbox.md)`);
if (values.handoff) {
  const goUrl = `${values['public-url'] ?? demo.url.replace(/\/$/, '')}/kyc/go`;
  console.log(`the handoff is on: the QR code carries ${goUrl}/<token>; open it in another tab, that tab is the phone (--no-handoff: off)`);
}
if (!/^(127\.|localhost$|::1$)/.test(values.host)) {
  console.warn(`the sandbox listens on ${values.host}: anyone on that network can use it (docs/sandbox.md, "The demo from a phone")`);
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    void demo.close().then(() => process.exit(0));
  });
}
