import { SESSION_HEADER } from '../sessions/guard.js';

/**
 * Which guard refused a session POST (docs/sessions.md): `guard` when the header the element sends
 * was missing or wrong (a probe, a page without the element), `csrf` when it came with the header
 * but from another site (a browser's Origin or Sec-Fetch-Site). Kept apart on the dashboard: the
 * first is noise, a rise of the second is an attack or a missing `allowedOrigins` entry.
 */
export function refusalReasonOf(request: Request): 'guard' | 'csrf' {
  const mode = request.headers.get(SESSION_HEADER);
  return mode === 'resume' || mode === 'new' ? 'csrf' : 'guard';
}
