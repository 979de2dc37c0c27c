/**
 * The sandbox state machine (docs/sandbox.md, "The flow"): which event moves a
 * transaction's flow to which step. Pure: times, storage and webhooks live in the service.
 */
import { DOCUMENT_PROBLEM_CODES, type IssueCode } from '../shared/issue-codes.js';
import type { StateFlags, StepCode } from '../shared/transaction-state.js';

/** Where the end user is: the capture in progress, or the end. */
export type Phase = 'document' | 'selfie' | 'challenge' | 'ended';

export interface Flow {
  phase: Phase;
  /** 1-based number of the liveness challenge in progress, when phase is `challenge`. */
  challenge: number;
  triesUsed: number;
  flags: StateFlags;
  step: StepCode;
  code: IssueCode;
  /** Score of the last selfie comparison, if any. */
  selfieMatch: number | null;
  /** Whether document data is on file (read in this flow, or from an earlier enrolment). */
  documentOnFile: boolean;
  /** Whether an earlier enrolment let this flow skip the document capture. */
  documentSkipped: boolean;
}

/** What the flow of one transaction allows. */
export interface FlowRules {
  tries: number;
  challengesRequired: number;
  requireDocumentValidation: boolean;
}

/** An issue code of docs/service.md §7.3, or a step of the verification page that reports no code. */
export type FlowEvent = IssueCode | 'selfie_ok' | 'challenge_ok';

/** The result of an event: the new flow and the recorded steps it went through (each one a visible change). */
export type FlowChange = { flow: Flow; steps: Flow[] } | { rejected: string };

const PENDING: StateFlags = { active: true, complete: false, failed: false };
const SUCCESSFUL: StateFlags = { active: false, complete: true, failed: false };
const FAILED: StateFlags = { active: false, complete: false, failed: true };
const EXPIRED: StateFlags = { active: false, complete: false, failed: false };

/** Fake facial-comparison scores, fixed and exported (from `kyc-verify/sandbox`) so tests can assert them. */
export const SELFIE_SCORES = { match: 0.93, mismatch: 0.18, lowScore: 0.62 } as const;

export function startFlow(documentOnFile: boolean): Flow {
  return {
    phase: documentOnFile ? 'selfie' : 'document',
    challenge: 0,
    triesUsed: 0,
    flags: PENDING,
    step: 'Session_start',
    code: '001',
    selfieMatch: null,
    documentOnFile,
    documentSkipped: documentOnFile,
  };
}

const isDocumentProblem = (event: FlowEvent): boolean => (DOCUMENT_PROBLEM_CODES as readonly string[]).includes(event);
const inFaceCapture = (flow: Flow): boolean => flow.phase === 'selfie' || flow.phase === 'challenge';

export function applyEvent(flow: Flow, event: FlowEvent, rules: FlowRules): FlowChange {
  if (flow.phase === 'ended') return { rejected: 'The transaction has ended' };
  if (event === 'time_out') return recorded(end(flow, 'time_out', 'time_out', EXPIRED));
  if (event === '016') return recorded(end(flow, 'Session_complete_fail', '016', FAILED));
  if (event === '002' || isDocumentProblem(event)) {
    if (flow.phase !== 'document') return { rejected: `Code ${event} needs the document capture step` };
    return event === '002' ? recorded(documentAccepted(flow)) : recorded(documentRejected(flow, event as IssueCode, rules));
  }
  if (!inFaceCapture(flow)) return { rejected: `Code ${event} needs the selfie step` };
  switch (event) {
    case 'selfie_ok':
      if (flow.phase !== 'selfie') return { rejected: 'The selfie was already taken' };
      return rules.challengesRequired > 0 ? selfieAccepted(flow) : succeed(flow);
    case 'challenge_ok':
      if (flow.phase !== 'challenge') return { rejected: 'No liveness challenge is in progress' };
      return flow.challenge < rules.challengesRequired ? { flow: { ...flow, challenge: flow.challenge + 1 }, steps: [] } : succeed(flow);
    case '012':
    case '013':
      return succeed(flow);
    case '014':
      // The selfie is compared with the document before the challenges, not during them.
      if (flow.phase === 'challenge') return { rejected: 'Code 014 needs the selfie step' };
      return recorded(selfieRejected(flow, '014', SELFIE_SCORES.mismatch, rules));
    case '015':
      return recorded(selfieRejected(flow, '015', SELFIE_SCORES.lowScore, rules));
    default:
      return { rejected: `Code ${event} is set at creation only` };
  }
}

function recorded(flow: Flow): FlowChange {
  return { flow, steps: [flow] };
}

function end(flow: Flow, step: StepCode, code: IssueCode, flags: StateFlags): Flow {
  return { ...flow, phase: 'ended', challenge: 0, step, code, flags };
}

function documentAccepted(flow: Flow): Flow {
  return { ...flow, phase: 'selfie', step: 'Capture_credential_Ok', code: '002', documentOnFile: true };
}

function documentRejected(flow: Flow, code: IssueCode, rules: FlowRules): Flow {
  const tried = { ...flow, triesUsed: flow.triesUsed + 1 };
  const interrupted = code === '006' && rules.requireDocumentValidation;
  if (interrupted || tried.triesUsed >= rules.tries) return end(tried, 'Capture_credential_fail', code, FAILED);
  return { ...tried, step: 'Capture_credential_fail', code };
}

const isSelfieProblem = (code: IssueCode): boolean => code === '014' || code === '015';

/**
 * A selfie that passes, with liveness challenges to follow. After a rejected one it is recorded:
 * the code goes back to the step's own (002 once the document is read, 001 when it was skipped),
 * so that the status no longer tells of a problem the person has left behind.
 */
function selfieAccepted(flow: Flow): FlowChange {
  const challenging: Flow = { ...flow, phase: 'challenge', challenge: 1 };
  if (!isSelfieProblem(flow.code)) return { flow: challenging, steps: [] };
  return recorded({ ...challenging, code: flow.documentSkipped ? '001' : '002' });
}

/** Success records 012 (scores reached) and then 013 (flow completed). */
function succeed(flow: Flow): FlowChange {
  const scored: Flow = {
    ...flow,
    phase: 'ended',
    challenge: 0,
    step: 'Session_complete_Ok',
    code: '012',
    selfieMatch: SELFIE_SCORES.match,
  };
  const completed = end(scored, 'Session_complete_Ok', '013', SUCCESSFUL);
  return { flow: completed, steps: [scored, completed] };
}

/** A failed selfie or liveness check uses up a try; the user retakes the selfie while tries remain. */
function selfieRejected(flow: Flow, code: IssueCode, score: number, rules: FlowRules): Flow {
  const tried = { ...flow, triesUsed: flow.triesUsed + 1, selfieMatch: score };
  if (tried.triesUsed >= rules.tries) return end(tried, 'Session_complete_fail', code, FAILED);
  return { ...tried, phase: 'selfie', challenge: 0, code };
}
