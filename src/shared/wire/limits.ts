/** The limits of docs/service.md §4.2 and §8 that the service answers with 400 rather than the model's 422. Imports no zod. */
import { CAPTURE_TIMERS, DEFAULT_CAPTURE_SECONDS, DEFAULT_EXPIRATION_SECONDS, DEFAULT_TRIES, type CaptureTimer } from './codes.js';

interface TimedRequest {
  tries?: number;
  expiration?: number;
  metadata?: { [timer in CaptureTimer]?: number };
}

/** One sentence, starting with the field's path, per limit broken; an omitted field counts at its default. */
export function limitViolations({ tries = DEFAULT_TRIES, expiration = DEFAULT_EXPIRATION_SECONDS, metadata = {} }: TimedRequest): string[] {
  const violations: string[] = [];
  if (tries < 1) violations.push('tries must be at least 1');
  if (expiration < 1) violations.push('expiration must be at least 1 second');
  for (const timer of CAPTURE_TIMERS) {
    const seconds = metadata[timer] ?? DEFAULT_CAPTURE_SECONDS;
    if (seconds < 1) violations.push(`metadata.${timer} must be at least 1 second`);
    else if (seconds > expiration) violations.push(`metadata.${timer} (${seconds}) is greater than expiration (${expiration})`);
  }
  return violations;
}
