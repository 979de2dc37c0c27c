// One page per custom element of custom-elements.json (api/kyc-verify.html), written by reference.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineRoutes } from 'vitepress';
import { REPOSITORY } from '../.vitepress/pages.js';
import { packageTypes } from './package-types.js';
import type { Manifest } from './manifest.js';
import { elementReference } from './reference.js';

export default defineRoutes({
  watch: [join(REPOSITORY, 'custom-elements.json')],
  paths: () => {
    const manifest = JSON.parse(readFileSync(join(REPOSITORY, 'custom-elements.json'), 'utf8')) as Manifest;
    // Links are written from this folder, as the repository has it (repository-links.ts publishes them).
    return elementReference(manifest, packageTypes(REPOSITORY, 'src/index.ts'), '../../docs/element.md').map(({ tagName, markdown }) => ({
      params: { element: tagName },
      content: markdown,
    }));
  },
});
