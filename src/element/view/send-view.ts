import { css, html, nothing } from 'lit';
import type { Followed } from '../configuration.js';
import type { SendLink } from '../controllers/send-link.js';
import type { SendStrings } from '../locales/localize.js';
import type { SendChannel } from '../../shared/transaction-state.js';
import { formatTime } from './timer.js';

/** Sending the link: laid out like Copy link (\`.copy\`, its notes wrapping under the buttons). Adopted by the shadow root once this chunk loads. */
export const sendStyles = css`
  .send [aria-disabled='true'] {
    cursor: default;
  }

  /* Once the phone has started, sending the link is a fallback: it steps back behind the phone's progress. */
  .flow:has(.progress) .send button {
    font-size: smaller;
    color: var(--kyc-verify-muted);
  }
`;

/**
 * "Send me the link by e-mail" (and by SMS), on the `channels` the backend says it sends on: where
 * the last send went, in a live region, and the wait before a resend, as a timer that is not
 * announced every second.
 */
export function renderSend(send: SendLink, strings: SendStrings, channels: SendChannel[], { id, statusUrl }: Followed) {
  const current = send.uuid === id;
  const wait = current ? send.wait : 0;
  const note = current && send.note;
  return html`<div class="copy send">
    ${
      current && send.spent
        ? nothing
        : channels.map(
            (channel) =>
              html`<button part="send-button" type="button" aria-disabled=${!!wait} @click=${() => send.send(id, statusUrl, channel)}>
                ${channel === 'sms' ? strings.sendSms : strings.sendEmail}
              </button>`,
          )
    }
    <span part="send-note" class="note" role="status"
      >${note ? (note === 'sendFailed' ? strings.sendFailed : strings.linkSent.replace('{to}', note.sent)) : ''}</span
    >
    <span part="send-wait" class="note" role="timer">${wait ? strings.resendIn.replace('{time}', formatTime(wait)) : ''}</span>
  </div>`;
}
