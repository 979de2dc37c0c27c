/**
 * `npm start`: the demo stack on loopback; prints one URL; Ctrl-C stops all of it.
 * `REDIS_URL=redis://… npm start` runs the host backend as `INSTANCES` processes (default 3) on
 * that Redis, behind a round-robin balancer on the same port.
 */
import { startDemo, type DemoStackOptions } from './stack.js';

const port = Number(process.env.PORT ?? 8080);
const redisUrl = process.env.REDIS_URL || undefined;
const instances = Number(process.env.INSTANCES) || 3;
const options: DemoStackOptions = { redisUrl, instances };
const demo = await startDemo({ ...options, port }).catch((error: NodeJS.ErrnoException) => {
  if (error.code !== 'EADDRINUSE') throw error;
  console.warn(`port ${port} is in use; picking a free one (set PORT to choose)`);
  return startDemo({ ...options, port: 0 });
});
console.log(`kyc-verify demo: ${demo.url}${redisUrl ? ` (host backend: ${instances} instances on Redis)` : ''}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    void demo.close().then(() => process.exit(0));
  });
}
