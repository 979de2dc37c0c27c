/**
 * The demo's server-prepared page (`/prepared.html`, the script-tag page's shape): the page's route prepares the visitor's
 * session while it renders (`kit.prepare`) and puts `<kyc-verify>` in the HTML already drawn
 * (`kyc-verify/ssr`): the link paints with the page, before the bundle, and without scripts.
 * `?mode=` and `?lang=` are the element's; the page's query goes to the session URL as the demo's options.
 */
import { readFile } from 'node:fs/promises';
import type { KycKit } from '../src/server/index.js';
import { renderKycVerify } from '../src/ssr/index.js';
import type { KycVerifyMode } from '../src/index.js';

const MODES = new Set(['auto', 'qr', 'button', 'both']);

/** The script-tag page (demo/script-tag.html), its element in `lang`, prepared and drawn by the server. */
const script = readFile('demo/script-tag.html', 'utf8');
const page = async (element: string, lang: string) =>
  (await script)
    .replace('<html lang="en">', `<html lang="${lang}">`)
    .replace(/<title>[^<]*/, '<title>kyc-verify prepared by the server')
    .replace(/<kyc-verify [^>]*><\/kyc-verify>/, element);

/** The route: `GET /prepared.html`, with the visitor's cookie (or a new one, which the caller's `withVisitor` sets). */
export function preparedPage(kit: KycKit) {
  return async (request: Request): Promise<Response> => {
    const query = new URL(request.url).searchParams;
    const mode = (MODES.has(query.get('mode') ?? '') ? query.get('mode') : 'auto') as KycVerifyMode;
    const lang = query.get('lang') ?? 'es';
    const prepared = await kit.prepare(request, { sessionUrl: `/kyc/session${query.size ? `?${query}` : ''}` });
    const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-store' };
    return new Response(await page(renderKycVerify(prepared, { mode, lang, statusUrl: '/kyc/status/{uuid}' }), lang), { headers });
  };
}
