import { html, nothing } from 'lit';
import type { Followed } from '../configuration.js';
import type { SendLink } from '../controllers/send-link.js';
import type { SendStrings } from '../locales/localize.js';
import type { SendChannel } from '../../shared/transaction-state.js';
import { formatTime } from './timer.js';

/**
 * "Send by e-mail" (and by SMS), on the `channels` the backend says it sends on, for the row
 * of Copy link; and their notes, for the row's line of notes: where the last send went, in a live
 * region, and the wait before a resend, as a timer that is not announced every second. A button
 * that must wait is `aria-disabled` (still focusable: the wait beside it says why).
 */
export function renderSend(send: SendLink, strings: SendStrings, channels: SendChannel[], { id, statusUrl }: Followed) {
  const current = send.uuid === id;
  const wait = current ? send.wait : 0;
  const note = current && send.note;
  return {
    buttons: html`${
      current && send.spent
        ? nothing
        : channels.map(
            (channel) =>
              html`<button part="send-button" type="button" aria-disabled=${!!wait} @click=${() => send.send(id, statusUrl, channel)}>
                ${channel === 'sms' ? strings.sendSms : strings.sendEmail}
              </button>`,
          )
    }`,
    notes: html`<span part="send-note" aria-live="polite"
        >${note ? (note === 'sendFailed' ? strings.sendFailed : strings.linkSent.replace('{to}', note.sent)) : ''}</span
      >
      ${wait ? html`<span part="send-wait" role="timer">${strings.resendIn.replace('{time}', formatTime(wait))}</span>` : nothing}`,
  };
}
