/** What the playground's pages and its Service Worker tell each other. */

/** The BroadcastChannel on which the in-browser backend tells the pages what it saw. */
export const BACKEND_CHANNEL = 'kyc-verify-playground';

/** One thing the backend saw: a session it answered, a webhook it took, a result `onResult` got, the handoff, a link sent, an error. */
export interface BackendEntry {
  kind: 'session' | 'webhook' | 'result' | 'handoff' | 'sent' | 'error';
  /** When, as an ISO date-time. */
  at: string;
  body: unknown;
}

/** A page to its worker: the backend's options for the next verification (`demoRequest`'s), answered on the port once taken. */
export interface OptionsMessage {
  type: 'options';
  options: string;
}

/** The worker's answer to every message: which run of the worker this is (a restarted worker has a new one). */
export interface WorkerAnswer {
  boot: string;
}
