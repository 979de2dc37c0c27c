/**
 * The verification link `GET {verification_url}/transactions/<uuid>` (docs/service.md §4.5): a page where a
 * tester walks the end user's flow and picks what happens at each step. Plain forms that POST
 * back here, then a redirect (to the page again, or to redirect_uri at the end).
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DOCUMENT_PROBLEM_CODES } from '../../shared/issue-codes.js';
import type { SandboxApp, SandboxEnv, SandboxParts } from '../context.js';
import type { FlowEvent } from '../flow.js';
import { messagePage, redirectTarget, transactionPage } from '../page/render.js';
import { COUNTDOWN_SCRIPT_HASH } from '../page/countdown.js';
import { pageLanguage } from '../page/language.js';
import { STRINGS, type Lang } from '../page/strings.js';
import { PAGE_STYLES_HASH } from '../page/styles.js';
import type { StoredTransaction } from '../store.js';

/** The choices the page's buttons post. */
const PAGE_EVENTS: readonly string[] = ['002', ...DOCUMENT_PROBLEM_CODES, 'selfie_ok', 'challenge_ok', '014', '015', '016'];

const PAGE_HEADERS = {
  'content-security-policy': `default-src 'none'; script-src '${COUNTDOWN_SCRIPT_HASH}'; style-src '${PAGE_STYLES_HASH}'; form-action 'self' http: https:; base-uri 'none'; frame-ancestors 'none'`,
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  vary: 'accept-language',
};

export function registerPageRoutes(app: SandboxApp, { service, clock }: SandboxParts): void {
  const respond = async (c: Context<SandboxEnv>, page: ReturnType<typeof transactionPage>, status: ContentfulStatusCode = 200) =>
    c.html(await page, status, PAGE_HEADERS);

  const notFound = (c: Context<SandboxEnv>, lang: Lang) =>
    respond(c, messagePage(lang, c.req.path, STRINGS[lang].notFoundHeading, STRINGS[lang].notFound, null), 404);

  const pageOf = (transaction: StoredTransaction, lang: Lang, path: string) => {
    const deadline = service.captureDeadline(transaction);
    const started = transaction.captureStartedAtMs;
    const now = clock.now();
    const timer = deadline === null || started === null ? null : { now, started, deadline };
    return transactionPage({ lang, data: transaction.data, flow: transaction.flow, path, timer });
  };

  app.get('/transactions/:uuid', (c) => {
    const lang = languageOf(c);
    const transaction = service.byUuid(c.req.param('uuid'));
    if (!transaction) return notFound(c, lang);
    // A HEAD (a link previewer, a scanner) does not start the end user's capture timer.
    if (c.req.method === 'GET') service.startCapture(transaction);
    return respond(c, pageOf(transaction, lang, c.req.path));
  });

  app.post('/transactions/:uuid', async (c) => {
    const lang = languageOf(c);
    const transaction = service.byUuid(c.req.param('uuid'));
    if (!transaction) return notFound(c, lang);
    const back = `${c.req.path}?lang=${lang}`;
    const form = await c.req.parseBody();
    const choice = typeof form.outcome === 'string' ? form.outcome : '';
    // The page offers only what can happen: the blacklist failure (016) needs fraud_check.
    if (!PAGE_EVENTS.includes(choice) || (choice === '016' && !transaction.data.metadata.fraud_check)) {
      return respond(c, messagePage(lang, c.req.path, STRINGS[lang].badRequestHeading, STRINGS[lang].badRequest(choice), back), 400);
    }
    const rejected = service.apply(transaction, choice as FlowEvent);
    if (rejected) return respond(c, messagePage(lang, c.req.path, STRINGS[lang].conflictHeading, STRINGS[lang].conflict, back), 409);
    const target = transaction.data.active ? null : redirectTarget(transaction.data);
    return c.redirect(target ?? back, 303);
  });
}

const languageOf = (c: Context<SandboxEnv>): Lang => pageLanguage(c.req.query('lang'), c.req.header('accept-language'));
