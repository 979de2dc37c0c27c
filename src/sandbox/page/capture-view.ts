/** The capture steps of the verification page: what the person may choose at each, and the step's timer. */
import { html, raw } from 'hono/html';
import { DOCUMENT_PROBLEM_CODES, type IssueCode } from '../../shared/issue-codes.js';
import { reasonOf, stepCount } from '../../shared/story/story.js';
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
  /** The step's name, as the desktop's element names it; a liveness challenge's own under it. */
  heading: string;
  subheading?: string;
  intro: string;
  forward: Choice[];
  problems: { legend: string; choices: Choice[] } | null;
}

export function captureStep({ flow, data, lang }: PageModel, t: Strings): CaptureStep {
  const problem = (code: IssueCode): Choice => ({ label: issueText(lang, code), outcome: code });
  if (flow.phase === 'document') {
    const automatic: Choice = { label: t.automaticCapture, outcome: '002', hint: t.automaticCaptureHint };
    return {
      heading: t.stepDocument,
      intro: t.documentIntro,
      forward: [{ label: t.documentOk, outcome: '002', primary: true }, ...(data.metadata.show_auto_button ? [automatic] : [])],
      problems: { legend: t.documentProblems, choices: DOCUMENT_PROBLEM_CODES.map(problem) },
    };
  }
  if (flow.phase === 'selfie') {
    const blacklisted: Choice[] = data.metadata.fraud_check ? [{ label: t.blacklisted, outcome: '016' }] : [];
    return {
      heading: t[data.metadata.challenges_required ? 'stepSelfie' : 'stepSelfieOnly'],
      intro: t.selfieIntro,
      forward: [{ label: t.selfieOk, outcome: 'selfie_ok', primary: true }],
      problems: { legend: t.selfieProblems, choices: [problem('014'), problem('015'), ...blacklisted] },
    };
  }
  return {
    heading: t.stepSelfie,
    subheading: t.challengeHeading(flow.challenge, data.metadata.challenges_required),
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
    ${step.subheading ? html`<h3>${step.subheading}</h3>` : ''} ${lastProblem(model, t)} ${timerView(model, t)}
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

/** After a failed attempt, why and what to do, and how many tries are left: the words the desktop's element says for the same code. */
function lastProblem({ flow, data }: PageModel, t: Strings) {
  const reason = reasonOf(flow.code);
  if (!reason) return '';
  return html`<p class="problem" role="alert">${t[reason]} ${t.triesLeft.replace('{tries}', String(data.tries - flow.triesUsed))}</p>`;
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
  const [before, after] = (stopwatch ? t.sessionTime : t[TIMER_WORDS[flow.phase as keyof typeof TIMER_WORDS]]).split('{time}');
  return html`<p>${before}<span class="timer" role="timer" data-server-now="${now}" ${anchor}>${clockText(seconds)}</span>${after}</p>
    ${raw(COUNTDOWN_SCRIPT_ELEMENT)}`;
}

/**
 * "Step 2 of 3" over the step's name: the steps the desktop's element shows, in its words, from what
 * the status tells it (docs/element.md): the identity card, the selfie with its liveness challenges
 * (one step: the status does not tell them apart), the service's check.
 */
function progressView({ flow }: Pick<PageModel, 'flow'>, t: Strings) {
  return html`<p class="progress">${stepCount(t, flow.phase === 'document' ? 0 : 1)}</p>`;
}
