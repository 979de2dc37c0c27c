// custom-elements.json documents the element's public API from its source (JSDoc and Lit properties).
import { mkdirSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';

/**
 * `cem analyze --outdir /some/dir` writes under ./some/dir: the analyzer joins even an absolute
 * path to the working directory. This writes the finished manifest where it was asked for too.
 */
function honourAbsoluteOutdir() {
  const flag = process.argv.indexOf('--outdir');
  const outdir = flag === -1 ? null : process.argv[flag + 1];
  return {
    name: 'kyc-verify:absolute-outdir',
    packageLinkPhase({ customElementsManifest }) {
      if (!outdir || !isAbsolute(outdir)) return;
      mkdirSync(outdir, { recursive: true });
      writeFileSync(join(outdir, 'custom-elements.json'), `${JSON.stringify(customElementsManifest, null, 2)}\n`);
    },
  };
}

export default {
  globs: ['src/index.ts', 'src/define.ts', 'src/element/**/*.ts'],
  exclude: ['src/**/*.d.ts'],
  outdir: '.',
  litelement: true,
  packagejson: false,
  plugins: [honourAbsoluteOutdir()],
};
