/**
 * The pages' relative links, as written for the repository (README.md → docs/kit.md, docs/kit.md →
 * ../examples/express), made to work on the site: a link to another page goes to where that page is
 * published, and a link to any other file of the repository (an example, CONTRIBUTING.md) to a copy
 * of that file published with the site under files/, opened in a new tab. A link to nothing fails
 * the build; VitePress then checks every page link, and test/site checks every link of the built site.
 */
import { existsSync, statSync } from 'node:fs';
import { posix, relative, sep } from 'node:path';
import type { MarkdownRenderer } from 'vitepress';
import { REPOSITORY, publishedPath } from './pages.js';

/** Where the copies of the repository's other files are published, from the site's root. */
export const FILES_FOLDER = 'files';

export interface RepositoryLinksOptions {
  /** Whether a file of the repository (`docs/kit.md`) is a page of the site. */
  isPage: (file: string) => boolean;
  /** Receives each file of the repository a page links to that is not a page: the build copies them. */
  linkedFiles: Set<string>;
}

type Env = { realPath?: string; relativePath?: string };

export function repositoryLinks(md: MarkdownRenderer, { isPage, linkedFiles }: RepositoryLinksOptions): void {
  md.core.ruler.push('kyc_verify_repository_links', (state) => {
    const { realPath, relativePath } = state.env as Env;
    if (!realPath || !relativePath) return;
    const source = relative(REPOSITORY, realPath).split(sep).join('/');
    const publishedDir = posix.dirname(relativePath);
    for (const token of state.tokens.flatMap((block) => block.children ?? [])) {
      const href = token.type === 'link_open' ? token.attrGet('href') : null;
      if (!href || /^[a-z][a-z\d+.-]*:|^#|^\/\//i.test(href)) continue;
      const [path = '', hash] = href.split('#', 2);
      const file = repositoryFile(source, decodeURI(path));
      const suffix = hash === undefined ? '' : `#${hash}`;
      if (isPage(file)) {
        token.attrSet('href', `${posix.relative(publishedDir, publishedPath(file))}${suffix}`);
      } else {
        linkedFiles.add(file);
        token.attrSet('href', `${posix.relative(publishedDir, `${FILES_FOLDER}/${file}`)}${suffix}`);
        // VitePress leaves a link with a target alone: it is a file, not a page.
        token.attrSet('target', '_blank');
      }
    }
  });
}

/** The repository's file a link of `source` leads to (a folder's README.md for a folder), or an error naming the link. */
function repositoryFile(source: string, path: string): string {
  const target = posix.normalize(posix.join(posix.dirname(source), path));
  const broken = (why: string) => new Error(`${source}: the link to ${path} ${why}`);
  if (target.startsWith('..')) throw broken('leaves the repository');
  const absolute = posix.join(REPOSITORY.split(sep).join('/'), target);
  if (!existsSync(absolute)) throw broken('leads nowhere');
  if (!statSync(absolute).isDirectory()) return target;
  if (!existsSync(posix.join(absolute, 'README.md'))) throw broken('is a folder without a README.md');
  return posix.join(target, 'README.md');
}
