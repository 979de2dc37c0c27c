// custom-elements.json documents the element's public API from its source (JSDoc and Lit properties).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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

const JSX_TYPES_DIR = 'frameworks/generated';
const JSX_TYPES_FILE = 'jsx.d.ts';

/**
 * The element's JSX props, generated from the manifest into frameworks/generated/jsx.d.ts (shipped):
 * frameworks/*.d.ts type React, Vue and Svelte templates from them. Event types are the
 * `@fires {Detail}` of the element's JSDoc, which the generator reads as the event's `detail`.
 */
const jsxTypes = customElementJsxPlugin({
  outdir: JSX_TYPES_DIR,
  fileName: JSX_TYPES_FILE,
  globalTypePath: '../../dist/lib/index.js',
  hideLogs: true,
});

/** What an attribute of a number or boolean property may also be written as: the string HTML gives it. */
const ATTRIBUTE_STRINGS = { number: '`${number}`', boolean: '""' };

/**
 * Attributes named unlike their property (`poll-interval`, `no-stream`) are set as attributes by React 19,
 * Svelte 5 and Vue (each sets a property only when the element has one of that name), so the string
 * forms are valid for them: `poll-interval="300"`, `no-stream=""`. The generator types every attribute
 * as its property; this widens those in the generated file. Same-named ones (`defer`) stay as they are:
 * those frameworks set them as properties, where `defer=""` would be false.
 */
function widenAttributeOnlyForms(manifest) {
  const file = join(JSX_TYPES_DIR, JSX_TYPES_FILE);
  let types = readFileSync(file, 'utf8');
  for (const module of manifest.modules ?? []) {
    for (const declaration of module.declarations ?? []) {
      for (const attribute of declaration.attributes ?? []) {
        const string = ATTRIBUTE_STRINGS[attribute.type?.text];
        if (!string || !attribute.fieldName || attribute.fieldName === attribute.name) continue;
        const line = `"${attribute.name}"?: ${declaration.name}["${attribute.fieldName}"];`;
        if (!types.includes(line)) throw new Error(`jsx types: no line ${line} in ${file}`);
        types = types.replace(line, `"${attribute.name}"?: ${declaration.name}["${attribute.fieldName}"] | ${string};`);
      }
    }
  }
  writeFileSync(file, types);
}

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
    jsxTypes.packageLinkPhase({ ...context, customElementsManifest: settable });
    widenAttributeOnlyForms(settable);
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
