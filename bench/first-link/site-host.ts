/**
 * The documentation site as a static host serves it (GitHub Pages, say): the folder `npm run docs`
 * builds, under a sub-path, each file gzip-compressed (level 9, as host.ts serves the page's files),
 * on a free loopback port. Its playground is the first-link bench's third page: the element, the kit
 * and the sandbox all run in the browser.
 */
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SUB_PATH } from '../../test/site/support/browser.js';
import { listen, type Listening } from '../lib/http.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.md': 'text/markdown; charset=utf-8',
};

/** Serves the site built in `dir` at `<url>` + SUB_PATH (a folder's path serves its index.html). */
export async function startSiteHost(dir: string): Promise<Listening & { siteUrl: string }> {
  const files = new Map<string, { type: string; gzip: Buffer }>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const type = TYPES[extname(entry.name)] ?? 'application/octet-stream';
    files.set(`${SUB_PATH}${relative(dir, path).split(sep).join('/')}`, { type, gzip: gzipSync(await readFile(path), { level: 9 }) });
  }
  const host = await listen((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://host');
    const file = files.get(pathname.endsWith('/') ? `${pathname}index.html` : pathname);
    if (file) res.writeHead(200, { 'content-type': file.type, 'content-encoding': 'gzip', 'cache-control': 'no-cache' }).end(file.gzip);
    else res.writeHead(404).end();
  });
  return { ...host, siteUrl: `${host.url}${SUB_PATH}` };
}
