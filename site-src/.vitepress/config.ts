/**
 * The documentation site (`npm run docs` → site/): VitePress over the repository's own README.md and
 * docs/*.md (their checked code blocks, no copy), the element's API reference generated from
 * custom-elements.json (site-src/api), and the playground (site-src/playground) whose Service Worker
 * runs the kit and the sandbox in the visitor's browser (site-src/worker). A relative base: the
 * same build works from any folder of any static host.
 */
import { cp, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { slug } from 'github-slugger';
import { defineConfig } from 'vitepress';
import { documentationPages, excludedFromPages, publishedPath, REPOSITORY, sidebar, SITE_SOURCES } from './pages.js';
import { FILES_FOLDER, repositoryLinks } from './repository-links.js';
import { buildWorker } from '../worker/build.js';

const OUT_DIR = join(REPOSITORY, 'site');
const linkedFiles = new Set<string>();
const isPage = (file: string) => documentationPages().includes(file) || file.startsWith(`${SITE_SOURCES}/`);

export default defineConfig({
  title: 'kyc-verify',
  description: 'An embeddable biometric identity verification (KYC) widget, its host kit and a local emulator of the KYC service.',
  lang: 'en',
  base: './',
  cleanUrls: false,
  srcDir: '..',
  srcExclude: excludedFromPages(),
  outDir: '../site',
  rewrites: publishedPath,
  // The pages are written for GitHub (their anchors too): headings get GitHub's ids.
  markdown: {
    anchor: { slugify: slug },
    config: (md) => repositoryLinks(md, { isPage, linkedFiles }),
  },
  themeConfig: {
    nav: [
      { text: 'Playground', link: '/playground/' },
      { text: 'API reference', link: '/api/kyc-verify' },
      { text: 'The element', link: '/docs/element' },
      { text: 'The kit', link: '/docs/kit' },
    ],
    sidebar: sidebar(),
    search: { provider: 'local' },
    outline: { level: [2, 3] },
  },
  // The repository's root is the pages' folder, and Vite would take its vite.config.ts (the element's build) for this one.
  vite: { configFile: false },
  vue: {
    template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('kyc-') } },
  },
  async buildEnd() {
    for (const file of linkedFiles) {
      await mkdir(dirname(join(OUT_DIR, FILES_FOLDER, file)), { recursive: true });
      await cp(join(REPOSITORY, file), join(OUT_DIR, FILES_FOLDER, file));
    }
    await buildWorker(join(OUT_DIR, 'playground'));
  },
});
