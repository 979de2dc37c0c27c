import type { RequestContext } from '../state/background.js';
import type { StatusAnswer, StatusCall } from './status.js';

/**
 * Where a kit handler keeps its answer without Fetch objects: for a GET, the status handler's
 * own answer as plain data (`statusAnswerer`), for anything else the Fetch handler's `Response`.
 * The Node adapter answers a poll through it without building a `Request` or a `Response`
 * (node-adapter.ts); the Fetch handler answers through the same function, so both say the same.
 */
export const PLAIN_ANSWER = Symbol('kyc-verify plain answer');

export type PlainAnswering = (call: StatusCall, context?: RequestContext) => Promise<StatusAnswer | Response>;

export type WithPlainAnswer<H> = H & { [PLAIN_ANSWER]?: PlainAnswering };
