import type { StoryWords } from '../../shared/story/story.js';
import { lazyChunk } from '../lazy-chunk.js';
import { es } from './es.js';

/**
 * Every string the element shows: the words it shares with the service's verification page
 * (`StoryWords`: the steps, the timers of the capture steps, the tries left, why a try failed and
 * how the verification ended, the same on both screens), and its own. `{time}` is replaced by a
 * time left, `{tries}` by the tries left, `{n}` and `{total}` by the step and the number of steps.
 */
export interface KycVerifyStrings extends StoryWords {
  /** The heading while nothing is shown yet, beside the button alone, and on the phone itself once it has started. */
  title: string;
  /** The heading over the QR code. */
  scanTitle: string;
  qrLabel: string;
  openHere: string;
  openButton: string;
  /** The description of both links: they open the verification in a new tab. */
  newTab: string;
  copyLink: string;
  linkCopied: string;
  copyFailed: string;
  /** The time left before the link expires, named as the link's (the capture step's timers are named as theirs). */
  timeLeft: string;
  preparing: string;
  /** Waiting, beside a QR code: the end user is at a computer. */
  waiting: string;
  /** Waiting, beside the button alone: the end user may already be on the phone. */
  waitingHere: string;
  documentCaptured: string;
  /**
   * The same, when the transaction asks for liveness challenges: true before the selfie and during
   * the challenges alike (the status cannot tell them apart), so the desktop never asks for a selfie
   * the phone has already taken.
   */
  documentCapturedLiveness: string;
  checking: string;
  /** The heading once the phone has started, on a computer (the QR code shown): the person continues on the phone. */
  continueOnPhone: string;
  /** What each step's mark means, for assistive technology. */
  markDone: string;
  markCurrent: string;
  markProblem: string;
  markTodo: string;
  /** The toggle that shows the QR code again, for another phone, and hides it. */
  showCode: string;
  /** After success, while Continue waits (`continue-delay`); then `readyToContinue`. */
  saving: string;
  readyToContinue: string;
  continue: string;
  /** Status answers fail for now: the element retries, and the verification goes on. */
  reconnecting: string;
  /**
   * Final errors, each a heading with what to do under it: the session could not be created
   * (`errorStart`, `reasonStart`); the status can no longer be read (`errorStopped`; once the phone
   * has started, `errorLost` says where to finish); the page's configuration (`errorSetup`,
   * `reasonSetup`: neutral, the developer reads the cause in the console); the person's login
   * ended (`errorLogin`, `reasonLogin`).
   */
  errorStart: string;
  reasonStart: string;
  errorStopped: string;
  errorLost: string;
  errorSetup: string;
  /** After a configuration error, the next step the end user can take: the page's own (a support address) replaces it. */
  reasonSetup: string;
  errorLogin: string;
  reasonLogin: string;
  /**
   * The backend asks to wait (429: too many verifications under way or begun): calm, not an error.
   * `retryIn` says when the element asks again by itself; `retryNow` asks at once.
   */
  busy: string;
  retryIn: string;
  retryNow: string;
  tryAgain: string;
  /** A new verification, with a new link: after the status was lost, or when the link was opened on a device that was not the person's. */
  startOver: string;
  /** The phone opened the backend's short link, before any step; on a computer, `keepOpen` says to come back here. */
  phoneConnected: string;
  keepOpen: string;
  /** The link was opened on this very device (the button alone shown): the person carries on in the verification's tab. */
  openedHere: string;
  /** The short link was opened on another device too (docs/host-protocol.md `handoff`), and the question that offers `startOver`. */
  otherDevice: string;
  notYou: string;
  /** Under the QR code, with the backend's short link: `{url}` (without https://), then `{code}`, are replaced. */
  cantScan: string;
  /** The link to log in again after a 401 or 403, where `login-url` leads. */
  logIn: string;
  /** What the end user will need, shown with the link (`no-preparation` leaves it out). */
  preparation: string;
  /**
   * Sending the link, when the backend offers it: the buttons, where it was sent (`{to}`, masked by
   * the backend), the wait before a resend (`{time}`), and a send that failed.
   */
  sendEmail: string;
  sendSms: string;
  linkSent: string;
  resendIn: string;
  sendFailed: string;
}

/** The strings of sending the link, which its chunk holds for every language (send-strings.ts). */
export type SendStrings = Pick<KycVerifyStrings, 'sendEmail' | 'sendSms' | 'linkSent' | 'resendIn' | 'sendFailed'>;
/** The strings of one language's chunk: all but sending the link's. */
export type LocaleStrings = Omit<KycVerifyStrings, keyof SendStrings>;
/** What the element shows: a language's strings with the page's replacements over them, sending's among them. */
export type ShownStrings = LocaleStrings & Partial<SendStrings>;

/** Spanish is built in; the other languages are chunks of their own, loaded when a page asks for them. */
const inLanguage = (load: () => Promise<LocaleStrings>, language: string) =>
  lazyChunk(load, es, `kyc-verify.${language}.js`, 'showing Spanish');
const CHUNKS: Record<string, (loaded: () => void) => LocaleStrings | undefined> = {
  es: () => es,
  en: inLanguage(() => import('./en.js').then((module) => module.en), 'en'),
  'pt-BR': inLanguage(() => import('./pt-BR.js').then((module) => module.ptBR), 'pt-BR'),
};
/** The built-in language for each primary tag: Portuguese is Brazil's. */
const BY_PRIMARY: Record<string, string> = { es: 'es', en: 'en', pt: 'pt-BR' };

/** The built-in language of `tag`'s primary subtag (`pt-PT` and `pt` are `pt-BR`), if any. */
const builtInOf = (tag: string): string | undefined => BY_PRIMARY[tag.split('-')[0]!.toLowerCase()];

/** The built-in language of the first of `tags` that has one; Spanish when none has. */
export const builtInLanguage = (tags: readonly string[]): string => tags.map(builtInOf).find(Boolean) ?? 'es';

/** The last language asked for that is not built in, said in the console: once, not at every render. */
let noted = '';

/**
 * The built-in language for `element`: the nearest `lang` attribute, then the browser's
 * languages, the first one built in; Spanish when none is. A `lang` it does not have is said once
 * in the console, with the language shown instead: the page asked for it, and may not know.
 */
export function languageOf(element: HTMLElement): string {
  // The property first: it is ahead of the attribute while an update that reflects it is under way.
  const asked = element.lang || element.closest('[lang]')?.getAttribute('lang') || '';
  const language = builtInLanguage([asked, ...navigator.languages]);
  if (asked && !builtInOf(asked) && noted !== asked)
    console.warn(`<kyc-verify> lang: ${(noted = asked)} is not built in; showing ${language}`);
  return language;
}

/**
 * The strings of `language` with the page's replacements over them, or `null` while its chunk
 * loads: `loaded` is called once it is here. A chunk that cannot load (only the bundle copied)
 * leaves Spanish in its place, with one warning that names the file.
 */
export function stringsFor(language: string, overrides: Partial<KycVerifyStrings>, loaded: () => void): ShownStrings | null {
  const strings = CHUNKS[language]!(loaded);
  return strings ? { ...strings, ...overrides } : null;
}
