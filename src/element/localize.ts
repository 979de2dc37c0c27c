import { en } from './locales/en.js';
import { es } from './locales/es.js';

/**
 * Every string the element shows. `{time}` in `timeLeft` is replaced by the time left, `{tries}`
 * in `triesLeft` by the tries left.
 */
export interface KycVerifyStrings {
  scanTitle: string;
  qrLabel: string;
  openHere: string;
  openButton: string;
  /** The description of both links: they open the verification in a new tab. */
  newTab: string;
  copyLink: string;
  linkCopied: string;
  copyFailed: string;
  timeLeft: string;
  preparing: string;
  waiting: string;
  documentCaptured: string;
  documentProblem: string;
  selfieProblem: string;
  triesLeft: string;
  checking: string;
  /** The title of the phone's progress, which replaces the QR code once the phone has started. */
  continueOnPhone: string;
  stepDocument: string;
  stepSelfie: string;
  stepChecking: string;
  /** What each step's mark means, for assistive technology. */
  markDone: string;
  markCurrent: string;
  markProblem: string;
  markTodo: string;
  /** The toggle that shows the QR code again, for another phone, and hides it. */
  showCode: string;
  successful: string;
  failed: string;
  expired: string;
  reconnecting: string;
  unavailable: string;
  continue: string;
  tryAgain: string;
}

const LANGUAGES: Record<string, KycVerifyStrings> = { es, en };

/**
 * The built-in language for `element`: the nearest `lang` attribute, then the browser's
 * languages, the first one built in; Spanish when none is.
 */
export function languageOf(element: HTMLElement): string {
  // The property first: it is ahead of the attribute while an update that reflects it is under way.
  const wanted = [element.lang || element.closest('[lang]')?.getAttribute('lang') || '', ...navigator.languages];
  const primary = wanted.map((tag) => tag.split('-')[0]!.toLowerCase());
  return primary.find((tag) => tag in LANGUAGES) ?? 'es';
}

/** The strings of `language`, with the host's replacements over them. */
export function stringsFor(language: string, overrides: Partial<KycVerifyStrings> = {}): KycVerifyStrings {
  return { ...LANGUAGES[language]!, ...overrides };
}
