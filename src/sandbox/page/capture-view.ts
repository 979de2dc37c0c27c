/** The capture steps of the verification page: what the person may choose at each, and the step's timer. */
import { html, raw } from 'hono/html';
import { DOCUMENT_PROBLEM_CODES, type IssueCode } from '../../shared/issue-codes.js';
import type { Flow } from '../flow.js';
import type { Transaction } from '../schemas.js';
import { clockText, COUNTDOWN_SCRIPT_ELEMENT } from './countdown.js';
import { issueText } from './issue-texts.js';
import type { PageModel } from './render.js';
import type { Strings } from './strings.js';

/** One button of a step: what the person reads, and what the form posts as `outcome` (the developer details show it). */
export interface Choice {
  label: string;
  outcome: string;
  primary?: boolean;
  /** What the choice does differently, shown under the button and announced with it. */
  hint?: string;
}

/** A capture step as the page offers it: the way forward, and the problems that can happen, grouped apart. */
export interface CaptureStep {
  heading: string;
  intro: string;
  forward: Choice[];
  problems: { legend: string; choices: Choice[] } | null;
}

export function captureStep({ flow, data, lang }: PageModel, t: Strings): CaptureStep {
  const problem = (code: IssueCode): Choice => ({ label: issueText(lang, code), outcome: code });
  if (flow.phase === 'document') {
    const automatic: Choice = { label: t.automaticCapture, outcome: '002', hint: t.automaticCaptureHint };
    return {
      heading: t.documentHeading,
      intro: t.documentIntro,
      forward: [{ label: t.documentOk, outcome: '002', primary: true }, ...(data.metadata.show_auto_button ? [automatic] : [])],
      problems: { legend: t.documentProblems, choices: DOCUMENT_PROBLEM_CODES.map(problem) },
    };
  }
  if (flow.phase === 'selfie') {
    const blacklisted: Choice[] = data.metadata.fraud_check ? [{ label: t.blacklisted, outcome: '016' }] : [];
    return {
      heading: t.selfieHeading,
      intro: t.selfieIntro,
      forward: [{ label: t.selfieOk, outcome: 'selfie_ok', primary: true }],
      problems: { legend: t.selfieProblems, choices: [problem('014'), problem('015'), ...blacklisted] },
    };
  }
  return {
    heading: t.challengeHeading(flow.challenge, data.metadata.challenges_required),
    intro: t.challengeIntro,
    forward: [
      { label: t.challengeOk, outcome: 'challenge_ok', primary: true },
      { label: t.challengeFailed, outcome: '015' },
    ],
    problems: null,
  };
}

export function captureView(model: PageModel, step: CaptureStep, t: Strings) {
  const action = `${model.path}?lang=${model.lang}`;
  return html`${progressView(model, t)}
    <h2>${step.heading}</h2>
    ${lastProblem(model, t)} ${timerView(model, t)}
    <p>${step.intro}</p>
    <form method="post" action="${action}">
      ${step.forward.map(button)}
      ${
        step.problems
          ? html`<fieldset>
              <legend>${step.problems.legend}</legend>
              ${step.problems.choices.map(button)}
            </fieldset>`
          : ''
      }
    </form>`;
}

function button({ label, outcome, primary, hint }: Choice, index: number) {
  const hintId = `hint-${outcome}-${index}`;
  const described = hint ? html` aria-describedby="${hintId}"` : '';
  return html`<button${primary ? html` class="primary"` : ''} type="submit" name="outcome" value="${outcome}"${described}>${label}</button>${
    hint ? html`<p class="hint" id="${hintId}">${hint}</p>` : ''
  }`;
}

/** After a failed attempt, what failed and how many tries are left. */
function lastProblem({ flow, data, lang }: PageModel, t: Strings) {
  const retryable: readonly string[] = [...DOCUMENT_PROBLEM_CODES, '014', '015'];
  if (!retryable.includes(flow.code)) return '';
  return html`<p class="problem" role="alert">
    ${t.lastProblem}: ${issueText(lang, flow.code)}. ${t.triesLeft(data.tries - flow.triesUsed)}
  </p>`;
}

/** Whose time the step's timer counts, in the element's words for the document and the selfie. */
const TIMER_WORDS = { document: 'timeDocument', selfie: 'timeSelfie', challenge: 'timeChallenge' } as const;

/** The timer as the server sees it now; the script counts on from there. */
function timerView({ data, timer, flow }: PageModel, t: Strings) {
  if (!data.metadata.show_timer || !timer) return '';
  const { now, started, deadline } = timer;
  const stopwatch = data.metadata.timer;
  const seconds = stopwatch ? Math.floor((now - started) / 1000) : Math.ceil((deadline - now) / 1000);
  const anchor = stopwatch ? html`data-started="${started}"` : html`data-deadline="${deadline}"`;
  return html`<p>
      ${stopwatch ? t.sessionTime : t[TIMER_WORDS[flow.phase as keyof typeof TIMER_WORDS]]}:
      <span class="timer" role="timer" data-server-now="${now}" ${anchor}>${clockText(seconds)}</span>
    </p>
    ${raw(COUNTDOWN_SCRIPT_ELEMENT)}`;
}

/**
 * "Step n of m" over the steps the person acts on: the document (unless skipped), the selfie and
 * each liveness challenge; nothing when there is only one. The result is not a step.
 */
function progressView({ flow, data }: { flow: Flow; data: Transaction }, t: Strings) {
  const documentSteps = flow.documentSkipped ? 0 : 1;
  const total = documentSteps + 1 + data.metadata.challenges_required;
  const current = { document: 1, selfie: documentSteps + 1, challenge: documentSteps + 1 + flow.challenge, ended: total }[flow.phase];
  return total > 1 ? html`<p class="progress">${t.progress(current, total)}</p>` : '';
}
