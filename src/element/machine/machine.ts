/**
 * The element's lifecycle as one pure state machine: `reduce(state, event)` gives the next state
 * and the effects that carry it out. The element turns property changes, presses and controller
 * callbacks into events, commits the state, then runs the effects in order: I/O first, the
 * events it fires last. That is the one rule about re-entrancy: a listener that calls `start()`,
 * changes the transaction or removes the element from inside an event finds the state already
 * committed, and the element drops what is left of the older event's effects.
 */
import { isTerminal, type TransactionStatus } from '../../shared/transaction-state.js';
import { locate, type Followed, type Locations, type Told } from '../configuration.js';
import type { Deadlines } from '../controllers/countdown.js';
import type { SessionAnswer } from '../controllers/read-session.js';
import { RequestError } from '../controllers/request.js';
import type { SessionMode } from '../controllers/session-request.js';
import { errorDetailOf, KycContinueEvent, KycErrorEvent, KycStateChangeEvent, statusDetailOf, TERMINAL_EVENTS } from '../events.js';
import type { KycErrorDetail } from '../events.js';
import { isSetupProblem, setupWarning } from './setup-problem.js';

/**
 * `idle`: nothing to follow (no transaction nor session URL, or `defer` waits for `start()`);
 * `starting`: a session was asked for; `following`: a pending transaction; `ended`: it ended;
 * `broken`: a final problem (the configuration, the session request, the status).
 */
export type Phase = 'idle' | 'starting' | 'following' | 'ended' | 'broken';

/** What the attributes ask for. */
export interface Setup extends Locations {
  transaction: string;
  defer: boolean;
  noStream: boolean;
  /** Milliseconds after success before Continue is enabled. */
  continueDelay: number;
}

export interface MachineState {
  phase: Phase;
  setup: Setup;
  /** The transaction followed, resolved and checked: while following, at its end, or when its status was lost. */
  followed: Followed | null;
  /** Its last observed status. */
  status: TransactionStatus | null;
  /** Its status URL has answered (a session's answer is not its status URL): a 404 after that is a transaction lost, not the page's set-up. */
  read: boolean;
  /** A problem: retrying while following, final when broken. */
  problem: KycErrorDetail | null;
  /** `start()` was called: `defer` holds no session back. */
  released: boolean;
  /** What the next session request asks for: `new` only after `start({ new: true })` or Try again after an end. */
  mode: SessionMode;
  /** `start()` was called while disconnected: it runs on the next connection. */
  queued: boolean;
  /** The backend said it streams the followed transaction's status: until then, polling alone. */
  offered: boolean;
  /** The status stream is being opened or delivers: no polling meanwhile. */
  streaming: boolean;
  /**
   * The phase's wait has passed: Continue after success, and while following, a run of failed
   * reads has lasted long enough to say "reconnecting". Always true once broken.
   */
  waited: boolean;
  /** Transactions whose terminal event has fired: once each. */
  announced: readonly string[];
  /** The session the server prepared and rendered (docs/element.md, "Prepared by the server"), until it is followed: instead of asking for one. */
  prepared: SessionAnswer | null;
}

export type MachineEvent =
  /** Attributes changed (or the first update). */
  | { type: 'configure'; setup: Setup }
  /** `start()` before the first update (`updated` false), while disconnected, or now; with the attributes as they are. */
  | { type: 'start'; setup: Setup; mode: SessionMode; updated: boolean; connected: boolean }
  | { type: 'connected'; setup: Setup }
  /** The server's render of the element held a prepared session: followed as a session answer, without asking for one; with the attributes as they are. */
  | { type: 'prepared'; answer: SessionAnswer; setup: Setup }
  /** Try again pressed. */
  | { type: 'retry'; setup: Setup }
  | { type: 'session'; answer: SessionAnswer }
  | { type: 'session-failed'; error: RequestError }
  | { type: 'status'; status: TransactionStatus }
  | { type: 'status-failed'; error: RequestError; retrying: boolean }
  /** The status stream delivers (true), or is not offered, failed or fell silent (false). */
  | { type: 'delivering'; delivering: boolean }
  /** The countdown reached zero. */
  | { type: 'deadline' }
  /** The wait asked for has passed. */
  | { type: 'waited' }
  /** Continue pressed. */
  | { type: 'continue' };

/** What the element can do for the machine: each effect is one of these calls. */
export interface Io {
  /** Ask for a session in `mode`, or forget the one asked for with `null`. */
  session(mode: SessionMode | null): void;
  /** Follow a transaction through its status stream, and by polling: each `null` stops. */
  watch(stream: Followed | null, poll: Followed | null): void;
  pollNow(): void;
  countdown(deadlines: Deadlines | null): void;
  /** Wait `ms`, then send `waited`; `null` waits no more. */
  wait(ms: number | null): void;
  clearCopyNote(): void;
  /** Focus on a control about to go moves to the status line. */
  keepFocus(): void;
  /** Tells the page's developer, in the console. */
  warn(message: string): void;
  dispatch(event: CustomEvent): void;
}

