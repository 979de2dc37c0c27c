/**
 * The first-link bench's host: the demo's script-tag page shape (the standalone bundle from a
 * `<script type="module">`, the element's height before it is defined as docs/element.md gives it),
 * its build's files served gzip-compressed as a host's static server would, and a backend whose
 * session route creates a transaction at once and whose status route answers pending, so that the
 * element's own load and work are timed; and the same page with the element prepared by the server
 * (kyc-verify/ssr, as its route would render it with `kit.prepare`); and the floor under both, the
 * same page with nothing of ours (its style block and heading alone).
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
import type { KycVerifyMode } from '../../src/index.js';
import type { renderKycVerify } from '../../src/ssr/index.js';

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

/** A transaction created now: the session answer (docs/host-protocol.md), its link on the verification site. */
function createdNow() {
  const uuid = randomUUID();
  return {
    ...pendingStatus(uuid),
    server_time: new Date().toISOString(),
    link: `https://verify.example.com/transactions/${uuid}`,
    resumed: false,
  };
}

/** `POST /kyc/session`: a transaction created now (201). */
const createAtOnce: RequestListener = (_req, res) => {
  res.writeHead(201, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(createdNow()));
};

/** The same page with the element prepared while it renders, as `kit.prepare` and `kyc-verify/ssr` give it: a transaction created now, drawn into the HTML. */
function preparedPage(render: typeof renderKycVerify, heightBeforeDefined: string, mode: string | null): Served {
  const page = pageOf(heightBeforeDefined, mode);
  const element = render(
    { sessionUrl: '/kyc/session', session: createdNow() },
    { mode: (mode ?? 'auto') as KycVerifyMode, statusUrl: '/kyc/status/{uuid}' },
  );
  return served('text/html; charset=utf-8', page.replace(/<kyc-verify [^>]*><\/kyc-verify>/, element));
}

/**
 * Serves the page (`/?mode=qr`, or `/` for the default mode), the page prepared by the server
 * (`/prepared`, `/prepared?mode=qr`), the page without the element or its script (`/floor`) and
 * `build`'s files on a free loopback port.
 */
export async function startFirstLinkHost(build: BrowserBuild, render: typeof renderKycVerify): Promise<Listening> {
  // The demo's own style block: the heights docs/element.md gives the element before it is defined.
  const demoPage = await readFile(join(repoRoot, 'demo/script-tag.html'), 'utf8');
  const heightBeforeDefined = /<style>[\s\S]*?<\/style>/.exec(demoPage)?.[0];
  if (!heightBeforeDefined) throw new Error('demo/script-tag.html has no <style> block');
  const files = new Map([...build.files].map(([name, code]) => [`/${name}`, served('text/javascript', code)]));
  const pages = new Map([null, 'qr'].map((mode) => [mode, served('text/html; charset=utf-8', pageOf(heightBeforeDefined, mode))]));
  const floor = served(
    'text/html; charset=utf-8',
    pageOf(heightBeforeDefined, null)
      .replace(/\s*<script [^>]*><\/script>/, '')
      .replace(/\s*<kyc-verify [^>]*><\/kyc-verify>/, ''),
  );
  return listen((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host');
    const mode = url.searchParams.get('mode');
    const file =
      url.pathname === '/'
        ? pages.get(mode)
        : url.pathname === '/prepared'
          ? preparedPage(render, heightBeforeDefined, mode)
          : url.pathname === '/floor'
            ? floor
            : files.get(url.pathname);
    // Always gzip: Chromium, the only client, accepts it.
    if (file) res.writeHead(200, { 'content-type': file.type, 'content-encoding': 'gzip', 'cache-control': 'no-cache' }).end(file.gzip);
    else if (req.method === 'POST' && url.pathname === '/kyc/session') createAtOnce(req, res);
    else answerPending(req, res);
  });
}
