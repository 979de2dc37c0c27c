import { html, nothing } from 'lit';
import type { ViewActions, ViewState } from './kyc-verify.view.js';
import { formatTime } from './timer.js';

/**
 * "Send me the link by e-mail" (and by SMS), when the backend says it sends: where the last send
 * went, in a live region, and the wait before a resend, as a timer that is not announced every second.
 */
export function renderSend({ strings, machine, send }: ViewState, actions: ViewActions) {
  const channels = machine.status?.send;
  if (!channels?.length) return nothing;
  const current = send.uuid === machine.followed?.id;
  const wait = current ? send.wait : 0;
  const note = current && send.note;
  return html`<div class="copy send">
    ${
      current && send.spent
        ? nothing
        : channels.map(
            (channel) =>
              html`<button part="send-button" type="button" aria-disabled=${!!wait} @click=${() => actions.send(channel)}>
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
