/** `npm start`: the demo stack on loopback; prints one URL; Ctrl-C stops all of it. */
import { startDemo } from './stack.js';

const port = Number(process.env.PORT ?? 8080);
const demo = await startDemo({ port }).catch((error: NodeJS.ErrnoException) => {
  if (error.code !== 'EADDRINUSE') throw error;
  console.warn(`port ${port} is in use; picking a free one (set PORT to choose)`);
  return startDemo({ port: 0 });
});
console.log(`kyc-verify demo: ${demo.url}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    void demo.close().then(() => process.exit(0));
  });
}
