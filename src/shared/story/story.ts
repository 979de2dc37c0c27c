/**
 * One story on both screens: the words the desktop's `<kyc-verify>` and the service's verification
 * page (the sandbox's) both say at each step and for each code, and which step and reason a status
 * means. The element and the sandbox each take their language's words from here, so that the two
 * screens cannot drift apart. Types and plain data only: it runs in browsers and in Node alike.
 */
import { DOCUMENT_PROBLEM_CODES } from '../issue-codes.js';

/** What both screens say, in one language. `{n}`, `{total}`, `{tries}` and `{time}` are replaced. */
export interface StoryWords {
  /** The steps, in order: the identity card, the selfie (with liveness challenges, or alone), the service's check. */
  stepDocument: string;
  stepSelfie: string;
  stepSelfieOnly: string;
  stepChecking: string;
  /** "Step {n} of {total}", before the step's name. */
  stepOf: string;
  triesLeft: string;
  /** The capture step's time left, named as the step's. */
  timeDocument: string;
  timeSelfie: string;
  /**
   * Why a try failed, and what to do next: document problems (codes 004, 006 to 011), the RUT on
   * the card not the one verified (005), the RUT on the card's front not the one on its back (003),
   * the selfie not matching the card (014), the selfie's score too low (015), any other failure.
   */
  reasonDocument: string;
  reasonRut: string;
  reasonRutSides: string;
  reasonFace: string;
  reasonScore: string;
  reasonOther: string;
  /** Why the verification expired: a capture step left idle past its timer, or the link's expiry. */
  reasonIdle: string;
  reasonLink: string;
  successful: string;
  failed: string;
  expired: string;
}

export type Reason = keyof StoryWords & `reason${string}`;

/** Why a try failed, by issue code (docs/service.md §7.3): 003 compares the card's two sides, 005 the card with the RUT verified; the other document codes could not validate the card. */
const REASON_OF_CODE = new Map<string, Reason>([
  ...DOCUMENT_PROBLEM_CODES.map((code) => [code, 'reasonDocument'] as const),
  ['003', 'reasonRutSides'],
  ['005', 'reasonRut'],
  ['014', 'reasonFace'],
  ['015', 'reasonScore'],
]);

/** Why the last try failed, from its code, or `null` for a code that does not tell. */
export const reasonOf = (code: string | null): Reason | null => REASON_OF_CODE.get(code ?? '') ?? null;

/** The steps both screens count, in order; the selfie's names liveness only when the transaction asks for challenges. */
export const stepsOf = (liveness?: boolean) => ['stepDocument', liveness ? 'stepSelfie' : 'stepSelfieOnly', 'stepChecking'] as const;

/** "Paso 2 de 3": step `index` (0-based) of the three. */
export const stepCount = (words: StoryWords, index: number): string =>
  words.stepOf.replace('{n}', String(index + 1)).replace('{total}', '3');

/** "Paso 2 de 3 · Selfie y prueba de vida": step `index` (0-based) of the steps, named. */
export const stepLine = (words: StoryWords, index: number, liveness?: boolean): string =>
  `${stepCount(words, index)} · ${words[stepsOf(liveness)[index]!]}`;
