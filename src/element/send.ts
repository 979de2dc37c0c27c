// The send-link feature, a chunk of its own (kyc-verify.send.js beside the standalone bundle): the
// element loads it the first time an answer offers sending (`"send"`), so that pages whose backend
// never sends do not download it.
import type { ReactiveElement } from 'lit';
import type { Followed } from './configuration.js';
import { SendLink } from './controllers/send-link.js';
import type { ShownStrings } from './locales/localize.js';
import { SEND_STRINGS } from './locales/send-strings.js';
import type { SendChannel } from '../shared/transaction-state.js';
import { renderSend } from './view/send-view.js';

const sendLinks = new WeakMap<ReactiveElement, SendLink>();

/**
 * `host`'s send buttons for `followed` and their notes, in `language` with the page's replacements
 * (in `strings`) over the chunk's words. The first time, makes `host`'s SendLink.
 */
export function renderSendOf(
  host: ReactiveElement,
  timeout: () => number,
  language: string,
  strings: ShownStrings,
  channels: SendChannel[],
  followed: Followed,
) {
  let sendLink = sendLinks.get(host);
  if (!sendLink) sendLinks.set(host, (sendLink = new SendLink(host, timeout)));
  return renderSend(sendLink, { ...SEND_STRINGS[language]!, ...strings }, channels, followed);
}
