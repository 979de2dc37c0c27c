// Browser side of the scripted routes (see scripted-server.mjs): scripts, status bodies and event capture.
import { fixture, html } from '@open-wc/testing';
import { emulateMedia, executeServerCommand, setViewport } from '@web/test-runner-commands';
import '../../src/define.js';
import type { KycVerify } from '../../src/index.js';
import type { TransactionState } from '../../src/shared/transaction-state.js';

export interface Answer {
  status?: number;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  delay?: number;
  fail?: 'network';
}

/** One event of a scripted stream, sent `delay` ms after the one before. */
export interface StreamEvent {
  event: 'status' | 'ping';
  id?: string;
  data: unknown;
  delay?: number;
}

/** A stream connection: refused with an `Answer`, or events (then closed, or held open with pings every `ping` ms). */
export type StreamAnswer = Answer | { events: StreamEvent[]; hold?: boolean; ping?: number };

export interface LoggedRequest {
  route: 'status' | 'session' | 'send';
  path: string;
  method: string;
  uuid: string | null;
  cookie: string;
  /** The request's Cache-Control, which says how the browser used its HTTP cache. */
  cacheControl: string;
  /** The session request's `kyc-verify-session` header, or `null` without one. */
  session: string | null;
  /** A send request's body. */
  body?: string;
  at: number;
}

export interface LoggedStream {
  uuid: string;
  lastEventId: string | null;
  at: number;
  /** When the connection closed (by either side), or `null` while it is open. */
  closedAt: number | null;
}

export interface Scripted {
  statusUrl: string;
  sessionUrl: string;
  log(): Promise<LoggedRequest[]>;
  streams(): Promise<LoggedStream[]>;
}

/** Scripts the answers of the status, stream and session routes for one test. */
export async function script(answers: {
  status?: Answer[];
  session?: Answer[];
  stream?: StreamAnswer[];
  send?: Answer[];
}): Promise<Scripted> {
  const base = `/scripted/${crypto.randomUUID()}`;
  await fetch(`${base}/script`, { method: 'PUT', body: JSON.stringify(answers) });
  return {
    statusUrl: `${base}/status/{uuid}`,
    sessionUrl: `${base}/session`,
    log: async () => (await fetch(`${base}/log`)).json(),
    streams: async () => (await fetch(`${base}/streams`)).json(),
  };
}

export const UUID = '3f2c1e0a-8b7d-4c6e-9f10-2a3b4c5d6e7f';
export const OTHER_UUID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
export const VERIFICATION_URL = 'https://verify.example.cl';
export const LINK = `${VERIFICATION_URL}/transactions/${UUID}`;

const FLAGS: Record<TransactionState, { active: boolean; complete: boolean; failed: boolean }> = {
  pending: { active: true, complete: false, failed: false },
  successful: { active: false, complete: true, failed: false },
  failed: { active: false, complete: false, failed: true },
  expired: { active: false, complete: false, failed: false },
};

const STEP: Record<TransactionState, [string, string, string | null]> = {
  pending: ['Session_start', '001', null],
  successful: ['Session_complete_Ok', '013', 'Flow completed successfully'],
  failed: ['Session_complete_fail', '014', 'Selfie and document photo do not match'],
  expired: ['time_out', 'time_out', 'Expiry by inactivity in a step'],
};

/** A status object of design.md's contract. */
export function status(state: TransactionState, fields: Record<string, unknown> = {}) {
  const [step, code, issue_description] = STEP[state];
  return {
    body: {
      uuid: UUID,
      state,
      step,
      code,
      issue_description,
      expires_at: new Date(Date.now() + 600_000).toISOString(),
      updated_at: new Date().toISOString(),
      ...fields,
    },
  };
}

/** A `status` event of the stream, carrying `status(state, fields)` as version `id`. */
export function statusEvent(id: string, state: TransactionState, fields: Record<string, unknown> = {}, delay = 0): StreamEvent {
  return { event: 'status', id, data: status(state, fields).body, delay };
}

/** The KYC API's own transaction envelope (spec §2.6), as a host forwarding the read unchanged sends it. */
export function envelope(state: TransactionState, fields: Record<string, unknown> = {}) {
  const [step, code, issue_description] = STEP[state];
  return {
    body: {
      code: 200,
      resource: 'Transaction',
      message: 'Found',
      data: {
        id: 7,
        uuid: UUID,
        transaction_id: 'order-7',
        company_id: 'sandbox-company',
        ...FLAGS[state],
        step,
        code,
        issue_description,
        created_at: new Date().toISOString(),
        expiration: 600,
        ...fields,
      },
    },
  };
}

