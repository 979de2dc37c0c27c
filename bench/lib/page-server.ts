/** The bench's page: the standalone bundle (built fresh), the in-page probes, and `api` for the status routes. */
import { readFile } from 'node:fs/promises';
import type { RequestListener } from 'node:http';
import { join } from 'node:path';
import { buildBrowser } from './build.js';
import { listen, type Listening } from './http.js';
import { repoRoot } from './repo.js';

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <script type="module" src="/kyc-verify.bundle.js"></script>
    <script type="module" src="/probes.js"></script>
  </head>
  <body></body>
</html>`;

export async function startPageServer(api: RequestListener): Promise<Listening> {
  const bundle = await buildBrowser('standalone');
  const files: Record<string, [string, Buffer | string]> = {
    '/': ['text/html; charset=utf-8', PAGE],
    // The bundle and the languages it loads beside it (this page is in English).
    ...Object.fromEntries([...bundle.files].map(([name, code]) => [`/${name}`, ['text/javascript', code] as [string, Buffer]])),
    '/probes.js': ['text/javascript', await readFile(join(repoRoot, 'bench/lib/page/probes.js'))],
  };
  await bundle.remove();
  return listen((req, res) => {
    const file = files[req.url ?? ''];
    if (file) res.writeHead(200, { 'content-type': file[0] }).end(file[1]);
    else api(req, res);
  });
}
