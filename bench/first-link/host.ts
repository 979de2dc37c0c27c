/**
 * The first-link bench's host: the demo's script-tag page shape (the standalone bundle from a
 * `<script type="module">`, the element's height before it is defined as docs/element.md gives it),
 * its build's files served gzip-compressed as a host's static server would, and a backend whose
 * session route creates a transaction at once and whose status route answers pending, so that the
 * element's own load and work are timed.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { RequestListener } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserBuild } from '../lib/build.js';
import { listen, type Listening } from '../lib/http.js';
import { answerPending, pendingStatus } from '../lib/pending-status.js';
import { repoRoot } from '../lib/repo.js';

const pageOf = (heightBeforeDefined: string, mode: string | null) => `<!doctype html>
<html lang="es">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Verifica tu identidad</title>
    <link rel="icon" href="data:,">
    ${heightBeforeDefined}
    <script type="module" src="/kyc-verify.bundle.js"></script>
  </head>
  <body>
    <h1>Verifica tu identidad</h1>
    <kyc-verify session-url="/kyc/session" status-url="/kyc/status/{uuid}"${mode ? ` mode="${mode}"` : ''}></kyc-verify>
  </body>
</html>`;

/** A file as the static server keeps it: its type, and its bytes gzip-compressed (level 9, as bench/size measures). */
interface Served {
  type: string;
  gzip: Buffer;
}

const served = (type: string, body: Buffer | string): Served => ({ type, gzip: gzipSync(body, { level: 9 }) });

/** `POST /kyc/session`: a transaction created now (201, docs/host-protocol.md), its link on the verification site. */
const createAtOnce: RequestListener = (_req, res) => {
  const uuid = randomUUID();
  const answer = { ...pendingStatus(uuid), link: `https://verify.example.com/transactions/${uuid}`, resumed: false };
  res.writeHead(201, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(answer));
};

/** Serves the page (`/?mode=qr`, or `/` for the default mode) and `build`'s files on a free loopback port. */
export async function startFirstLinkHost(build: BrowserBuild): Promise<Listening> {
  // The demo's own style block: the heights docs/element.md gives the element before it is defined.
  const demoPage = await readFile(join(repoRoot, 'demo/script-tag.html'), 'utf8');
  const heightBeforeDefined = /<style>[\s\S]*?<\/style>/.exec(demoPage)?.[0];
  if (!heightBeforeDefined) throw new Error('demo/script-tag.html has no <style> block');
  const files = new Map([...build.files].map(([name, code]) => [`/${name}`, served('text/javascript', code)]));
  const pages = new Map([null, 'qr'].map((mode) => [mode, served('text/html; charset=utf-8', pageOf(heightBeforeDefined, mode))]));
  return listen((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host');
    const file = url.pathname === '/' ? pages.get(url.searchParams.get('mode')) : files.get(url.pathname);
    // Always gzip: Chromium, the only client, accepts it.
    if (file) res.writeHead(200, { 'content-type': file.type, 'content-encoding': 'gzip', 'cache-control': 'no-cache' }).end(file.gzip);
    else if (req.method === 'POST' && url.pathname === '/kyc/session') createAtOnce(req, res);
    else answerPending(req, res);
  });
}
