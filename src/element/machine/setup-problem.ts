import type { KycErrorDetail } from '../events.js';

/** Answers that say the URL itself is wrong: nothing there, not that method, a request it cannot read. */
const WRONG_URL = new Set([400, 404, 405]);

/**
 * A final problem that only the page's developer can fix: the attributes, a session answer the
 * element cannot read, or a URL answering as a wrong one would.
 */
export const isSetupProblem = ({ kind, httpStatus, uuid, retrying }: KycErrorDetail): boolean =>
  !retrying && (kind === 'config' || (kind === 'protocol' && !uuid) || WRONG_URL.has(httpStatus!));

/** The console's line for the developer: the attribute to fix, and the URL that failed with its HTTP status (or what is wrong). */
export const setupWarning = ({ kind, uuid, message }: KycErrorDetail): string =>
  `<kyc-verify> ${kind === 'config' ? 'configuration' : uuid ? 'status-url' : 'session-url'}: ${message}`;
