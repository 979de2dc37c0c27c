import { html, nothing, type TemplateResult } from 'lit';
import { reasonOf, stepsOf } from '../../shared/story/story.js';
import type { TransactionStatus } from '../../shared/transaction-state.js';
import type { LocaleStrings } from '../locales/localize.js';
import { phoneProgress, type PhoneProgress } from '../machine/progress.js';

const MARK_LABELS = { done: 'markDone', current: 'markCurrent', problem: 'markProblem', todo: 'markTodo' } as const;

function markOf({ at, problem }: PhoneProgress, index: number): keyof typeof MARK_LABELS {
  if (index !== at) return index < at ? 'done' : 'todo';
  return problem ? 'problem' : 'current';
}

/**
 * The three steps, each marked done, current, problem or to do; on a computer (not `here`), under
 * them, that the person comes back to this window once they finish on the phone; and `notice`, the
 * link opened on another device, where the steps make room for it (over the QR code's cell: nothing moves).
 */
export function renderProgress(
  progress: PhoneProgress,
  strings: LocaleStrings,
  liveness: boolean | undefined,
  here: boolean,
  notice: TemplateResult | typeof nothing,
) {
  return html`<div part="progress" class="progress">
    <ol>
      ${stepsOf(liveness).map((step, index) => {
        const mark = markOf(progress, index);
        return html`<li part="step step-${mark}" class=${mark}>
          <span class="mark" role="img" aria-label=${strings[MARK_LABELS[mark]]}></span>${strings[step]}
        </li>`;
      })}
    </ol>
    ${here ? nothing : html`<p class="note">${strings.keepOpen}</p>`} ${notice}
  </div>`;
}

/**
 * The status line while pending: the phone's step, and after a problem why and what to do (with
 * the tries left when the status gives them); `null` before the phone has started. `here`: the
 * link was opened on this very device, which says so rather than "phone connected".
 */
export function progressText(status: TransactionStatus, strings: LocaleStrings, here: boolean): string | null {
  const progress = phoneProgress(status);
  if (!progress) return null;
  if (!progress.problem) {
    if (!progress.at) return here ? strings.openedHere : strings.phoneConnected;
    return progress.at === 1 ? strings[status.liveness ? 'documentCapturedLiveness' : 'documentCaptured'] : strings.checking;
  }
  const advice = strings[reasonOf(status.code) ?? (progress.at ? 'reasonScore' : 'reasonDocument')];
  const tries = status.tries_left;
  return tries === undefined ? advice : `${advice} ${strings.triesLeft.replace('{tries}', String(tries))}`;
}
