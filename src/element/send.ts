// The send-link feature, a chunk of its own (kyc-verify.send.js beside the standalone bundle): the
// element loads it the first time an answer offers sending (`"send"`), so that pages whose backend
// never sends do not download it.
export { SendLink } from './controllers/send-link.js';
export { renderSend, sendStyles } from './view/send-view.js';
export { SEND_STRINGS } from './locales/send-strings.js';