/** One effect: a call the element makes once the state is committed. */
export type Effect = (io: Io) => void;

export interface Change {
  state: MachineState;
  effects: Effect[];
}

/** How long reads must keep failing, with no good one between, before the status line says "reconnecting". */
export const RECONNECTING_AFTER_MS = 5000;

/** Seconds before a session refused as busy (429) without a `Retry-After` is asked for again. */
export const BUSY_RETRY_S = 30;

/** The backend asked to wait (429): the session request's answer, since a status read's is retried. */
export const isBusy = (problem: KycErrorDetail): boolean => problem.httpStatus === 429;

/** Nothing followed, nothing asked for. */
const IDLE = {
  phase: 'idle',
  followed: null,
  status: null,
  read: false,
  problem: null,
  offered: false,
  streaming: false,
  waited: false,
} as const;

export const initialState = (setup: Setup): MachineState => ({
  ...IDLE,
  setup,
  released: false,
  mode: 'resume',
  queued: false,
  announced: [],
  prepared: null,
});

/** The attributes that say where a followed transaction is: a change follows it there. */
const LOCATIONS = ['statusUrl', 'verificationUrl', 'link', 'noStream', 'base'] as const;

export function reduce(state: MachineState, event: MachineEvent): Change {
  const effects: Effect[] = [];
  return { state: next(state, event, effects), effects };
}

/** The state after `event`; its effects go into `effects`, in order. */
function next(state: MachineState, event: MachineEvent, effects: Effect[]): MachineState {
  const { phase, followed, status } = state;
  switch (event.type) {
    case 'configure': {
      const was = state.setup;
      const configured = { ...state, setup: event.setup };
      if (event.setup.transaction !== was.transaction || event.setup.sessionUrl !== was.sessionUrl) return begin(configured, effects);
      const moved = followed && LOCATIONS.some((name) => event.setup[name] !== was[name]);
      return moved ? follow(configured, effects, followed.id, followed.told) : configured;
    }
    case 'start':
      if (!event.updated) return { ...state, released: true, mode: event.mode };
      if (!event.connected) return { ...abandon(state, effects), released: true, queued: true, mode: event.mode };
      return start(state, event.setup, event.mode, effects);
    case 'connected':
      return state.queued ? start(state, event.setup, state.mode, effects) : state;
    case 'prepared':
      return phase === 'idle' ? begin({ ...state, setup: event.setup, prepared: event.answer }, effects) : state;
    case 'retry':
      // A new verification after an end or a transaction lost; the same one again after a session request that failed (it may have made one).
      return start(
        state,
        event.setup,
        state.problem?.uuid || (phase === 'ended' && status?.state !== 'successful') ? 'new' : 'resume',
        effects,
      );
    case 'session':
      return phase === 'starting' ? follow(state, effects, event.answer.uuid, event.answer, event.answer) : state;
    case 'session-failed': {
      if (phase !== 'starting') return state;
      const { status: code, retryAfter = BUSY_RETRY_S } = event.error;
      const broken = fail(state, errorDetailOf(event.error, false), effects);
      // Busy (429): asked again by itself once the wait it was given has passed, counted down on screen (`deadline`).
      if (code === 429) effects.push((io) => io.countdown({ expires_at: new Date(Date.now() + retryAfter * 1000).toISOString() }));
      return broken;
    }
    case 'status': {
      if (phase !== 'following') return state;
      // The backend says it streams: followed afresh (once, not at an end), through the stream unless `no-stream`.
      const { stream, state: now } = event.status;
      const opens = stream && !state.offered && !isTerminal(now);
      const observed = observe(
        opens ? follow({ ...state, offered: true }, effects, followed!.id, followed!.told) : state,
        event.status,
        effects,
      );
      return { ...observed, read: true };
    }
    case 'status-failed': {
      if (phase !== 'following') return state;
      const problem = errorDetailOf(event.error, event.retrying, followed!.id);
      if (!event.retrying) return fail(state, problem, effects);
      // The first failure of a run starts its wait: a blip that a good read ends soon is not shown.
      if (!state.problem) effects.push((io) => io.wait(RECONNECTING_AFTER_MS));
      effects.push(dispatch(new KycErrorEvent(problem)));
      return { ...state, problem, waited: !!state.problem && state.waited };
    }
    case 'delivering':
      if (phase !== 'following' || state.streaming === event.delivering) return state;
      effects.push((io) => io.watch(followed, event.delivering ? null : followed));
      return { ...state, streaming: event.delivering };
    case 'deadline':
      if (phase === 'following' && !state.streaming) effects.push((io) => io.pollNow());
      return phase === 'broken' && isBusy(state.problem!) ? start(state, state.setup, 'resume', effects) : state;
    case 'waited':
      return { ...state, waited: true };
    case 'continue':
      if (phase === 'ended' && state.waited) effects.push(dispatch(new KycContinueEvent(statusDetailOf(status!))));
      return state;
  }
}

