// custom-elements.json documents the element's public API from its source (JSDoc and Lit properties).
import { mkdirSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { customElementJsxPlugin } from 'custom-element-jsx-integration';

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

/** Modules in path order: the analyzer lists them in the order the file system gives, which differs between checkouts. */
function modulesInPathOrder() {
  return {
    name: 'kyc-verify:modules-in-path-order',
    packageLinkPhase({ customElementsManifest }) {
      customElementsManifest.modules?.sort((a, b) => a.path.localeCompare(b.path));
    },
  };
}

/**
 * The element's JSX props, generated from the manifest into frameworks/generated/jsx.d.ts (shipped):
 * frameworks/*.d.ts type React, Vue and Svelte templates from them. Event types are the
 * `@fires {Detail}` of the element's JSDoc, which the generator reads as the event's `detail`.
 */
const jsxTypes = customElementJsxPlugin({
  outdir: 'frameworks/generated',
  fileName: 'jsx.d.ts',
  globalTypePath: '../../dist/lib/index.js',
  hideLogs: true,
});

/**
 * The JSX props without the element's read-only fields (`status`): React 19 and @lit/react set props
 * as properties, and setting a getter without a setter throws. The manifest itself keeps them.
 */
const settableJsxTypes = {
  ...jsxTypes,
  packageLinkPhase({ customElementsManifest, ...context }) {
    const settable = structuredClone(customElementsManifest);
    for (const module of settable.modules ?? []) {
      for (const declaration of module.declarations ?? []) {
        if (declaration.members) declaration.members = declaration.members.filter((member) => !member.readonly);
      }
    }
    return jsxTypes.packageLinkPhase({ ...context, customElementsManifest: settable });
  },
};

export default {
  globs: ['src/index.ts', 'src/define.ts', 'src/element/**/*.ts'],
  exclude: ['src/**/*.d.ts'],
  outdir: '.',
  litelement: true,
  packagejson: false,
  plugins: [modulesInPathOrder(), honourAbsoluteOutdir(), settableJsxTypes],
};
