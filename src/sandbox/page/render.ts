/** Server-rendered HTML of the verification page: plain forms that POST; one script keeps the timer live. */
import { html, raw } from 'hono/html';
import { DOCUMENT_PROBLEM_CODES, type IssueCode } from '../../shared/issue-codes.js';
import { stateOf } from '../../shared/transaction-state.js';
import type { Flow } from '../flow.js';
import type { Transaction } from '../schemas.js';
import { issueText, STRINGS, type Lang, type Strings } from './strings.js';
import { COUNTDOWN_SCRIPT_ELEMENT } from './countdown.js';
import { PAGE_STYLE_ELEMENT } from './styles.js';

export interface PageModel {
  lang: Lang;
  data: Transaction;
  flow: Flow;
  /** The page's own path, without query. */
  path: string;
  /** The current capture step's timer, when it runs: the server's time, the step's start and deadline (epoch ms). */
  timer: { now: number; started: number; deadline: number } | null;
}

/** Where the browser goes at the end: redirect_uri with `id=<transaction_id>`, when web_redirect is on. */
export function redirectTarget({ metadata, transaction_id }: Transaction): string | null {
  if (!metadata.web_redirect || !metadata.redirect_uri) return null;
  const target = new URL(metadata.redirect_uri);
  target.searchParams.set('id', transaction_id);
  return target.href;
}

export function transactionPage(model: PageModel) {
  const t = STRINGS[model.lang];
  const { current, total } = progressOf(model);
  const body = model.flow.phase === 'ended' ? resultView(model, t) : captureView(model, t);
  return layout(
    model.lang,
    `${model.path}?lang=${otherLang(model.lang)}`,
    html` <p class="notice">${t.sandboxNotice}</p>
      <p>${t.progress(current, total)}</p>
      ${body}`,
  );
}

/** A page that only says something went wrong, with a way back. */
export function messagePage(lang: Lang, path: string, heading: string, text: string, back: string | null) {
  return layout(
    lang,
    `${path}?lang=${otherLang(lang)}`,
    html` <h2>${heading}</h2>
      <p>${text}</p>
      ${back ? html`<p><a href="${back}">${STRINGS[lang].back}</a></p>` : ''}`,
  );
}

function layout(lang: Lang, switchHref: string, content: unknown) {
  const t = STRINGS[lang];
  return html`<!doctype html>
    <html lang="${lang}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${t.title}</title>
        ${raw(PAGE_STYLE_ELEMENT)}
      </head>
      <body>
        <main>
          <header>
            <h1>${t.title}</h1>
            <a href="${switchHref}" hreflang="${otherLang(lang)}" lang="${otherLang(lang)}">${t.otherLanguage}</a>
          </header>
          ${content}
        </main>
      </body>
    </html>`;
}

function captureView(model: PageModel, t: Strings) {
  const { flow, data, lang } = model;
  const action = `${model.path}?lang=${lang}`;
  return html` ${lastProblem(model, t)} ${timerView(model, t)}
    <form method="post" action="${action}">${choices(flow, data, lang, t)}</form>`;
}

function choices(flow: Flow, data: Transaction, lang: Lang, t: Strings) {
  const problem = (code: IssueCode) =>
    html`<button type="submit" name="outcome" value="${code}">${code} · ${issueText(lang, code)}</button>`;
  if (flow.phase === 'document') {
    return html` <h2>${t.documentHeading}</h2>
      <p>${t.documentIntro}</p>
      <button class="primary" type="submit" name="outcome" value="002">${t.documentOk}</button>
      ${data.metadata.show_auto_button ? html`<button type="submit" name="outcome" value="002">${t.automaticCapture}</button>` : ''}
      <fieldset>
        <legend>${t.documentProblems}</legend>
        ${DOCUMENT_PROBLEM_CODES.map(problem)}
      </fieldset>`;
  }
  if (flow.phase === 'selfie') {
    return html` <h2>${t.selfieHeading}</h2>
      <p>${t.selfieIntro}</p>
      <button class="primary" type="submit" name="outcome" value="selfie_ok">${t.selfieOk}</button>
      <fieldset>
        <legend>${t.selfieProblems}</legend>
        ${problem('014')}${problem('015')}
        ${data.metadata.fraud_check ? html`<button type="submit" name="outcome" value="016">016 · ${t.blacklisted}</button>` : ''}
      </fieldset>`;
  }
  return html` <h2>${t.challengeHeading(flow.challenge, data.metadata.challenges_required)}</h2>
    <p>${t.challengeIntro}</p>
    <button class="primary" type="submit" name="outcome" value="challenge_ok">${t.challengeOk}</button>
    <button type="submit" name="outcome" value="015">015 · ${t.challengeFailed}</button>`;
}

/** After a failed attempt, what failed and how many tries are left. */
function lastProblem({ flow, data, lang }: PageModel, t: Strings) {
  const retryable: readonly string[] = [...DOCUMENT_PROBLEM_CODES, '014', '015'];
  if (!retryable.includes(flow.code)) return '';
  return html`<p class="problem" role="alert">
    ${t.lastProblem}: ${issueText(lang, flow.code)}. ${t.triesLeft(data.tries - flow.triesUsed)}
  </p>`;
}

/** The timer as the server sees it now; the script counts on from there. */
function timerView({ data, timer }: PageModel, t: Strings) {
  if (!data.metadata.show_timer || !timer) return '';
  const { now, started, deadline } = timer;
  const stopwatch = data.metadata.timer;
  const seconds = stopwatch ? Math.floor((now - started) / 1000) : Math.ceil((deadline - now) / 1000);
  const anchor = stopwatch ? html`data-started="${started}"` : html`data-deadline="${deadline}"`;
  return html`<p>
      ${stopwatch ? t.sessionTime : t.timeLeft}:
      <span class="timer" role="timer" data-server-now="${now}" ${anchor} data-unit="${t.seconds}">${seconds} ${t.seconds}</span>
    </p>
    ${raw(COUNTDOWN_SCRIPT_ELEMENT)}`;
}

function resultView({ data, flow, lang }: PageModel, t: Strings) {
  const heading = { successful: t.successful, failed: t.failed, expired: t.expired, pending: '' }[stateOf(data) ?? 'pending'];
  const target = redirectTarget(data);
  // The page cannot tell where the flow began (the link is the same on every device), so the
  // way back is worded to be right either way.
  const next = target ? html`<p><a class="continue" href="${target}">${t.continue}</a></p>` : html`<p>${t.backToComputer}</p>`;
  return html` <h2 role="status">${heading}</h2>
    <p>${flow.code} · ${issueText(lang, flow.code)}</p>
    ${next}`;
}

function progressOf({ flow, data }: PageModel): { current: number; total: number } {
  const documentSteps = flow.documentSkipped ? 0 : 1;
  const total = documentSteps + 1 + data.metadata.challenges_required + 1;
  const current = { document: 1, selfie: documentSteps + 1, challenge: documentSteps + 1 + flow.challenge, ended: total }[flow.phase];
  return { current, total };
}

function otherLang(lang: Lang): Lang {
  return lang === 'es' ? 'en' : 'es';
}
