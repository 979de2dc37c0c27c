import { dateText, readStatusOf } from '../../shared/read-status.js';
import type { TransactionStatus } from '../../shared/transaction-state.js';
import { protocolError } from './request.js';

/** The session answer of docs/host-protocol.md: the transaction the backend created for this user, or resumed. */
export interface SessionAnswer {
  uuid: string;
  link: string | null;
  expiresAt: string | null;
  /** Present when the backend also sent the status fields; a resumed transaction may have ended already. */
  status: TransactionStatus | null;
  /** The backend said it streams the status (`"stream": true`): the element may open the stream at once. */
  offersStream: boolean;
  /** Where the backend said to follow this transaction (`status_url`), absolute. */
  statusUrl: string | null;
  /** Where a person who cannot scan types the code, and the code (`typed_code`), with the backend's short link. */
  typedCode: TypedCode | null;
}

export interface TypedCode {
  url: string;
  code: string;
}

const typedCodeOf = (value: unknown): TypedCode | null => {
  const { url, code } = (value ?? {}) as Record<string, unknown>;
  return typeof url === 'string' && typeof code === 'string' ? { url, code } : null;
};

/**
 * Reads the answer to `POST <session-url>`; `sessionUrl`, absolute, is what a relative `status_url` resolves against,
 * and what the protocol error names when the answer cannot be read.
 */
export function readSession(body: unknown, sessionUrl: URL): SessionAnswer {
  const answer = (body ?? {}) as Record<string, unknown>;
  try {
    if (typeof answer.uuid !== 'string') throw Error('no uuid');
    return {
      uuid: answer.uuid,
      link: typeof answer.link === 'string' ? answer.link : null,
      expiresAt: dateText(answer.expires_at),
      status: 'state' in answer || 'active' in answer ? readStatusOf(answer, answer.uuid) : null,
      offersStream: answer.stream === true,
      statusUrl: typeof answer.status_url === 'string' ? new URL(answer.status_url, sessionUrl).href : null,
      typedCode: typedCodeOf(answer.typed_code),
    };
  } catch (error) {
    throw protocolError(`${sessionUrl.href}: ${(error as Error).message}`);
  }
}
