// Element tests: real Chromium (Debian's), real HTTP against scripted routes on the runner's own server.
import { chromeLauncher } from '@web/test-runner-chrome';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { fromRollup } from '@web/dev-server-rollup';
import rollupCommonjs from '@rollup/plugin-commonjs';
import { scriptedStatusMiddleware } from './test/element/scripted-server.mjs';

const commonjs = fromRollup(rollupCommonjs);

export default {
  files: 'test/element/**/*.test.ts',
  nodeResolve: { browser: true, exportConditions: ['production'] },
  concurrency: 1,
  testFramework: { config: { timeout: 10000 } },
  middleware: [scriptedStatusMiddleware],
  plugins: [
    esbuildPlugin({ ts: true, tsconfig: 'tsconfig.json', target: 'es2022' }),
    commonjs({ include: ['**/node_modules/qrcode/**', '**/node_modules/dijkstrajs/**', '**/node_modules/pngjs/**', '**/node_modules/jsqr/**'] }),
  ],
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
        headless: true,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-dev-shm-usage',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      },
    }),
  ],
};
