import { otherDeviceOf } from '../machine/handoff.js';
import { aloneOf, flowStatus } from './flow-view.js';
import type { ViewState } from './kyc-verify.view.js';
import { endWords } from './outcome-view.js';
import { timerText } from './timer.js';

/**
 * What a screen reader hears, by channel (the announcer says each that changed, once): the status
 * line, or an end screen's heading and why; the link opened on another device; the time left at its
 * moments (the countdown's `announced`); Continue ready. Busy's countdown and the wait before
 * Continue are heard once each, not every second.
 */
export function speechOf(view: ViewState): string[] {
  const { strings, machine, outcome, announced } = view;
  const link = machine.followed?.link;
  if (outcome.ended) {
    const [heading, body] = endWords(view);
    const successful = machine.status?.state === 'successful';
    return [
      successful || outcome.problem === 'busy' ? heading : `${heading} ${body}`.trim(),
      '',
      '',
      successful && machine.waited ? body : '',
    ];
  }
  if (!link) return [machine.phase === 'starting' ? strings.preparing : '', '', '', ''];
  return [
    flowStatus(view, aloneOf(link, view)),
    otherDeviceOf(machine) ? `${strings.otherDevice} ${strings.notYou}` : '',
    announced === null ? '' : timerText(strings, machine.status, announced),
    '',
  ];
}
