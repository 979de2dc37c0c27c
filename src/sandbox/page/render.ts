/** Server-rendered HTML of the verification page: plain forms that POST; one script keeps the timer live. */
import { html, raw } from 'hono/html';
import { stateOf } from '../../shared/transaction-state.js';
import type { Flow } from '../flow.js';
import type { Transaction } from '../schemas.js';
import { captureStep, captureView, type Choice } from './capture-view.js';
import { resultView } from './result-view.js';
import { LANGS, LANGUAGE_NAMES, STRINGS, type Lang, type Strings } from './strings.js';
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
  const ended = model.flow.phase === 'ended';
  const step = ended ? null : captureStep(model, t);
  return layout(
    model.lang,
    model.path,
    html`<p class="notice">${t.sandboxNotice}</p>
      ${step ? captureView(model, step, t) : resultView(model, redirectTarget(model.data), t)}
      ${developerDetails(model, step?.forward.concat(step.problems?.choices ?? []) ?? [], t)}`,
  );
}

/** A page that only says something went wrong, with a way back. */
export function messagePage(lang: Lang, path: string, heading: string, text: string, back: string | null) {
  return layout(
    lang,
    path,
    html`<h2>${heading}</h2>
      <p>${text}</p>
      ${back ? html`<p><a href="${back}">${STRINGS[lang].back}</a></p>` : ''}`,
  );
}

function layout(lang: Lang, path: string, content: unknown) {
  const t = STRINGS[lang];
  const others = LANGS.filter((other) => other !== lang);
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
            <nav aria-label="${t.languages}">
              <ul>
                ${others.map(
                  (other) =>
                    html`<li><a href="${path}?lang=${other}" hreflang="${other}" lang="${other}">${LANGUAGE_NAMES[other]}</a></li>`,
                )}
              </ul>
            </nav>
          </header>
          ${content}
        </main>
      </body>
    </html>`;
}

/**
 * What a developer needs and the person does not: the transaction's state, step and code, and the
 * outcome each button posts. Closed by default, apart at the end of the page.
 */
function developerDetails({ data }: PageModel, choices: Choice[], t: Strings) {
  const fields = { state: stateOf(data) ?? '', step: data.step, code: data.code };
  return html`<details class="developer">
    <summary>${t.forDevelopers}</summary>
    <dl>
      ${Object.entries(fields).map(
        ([name, value]) =>
          html`<dt>${name}</dt>
            <dd><code>${value}</code></dd>`,
      )}
    </dl>
    ${
      choices.length
        ? html`<p>${t.developerChoices}</p>
            <ul>
              ${choices.map(({ label, outcome }) => html`<li>${label}: <code>${outcome}</code></li>`)}
            </ul>`
        : ''
    }
  </details>`;
}
