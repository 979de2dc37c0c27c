// kyc-verify/ssr: <kyc-verify> rendered on the server, into the page's HTML, from a session the kit
// prepared (`kit.prepare`). Server-only; needs `@lit-labs/ssr` and `qrcode` beside kyc-verify.
export { renderKycVerify, type RenderOptions } from './render.js';
export type { PreparedSession } from '../server/handlers/prepare.js';