/** Every event of the given types that `target` sees, in order. */
export function record(
  target: EventTarget,
  types = ['kyc-state-change', 'kyc-successful', 'kyc-failed', 'kyc-expired', 'kyc-error', 'kyc-continue'],
) {
  const events: CustomEvent[] = [];
  for (const type of types) target.addEventListener(type, (event) => events.push(event as CustomEvent));
  return {
    events,
    types: () => events.map((event) => event.type),
    of: (type: string) => events.filter((event) => event.type === type),
  };
}

/** Resolves with the next event of `type`, or rejects after `ms`. */
export function next(target: EventTarget, type: string, ms = 5000): Promise<CustomEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} within ${ms} ms`)), ms);
    target.addEventListener(type, (event) => (clearTimeout(timer), resolve(event as CustomEvent)), { once: true });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds, polling every 20 ms, or fails after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await sleep(20);
  }
}

/** Resolves once `element` speaks its language (one other than Spanish loads first): before reading its words. */
export const speaking = (element: KycVerify) => until(() => element.shadowRoot!.querySelector('.loading') === null);

/** A `<kyc-verify>` with `attributes`, recorded from before it connects, in a fixture container. */
export async function mount(attributes: Record<string, string>) {
  const element = document.createElement('kyc-verify');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  const recorded = record(element);
  const container = await fixture<HTMLDivElement>(html`<div></div>`);
  container.append(element);
  await element.updateComplete;
  return { element, ...recorded };
}

/** A `<kyc-verify>` following UUID through the scripted status route, polling every 100 ms. */
export function follow(scripted: Scripted, attributes: Record<string, string> = {}) {
  return mount({
    transaction: UUID,
    'status-url': scripted.statusUrl,
    'verification-url': VERIFICATION_URL,
    'poll-interval': '100',
    ...attributes,
  });
}

/** The kit's session answer for UUID: it says that the status streams, so the stream opens at once. */
export const STREAMING_SESSION: Answer = { body: { uuid: UUID, link: LINK, stream: true } };

/** A `<kyc-verify>` starting a session on the scripted session route, polling every 100 ms. */
export function start(scripted: Scripted, attributes: Record<string, string> = {}) {
  return mount({
    'session-url': scripted.sessionUrl,
    'status-url': scripted.statusUrl,
    'verification-url': VERIFICATION_URL,
    'poll-interval': '100',
    ...attributes,
  });
}

export function shadow(element: KycVerify, selector: string) {
  return element.shadowRoot!.querySelector<HTMLElement>(selector);
}

/** Runs `body` with `navigator.clipboard.writeText` replaced by `writeText`. */
export async function withClipboard(writeText: (text: string) => Promise<void>, body: () => Promise<void>): Promise<void> {
  const clipboard = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard')!;
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  try {
    await body();
  } finally {
    delete (navigator as unknown as Record<string, unknown>).clipboard;
    Object.defineProperty(Navigator.prototype, 'clipboard', clipboard);
  }
}

/** Runs `body` while the page prefers reduced motion. */
export async function withReducedMotion(body: () => unknown): Promise<void> {
  await emulateMedia({ reducedMotion: 'reduce' });
  try {
    await body();
  } finally {
    await emulateMedia({ reducedMotion: 'no-preference' });
  }
}

/**
 * Runs `body` on a phone: its screen (390 × 844 CSS px, or `width` wide: 195 at 200 % zoom) and its
 * pointer, a finger; a computer's again after. (Setting the viewport turns the finger off: set it here.)
 */
export async function onAPhone(body: () => unknown, width = 390): Promise<void> {
  await setViewport({ width, height: 844 });
  await executeServerCommand('emulate-touch', { touch: true });
  try {
    await body();
  } finally {
    await executeServerCommand('emulate-touch', { touch: false });
    await setViewport({ width: 800, height: 600 });
  }
}

/** What the status part says, as one line: the flow's status line, or an end screen's heading and reason. */
export const said = (element: KycVerify) => shadow(element, '[part="status"]')?.textContent!.replace(/\s+/g, ' ').trim() ?? null;
