/**
 * Builds the playground's Service Worker (sw.ts) into one classic script, `sw.js`, for every browser
 * that runs Service Workers. The kit and the sandbox go in as they are: the few Node modules the
 * sandbox imports are replaced by browser-safe equivalents of the same names (shims/).
 */
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export async function buildWorker(outDir: string): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    resolve: {
      alias: [
        { find: /^node:crypto$/, replacement: here('./shims/crypto.ts') },
        { find: /^node:https?$/, replacement: here('./shims/http.ts') },
        { find: /^node:net$/, replacement: here('./shims/net.ts') },
      ],
    },
    build: {
      outDir,
      emptyOutDir: false,
      target: 'es2022',
      lib: { entry: here('./sw.ts'), formats: ['iife'], name: 'kycVerifyPlayground', fileName: () => 'sw.js' },
    },
  });
}