/** Forgets the current transaction and the session asked for: no answer about them is acted on any more. */
function abandon(state: MachineState, effects: Effect[]): MachineState {
  effects.push(
    (io) => io.session(null),
    stop,
    (io) => io.clearCopyNote(),
    (io) => io.wait(null),
  );
  return { ...state, ...IDLE };
}

/** No stream, no polls, no countdown. */
const stop: Effect = (io) => {
  io.watch(null, null);
  io.countdown(null);
};
const dispatch =
  (event: CustomEvent): Effect =>
  (io) =>
    io.dispatch(event);
const keepFocus: Effect = (io) => io.keepFocus();

/**
 * What the attributes ask for afresh: the transaction given, the session the server prepared (once),
 * a session unless `defer` holds it back, or nothing.
 */
function begin(state: MachineState, effects: Effect[]): MachineState {
  const idle = { ...abandon(state, effects), prepared: null };
  const { transaction, sessionUrl, defer } = state.setup;
  const { prepared } = state;
  if (transaction) return follow(idle, effects, transaction, null);
  if (prepared) return follow(idle, effects, prepared.uuid, prepared, prepared);
  return sessionUrl && (!defer || state.released) ? request(idle, state.mode, effects) : idle;
}

/**
 * `start()`: a session now when there is a session URL, otherwise the transaction followed afresh.
 * It reads the attributes as they are, ahead of the update that would configure them.
 */
function start(state: MachineState, setup: Setup, mode: SessionMode, effects: Effect[]): MachineState {
  const released = { ...state, setup, released: true, queued: false };
  const started = setup.sessionUrl ? request(abandon(released, effects), mode, effects) : begin(released, effects);
  effects.push(keepFocus);
  return started;
}

function request(state: MachineState, mode: SessionMode, effects: Effect[]): MachineState {
  effects.push((io) => io.session(mode));
  return { ...state, phase: 'starting', mode: 'resume' };
}

/**
 * Checks and resolves everything about transaction `id`, then follows it: through its stream
 * when the backend said it offers one (the session answer, or a poll) and `no-stream` is not set, by polling otherwise. A session answer may bring the
 * first status and a deadline; an ended transaction is shown, never followed. No request is made
 * for a bad configuration.
 */
function follow(state: MachineState, effects: Effect[], id: string, told: Told | null, answer?: SessionAnswer): MachineState {
  const located = locate(id, told, state.setup);
  if (typeof located === 'string')
    return fail(abandon(state, effects), errorDetailOf(new RequestError('config', located, false), false, id), effects);
  const kept = state.followed?.id === id ? state.status : null;
  const seen = answer?.status ?? kept;
  const ended = seen !== null && isTerminal(seen.state);
  const said = answer ? answer.offersStream : state.offered;
  const streams = said && !state.setup.noStream;
  const expiresAt = answer?.expiresAt;
  if (expiresAt) effects.push((io) => io.countdown({ expires_at: expiresAt }));
  if (!ended) effects.push((io) => io.watch(streams ? located : null, streams ? null : located));
  const following: MachineState = {
    ...state,
    phase: 'following',
    followed: located,
    status: kept,
    read: kept !== null && state.read,
    problem: null,
    offered: said,
    streaming: !ended && streams,
  };
  if (answer?.status) return observe(following, answer.status, effects);
  return ended ? { ...following, phase: 'ended' } : following;
}

/** A status of the followed transaction: its events when it changed (or a device opened its link); at an end its terminal event once, and Continue's wait. */
function observe(state: MachineState, status: TransactionStatus, effects: Effect[]): MachineState {
  const before = state.status;
  const detail = statusDetailOf(status);
  const changed =
    before?.state !== status.state ||
    before.step !== status.step ||
    before.code !== status.code ||
    before.handoff?.devices !== status.handoff?.devices;
  if (state.problem) effects.push((io) => io.wait(null));
  const observed = { ...state, status, problem: null, waited: false };
  const stateChange = changed ? [dispatch(new KycStateChangeEvent(detail))] : [];
  if (!isTerminal(status.state)) {
    // A new step may take the focused control away (the link as the progress comes, the code's toggle as it steps back).
    effects.push((io) => io.countdown(status), ...(changed ? [keepFocus] : []), ...stateChange);
    return observed;
  }
  const announced = state.announced.includes(status.uuid);
  effects.push(stop);
  if (status.state === 'successful') effects.push((io) => io.wait(state.setup.continueDelay));
  effects.push(...stateChange);
  if (!announced) effects.push(keepFocus, dispatch(new TERMINAL_EVENTS[status.state](detail)));
  return {
    ...observed,
    phase: 'ended',
    streaming: false,
    waited: false,
    announced: announced ? state.announced : [...state.announced, status.uuid],
  };
}

/** A final problem: nothing more is followed; Try again may start afresh. The developer reads what to fix in the console. */
function fail(state: MachineState, problem: KycErrorDetail, effects: Effect[]): MachineState {
  effects.push(stop, keepFocus);
  if (isSetupProblem(problem)) effects.push((io) => io.warn(setupWarning(problem)));
  effects.push(dispatch(new KycErrorEvent(problem)));
  return { ...state, phase: 'broken', problem, streaming: false, waited: true };
}
