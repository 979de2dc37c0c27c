// Element tests: real Chromium (Debian's), real HTTP against scripted routes on the runner's own server.
import { chromeLauncher } from '@web/test-runner-chrome';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { a11ySnapshotPlugin } from '@web/test-runner-commands/plugins';
import { fromRollup } from '@web/dev-server-rollup';
import rollupCommonjs from '@rollup/plugin-commonjs';
import { scriptedStatusMiddleware } from './test/element/scripted-server.mjs';
import { touchPlugin } from './test/element/touch-plugin.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium.mjs';

const commonjs = fromRollup(rollupCommonjs);

export default {
  files: 'test/element/**/*.test.ts',
  nodeResolve: { browser: true, exportConditions: ['production'] },
  concurrency: 1,
  testFramework: { config: { timeout: 10000 } },
  middleware: [scriptedStatusMiddleware],
  plugins: [
    a11ySnapshotPlugin(),
    touchPlugin,
    esbuildPlugin({ ts: true, tsconfig: 'tsconfig.json', target: 'es2022' }),
    commonjs({ include: ['**/node_modules/qrcode/**', '**/node_modules/dijkstrajs/**', '**/node_modules/jsqr/**'] }),
  ],
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: CHROMIUM_FLAGS,
      },
    }),
  ],
};
