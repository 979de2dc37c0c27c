import { parseJson } from '../client/parse-json.js';
import type { CachedStatus } from '../state/store.js';

/** What `publishStatus` sends on the status channel. */
export interface StatusMessage {
  uuid: string;
  cached: CachedStatus;
}

const STATES = new Set(['pending', 'successful', 'failed', 'expired']);
/** The status fields a stream sends on: each a string or null. */
const TEXT_FIELDS = ['step', 'code', 'issue_description', 'expires_at', 'updated_at'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * A message of the status channel, or null when it is not one a kit published: the channel is
 * a Redis channel, where another app on the same prefix, or anyone allowed to publish, may send
 * anything. Checked field by field before any listener sees it.
 */
export function parseStatusMessage(message: string): StatusMessage | null {
  const parsed = parseJson(message);
  if (!isRecord(parsed) || typeof parsed.uuid !== 'string' || !isRecord(parsed.cached)) return null;
  const { status, fetchedAt } = parsed.cached;
  if (typeof fetchedAt !== 'number' || !Number.isFinite(fetchedAt) || !isRecord(status)) return null;
  if (status.uuid !== parsed.uuid || !STATES.has(status.state as string)) return null;
  if (!TEXT_FIELDS.every((field) => status[field] === null || typeof status[field] === 'string')) return null;
  return parsed as unknown as StatusMessage;
}
